// tf::summary::trace_on / trace_export / trace_off: record the graphs of the tf::functions called
// meanwhile and write them as TensorFlow 2 does, a RunMetadata whose function graphs
// TensorBoard's graph dashboard draws (plugin "graph_run_metadata_graph"; "graph_run_metadata"
// when the trace also took a profile, which tf::profiler writes to its own directory).
#include <iostream>
#include <mutex>
#include <utility>
#include <vector>

#include "function/call_observer.h"
#include "graph/graph_def_proto.h"
#include "summary/write_summary.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/profiler.h"
#include "tfpp/summary.h"

namespace tf::summary {
namespace {

struct Trace {
  std::mutex mu;
  bool on = false;
  bool profiler = false;   // trace_on asked for a profile
  bool profiling = false;  // ... and started one, which trace_export or trace_off saves
  std::vector<std::shared_ptr<const graph::Graph>> graphs;  // in first-call order, each once
};

Trace& trace() {
  static Trace* t = new Trace;  // observers may still fire during static destruction
  return *t;
}

void record_call(const std::shared_ptr<const graph::Graph>& graph) {
  Trace& t = trace();
  std::lock_guard<std::mutex> lock(t.mu);
  for (const auto& g : t.graphs)
    if (g == graph) return;
  t.graphs.push_back(graph);
}

}  // namespace

void trace_on(const TraceOptions& options) {
  Trace& t = trace();
  std::lock_guard<std::mutex> lock(t.mu);
  const bool profile = options.profiler && !options.profiler_outdir.empty();
  if (options.profiler && !profile)
    std::cerr << "WARNING: No `profiler_outdir` passed to trace_on(). Profiler won't be enabled.\n";
  if (profile) profiler::experimental::start(options.profiler_outdir);  // throws if a profile is being taken
  t.graphs.clear();
  t.on = options.graph || options.profiler;
  t.profiler = options.profiler;
  t.profiling = profile;
  function_ops::set_call_observer(t.on ? record_call : nullptr);
}

void trace_off() {
  Trace& t = trace();
  function_ops::set_call_observer(nullptr);
  std::lock_guard<std::mutex> lock(t.mu);
  t.on = t.profiler = false;
  t.graphs.clear();
  if (!std::exchange(t.profiling, false)) return;
  try {
    profiler::experimental::stop();
  } catch (const UnavailableError& e) {  // stopped meanwhile through tf::profiler: TensorFlow warns too
    std::cerr << "WARNING: Error while stopping profiler: " << e.what() << "\n";
  }
}

void trace_export(const std::string& name, Step step) {
  Trace& t = trace();
  proto::RunMetadata run_metadata;
  bool profiler;
  {
    std::lock_guard<std::mutex> lock(t.mu);
    if (!t.on)  // TensorFlow's ValueError
      throw InvalidArgumentError("[trace_export] Must enable trace before export through tf.summary.trace_on.");
    for (const auto& g : t.graphs)
      *run_metadata.add_function_graphs()->mutable_pre_optimization_graph() = graph::to_graph_def_proto(*g);
    profiler = t.profiler;
  }
  if (should_record_summaries())
    detail::write_summary(name, constant(run_metadata.SerializeAsString()), step,
                          detail::plugin_metadata(profiler ? "graph_run_metadata" : "graph_run_metadata_graph", "", "1"));
  trace_off();
}

}  // namespace tf::summary

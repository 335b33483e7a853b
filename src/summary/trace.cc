// tf::summary::trace_on / trace_export / trace_off: record the graphs of the tf::functions called
// meanwhile and write them as TensorFlow 2 does, a RunMetadata whose function graphs
// TensorBoard's graph dashboard draws (plugin "graph_run_metadata_graph").
#include <mutex>
#include <vector>

#include "function/call_observer.h"
#include "graph/graph_def_proto.h"
#include "summary/write_summary.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/summary.h"

namespace tf::summary {
namespace {

struct Trace {
  std::mutex mu;
  bool on = false;
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

void trace_on(TraceOptions options) {
  if (options.profiler)
    throw UnimplementedError("[trace_on] the profiler is not supported by tfpp; use {.graph = true, .profiler = false}");
  Trace& t = trace();
  std::lock_guard<std::mutex> lock(t.mu);
  t.graphs.clear();
  t.on = options.graph;
  function_ops::set_call_observer(options.graph ? record_call : nullptr);
}

void trace_off() {
  Trace& t = trace();
  function_ops::set_call_observer(nullptr);
  std::lock_guard<std::mutex> lock(t.mu);
  t.on = false;
  t.graphs.clear();
}

void trace_export(const std::string& name, Step step) {
  Trace& t = trace();
  proto::RunMetadata run_metadata;
  {
    std::lock_guard<std::mutex> lock(t.mu);
    if (!t.on)  // TensorFlow's ValueError
      throw InvalidArgumentError("[trace_export] Must enable trace before export through tf.summary.trace_on.");
    for (const auto& g : t.graphs)
      *run_metadata.add_function_graphs()->mutable_pre_optimization_graph() = graph::to_graph_def_proto(*g);
  }
  if (should_record_summaries())
    detail::write_summary(name, constant(run_metadata.SerializeAsString()), step,
                          detail::plugin_metadata("graph_run_metadata_graph", "", "1"));
  trace_off();
}

}  // namespace tf::summary

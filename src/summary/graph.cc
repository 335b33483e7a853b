// tf::summary::graph: an Event whose graph_def field holds a serialized GraphDef, as
// tf.summary.graph writes it (TensorBoard's graph dashboard reads it from the run's "graph").
#include <chrono>

#include "graph/graph_def_proto.h"
#include "graph/tracer.h"
#include "proto/event.pb.h"
#include "summary/write_raw.h"
#include "summary/writer_state.h"
#include "tfpp/concrete_function.h"
#include "tfpp/errors.h"
#include "tfpp/summary.h"

namespace tf::summary {
namespace {

// Whether a graph is to be written now; graphs are written eagerly only, as TensorFlow's.
bool records_graph() {
  if (graph::Tracer::current())
    throw FailedPreconditionError("[graph] tf::summary::graph writes eagerly; it cannot be called inside a tf::function");
  return should_record_summaries();
}

void write_graph_event(std::string serialized_graph_def) {
  proto::Event event;
  event.set_wall_time(std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count());
  event.set_graph_def(std::move(serialized_graph_def));
  detail::find_writer(detail::context().default_writer->id(), "WriteGraphSummary")->file().write_event(event.SerializeAsString());
}

}  // namespace

bool graph(const FuncGraph& graph) {
  if (!records_graph()) return false;
  write_graph_event(graph::to_graph_def_proto(graph.impl()).SerializeAsString());
  return true;
}

bool detail::write_graph_def(const std::string& serialized_graph_def) {
  if (!records_graph()) return false;
  if (proto::GraphDef parsed; !parsed.ParseFromString(serialized_graph_def))
    throw DataLossError("[graph] Bad tf.GraphDef binary proto tensor string");
  write_graph_event(serialized_graph_def);
  return true;
}

}  // namespace tf::summary

// A cond branch or loop body traced into a graph of its own, and the If node that chooses
// between two traced branches (shared by tf::cond and AutoGraph's `if`).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "tfpp/control_flow.h"

namespace tf::detail {

/// A traced body: its graph (outputs set), the enclosing tensors it captured (its arguments
/// after the declared ones) and the keys of its structured result.
struct TracedBody {
  std::shared_ptr<graph::Graph> graph;
  std::vector<Tensor> captures;
  std::vector<std::string> keys;
};

/// Traces `fn` into a graph whose arguments have `specs`; tensors of the enclosing trace it uses
/// become captures (extra arguments after the specs). Tapes see the node running the body, not
/// the body's ops.
TracedBody trace_body(const std::vector<ops::TensorInfo>& specs, const FlatFn& fn, const std::string& name);

/// Appends the captures of `body` to an op's inputs (once each) and returns `sources` followed by,
/// for each capture, the op input that feeds it: for every argument of the body's graph, the
/// op input it reads. Only inputs from `first` on are shared with captures.
std::vector<int> wire_captures(std::vector<Tensor>& op_inputs, const TracedBody& body, std::vector<int> sources,
                               std::size_t first = 0);

/// Adds an If (StatelessIf when neither branch has state) choosing between the traced branches
/// on `pred` to the current trace and returns its outputs. `op` names it in errors, where
/// `then_name` / `else_name` name the branches; their results must agree in number and dtype.
std::vector<Tensor> emit_if(const std::string& op, const Tensor& pred, const TracedBody& then_body,
                            const TracedBody& else_body, const std::string& then_name, const std::string& else_name);

}  // namespace tf::detail

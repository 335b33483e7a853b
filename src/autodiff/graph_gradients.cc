// tf::gradients: replays the trace's op nodes onto a private tape, then runs the tape's
// backward pass, whose gradient ops go into the same trace.
//
// Note [Replaying a graph on a tape]: each node output gets one symbolic handle, watched when it
// is a source; every op node before the last target is recorded with the handles of its
// inputs (the tape keeps only those downstream of a source). A variable source stands for the
// ReadVariableOp nodes reading its handle: their outputs are the watched tensors, and the
// variable's gradient is the sum of theirs.
#include <map>

#include "autodiff/tape.h"
#include "graph/tracer.h"
#include "tfpp/graph_gradients.h"
#include "tfpp/add_n.h"
#include "tfpp/constant.h"

namespace tf {

std::vector<Tensor> gradients(const std::vector<Tensor>& ys, const std::vector<GraphGradientSource>& xs,
                              const std::vector<Tensor>& grad_ys, UnconnectedGradients unconnected) {
  graph::Tracer* tracer = graph::Tracer::current();
  if (!tracer)
    throw FailedPreconditionError(
        "tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead.");
  if (!grad_ys.empty() && grad_ys.size() != ys.size())
    throw InvalidArgumentError("[gradients] got " + std::to_string(grad_ys.size()) + " grad_ys for " +
                               std::to_string(ys.size()) + " ys");
  const graph::Graph& g = tracer->graph();
  std::map<std::pair<int, int>, Tensor> handles;
  const auto handle = [&](graph::NodeOutput o) -> Tensor& {
    Tensor& h = handles[{o.node, o.index}];
    if (!h.defined()) h = graph::make_symbolic(g, o);
    return h;
  };
  std::vector<graph::NodeOutput> targets;
  int last = -1;
  for (const Tensor& y : ys) {
    targets.push_back(tracer->resolve(y));
    last = std::max(last, targets.back().node);
  }
  // Each source: its node outputs (one for a tensor; a variable's reads, maybe none).
  std::vector<std::vector<graph::NodeOutput>> source_outputs;
  for (const GraphGradientSource& x : xs) {
    std::vector<graph::NodeOutput> outs;
    if (x.variable.defined()) {
      const graph::NodeOutput h = tracer->resolve(x.variable.handle());
      for (int n = 0; n <= last; ++n) {
        const graph::Node& node = g.node(n);
        if (node.kind == graph::NodeKind::kOp && node.op->name == "ReadVariableOp" && node.inputs.at(0) == h)
          outs.push_back({n, 0});
      }
    } else {
      outs.push_back(tracer->resolve(x.tensor));
    }
    source_outputs.push_back(std::move(outs));
  }
  autodiff::Tape tape({.persistent = true, .watch_accessed_variables = false});
  for (const auto& outs : source_outputs)
    for (graph::NodeOutput o : outs) tape.watch(handle(o));
  for (int n = 0; n <= last; ++n) {
    const graph::Node& node = g.node(n);
    if (node.kind != graph::NodeKind::kOp) continue;
    std::vector<Tensor> inputs;
    for (graph::NodeOutput in : node.inputs) inputs.push_back(handle(in));
    ops::Outputs outputs;
    for (std::size_t i = 0; i < node.outputs.size(); ++i) outputs.push_back(handle({n, static_cast<int>(i)}));
    tape.record(*node.op, inputs, node.attrs, outputs);
    for (std::size_t i = 0; i < outputs.size(); ++i) handles[{n, static_cast<int>(i)}] = outputs[i];
  }
  std::vector<Tensor> target_handles;
  for (graph::NodeOutput t : targets) target_handles.push_back(handle(t));
  std::vector<detail::GradientSource> sources;
  for (const auto& outs : source_outputs)
    for (graph::NodeOutput o : outs) sources.push_back({handle(o), Variable()});
  const std::vector<Tensor> flat = autodiff::compute_gradients(tape, target_handles, sources, grad_ys, UnconnectedGradients::NONE);
  // Back to one gradient per source: a variable's is the sum over its reads.
  std::vector<Tensor> result;
  std::size_t k = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    std::vector<Tensor> parts;
    for (std::size_t r = 0; r < source_outputs[i].size(); ++r, ++k)
      if (flat[k].defined()) parts.push_back(flat[k]);
    Tensor g_i = parts.empty() ? Tensor() : parts.size() == 1 ? parts[0] : math::add_n(parts);
    if (!g_i.defined() && unconnected == UnconnectedGradients::ZERO)
      g_i = xs[i].variable.defined() ? zeros_like(xs[i].variable.read_value()) : zeros_like(xs[i].tensor);
    result.push_back(std::move(g_i));
  }
  return result;
}

}  // namespace tf

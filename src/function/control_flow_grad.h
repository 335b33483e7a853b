// Building blocks of the gradients of If and While: traced vector-Jacobian products of a body.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "graph/function_body.h"

namespace tf::function_ops {

/// Which body results to differentiate and with respect to which arguments.
struct VjpSpec {
  std::vector<ops::TensorInfo> inputs;  ///< the vjp graph's first arguments (the op's inputs)
  std::vector<int> sources;             ///< body argument j reads inputs[sources[j]]
  std::vector<int> dy_outputs;          ///< body outputs that receive an upstream gradient
  std::vector<int> wrt;                 ///< inputs to differentiate (floating point)
};

/// Runs `forward` under a tape watching `sources` and returns the gradients of its results
/// seeded with `seeds` (undefined where unconnected).
std::vector<Tensor> vjp(const std::vector<Tensor>& sources, const std::function<std::vector<Tensor>()>& forward,
                        const std::vector<Tensor>& seeds);

/// Note [Recomputing a body for its gradient]: gradients replay a body's forward ops. The
/// replay computes only what the body's results need, and nested If / While ops run
/// recompute bodies of their own, so side effects nobody reads (tf::print, variable
/// assignments) run once, in the forward op, never again during backprop. A body that both
/// reads and assigns one variable cannot be recomputed faithfully (the recomputation would
/// read the value after the assignment): its gradient raises instead, as it does when the
/// results need a stateful op that could give other values the second time (a random op,
/// seeded or not: Note [Random streams], ops/random/random_seed.h).
///
/// Runs `body` on its graph arguments `args` through ops::execute (tapes and traces see
/// every op) as the Note describes, and returns its results; `op` names the op in errors.
/// A handle argument may be given the value the forward op read from the variable (Note
/// [Gradients through variable handles], autodiff/tape.h): the body's reads return it.
std::vector<Tensor> recompute(const graph::FunctionBody& body, std::span<const Tensor> args, const char* op);
/// `body` without the side effects its results do not need, for an op called with
/// `op_inputs` (handle arguments given values take values); itself when nothing changes.
/// Built once per body and kind of inputs.
std::shared_ptr<const graph::FunctionBody> recompute_body(const std::shared_ptr<const graph::FunctionBody>& body,
                                                          const char* op, std::span<const Tensor> op_inputs);

/// Traces a graph with arguments (inputs..., dy for each of spec.dy_outputs) that recomputes
/// `body` on the inputs and returns d(sum of outputs * dy)/d(inputs[w]) for each w in
/// spec.wrt (zeros where unconnected).
std::shared_ptr<graph::Graph> trace_vjp(const graph::FunctionBody& body, const VjpSpec& spec);

/// The zero gradient of `t`: zeros, or for a list an equally long list with nothing written.
Tensor zero_gradient_like(const Tensor& t);
/// True for the dtypes gradients flow through (floating point, and lists).
bool carries_gradient(DType dtype);

/// How many gradient bodies of If and While ops were traced so far in this process (each is
/// traced once per forward body and key, then reused; for tests of that cache).
std::int64_t traced_gradient_count();

}  // namespace tf::function_ops

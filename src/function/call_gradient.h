// Gradients through a call of a ConcreteFunction on a tape (Note [Gradients through a call]).
#pragma once

#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "function/concrete_function_impl.h"

namespace tf::function_ops {

/// The pair a call under a tape runs and records, for one set of differentiated arguments: a
/// forward graph that also returns the intermediates the gradient needs, and the backward
/// function that takes them.
struct TapeFunctions {
  TapeFunctions(std::shared_ptr<const graph::Graph> forward_graph, ConcreteFunction backward, std::vector<int> grad_args,
                std::vector<int> dy_outputs, std::size_t num_outputs)
      : forward(std::move(forward_graph)), backward(std::move(backward)), grad_args(std::move(grad_args)),
        dy_outputs(std::move(dy_outputs)), num_outputs(num_outputs) {}

  graph::Executor forward;      ///< (arguments...) -> (outputs..., side outputs...); optimized and fused
  ConcreteFunction backward;    ///< (output gradients..., side outputs...) -> gradients of grad_args
  std::vector<int> grad_args;   ///< the differentiated arguments the outputs depend on
  std::vector<int> dy_outputs;  ///< the (floating) outputs whose gradients the backward takes
  std::size_t num_outputs = 0;  ///< the function's own outputs, before the side outputs
};

/// What a concrete function keeps for calls under a tape.
struct CallGradients {
  std::vector<int> candidates;  ///< floating arguments, and the variable handles the graph reads
  std::mutex mutex;             ///< guards the rest
  /// Per set of differentiated arguments (those a tape tracks), its pair; null when it cannot
  /// be built (the call is then replayed op by op under the tape).
  std::vector<std::pair<std::vector<int>, std::shared_ptr<const TapeFunctions>>> pairs;
  int builds = 0;  ///< how many pairs were built (for tests)
};

/// Calls `impl` on `args` (arguments then captures) while a tape records and no trace is
/// being built: one tape record for the call, with a traced backward function.
std::vector<Tensor> call_recorded(const std::shared_ptr<const ConcreteFunction::Impl>& impl,
                                  std::span<const Tensor> args);

}  // namespace tf::function_ops

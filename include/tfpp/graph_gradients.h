// tf::gradients: symbolic gradients of tensors of the function being traced, without a tape
// (TensorFlow's tf.gradients, which works only while building a graph):
//
//   auto f = tf::function([](tf::Tensor x) {
//     tf::Tensor y = x * x * x;
//     return tf::gradients({y}, {x})[0];      // 3x^2, as graph ops
//   });
//
// Sources may be tensors of the trace or variables it reads (the sum over the variable's reads).
// Outside a trace it throws FailedPreconditionError (use tf::GradientTape). Ops recorded with
// tf::custom_gradient inside the trace differentiate as their graph ops do, not by the custom
// function.
#pragma once

#include <vector>

#include "tfpp/gradient_tape.h"
#include "tfpp/variable.h"

namespace tf {

/// A source of tf::gradients: a tensor of the trace, or a variable.
struct GraphGradientSource {
  GraphGradientSource(Tensor t) : tensor(std::move(t)) {}    // NOLINT: implicit, as a list element
  GraphGradientSource(Variable v) : variable(std::move(v)) {}  // NOLINT
  Tensor tensor;
  Variable variable;
};

/// d(sum of ys, each weighted by grad_ys when given)/d(x) for each source x; an undefined tensor
/// where x does not reach ys (zeros with UnconnectedGradients::ZERO).
std::vector<Tensor> gradients(const std::vector<Tensor>& ys, const std::vector<GraphGradientSource>& xs,
                              const std::vector<Tensor>& grad_ys = {},
                              UnconnectedGradients unconnected = UnconnectedGradients::NONE);

}  // namespace tf

// Registering the gradient of an op that has none (tf.RegisterGradient).
//
//   tf::RegisterGradient("AdjustContrastv2", [](const tf::Operation& op, const std::vector<tf::Tensor>& grads) {
//     return std::vector<tf::Tensor>{grads[0] * op.inputs()[1], tf::reduce_sum(grads[0])};
//   });
//
// Ops that TensorFlow gives no gradient (a tape raises LookupError through them) can get one
// this way; registering for an op that has a gradient, or is marked not differentiable, throws
// LookupError as TensorFlow's KeyError does. The function is written with tf:: ops, so it runs
// eagerly, inside traced functions and under an outer tape (higher-order gradients).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/tensor.h"

namespace tf {

/// What a registered gradient function sees of the op call it differentiates (TensorFlow's `op`).
class Operation {
 public:
  /// An op call of type `type` with these forward inputs and outputs.
  Operation(std::string type, std::vector<Tensor> inputs, std::vector<Tensor> outputs)
      : type_(std::move(type)), inputs_(std::move(inputs)), outputs_(std::move(outputs)) {}
  /// The op's registered name, e.g. "AdjustContrastv2".
  const std::string& type() const { return type_; }
  /// The forward call's inputs.
  const std::vector<Tensor>& inputs() const { return inputs_; }
  /// The forward call's outputs.
  const std::vector<Tensor>& outputs() const { return outputs_; }

 private:
  std::string type_;
  std::vector<Tensor> inputs_, outputs_;
};

/// A gradient: the gradients of the op's inputs (an undefined Tensor for none) from those of its
/// outputs, one per output (zeros for outputs the target does not depend on).
using GradientFunction = std::function<std::vector<Tensor>(const Operation& op, const std::vector<Tensor>& grads)>;

/// Registers `fn` as the gradient of the op named `op_type` (tf.RegisterGradient). Throws
/// NotFoundError for an unknown op, and LookupError when the op already has a gradient or is
/// marked not differentiable.
void RegisterGradient(const std::string& op_type, GradientFunction fn);

}  // namespace tf

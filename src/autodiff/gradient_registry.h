// Gradient functions, registered per op by name:
//
//   Grads mul_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
//     return {unbroadcast(dy[0] * ctx.input(1), ctx.input_shape(0)), ...};
//   }
//   TF_REGISTER_GRADIENT("Mul", mul_grad);
//   TF_REGISTER_GRADIENT("Relu", relu_grad, {.inputs = false});   // keeps only the outputs
//
// A gradient function is written with ops (public tf:: functions or ops::execute), never
// with raw loops, so it runs eagerly, inside traced graphs, and under an outer tape (which
// records it: that is how higher-order gradients work). Registration is order-independent:
// it may run before the op's own static registration.
#pragma once

#include <span>
#include <string_view>

#include "ops/execute.h"

namespace tf::autodiff {

/// The gradients of an op's inputs, one per input; undefined means "no gradient".
using Grads = ops::Outputs;

/// What a gradient function sees of the forward call it differentiates.
class GradientContext {
 public:
  GradientContext(const ops::OpDef& op, std::span<const Tensor> inputs, std::span<const Tensor> outputs,
                  std::span<const ops::TensorInfo> input_infos, std::span<const ops::AttrValue> attrs,
                  std::span<const char> needs_gradient)
      : op_(op), inputs_(inputs), outputs_(outputs), input_infos_(input_infos), attrs_(attrs),
        needs_gradient_(needs_gradient) {}

  const ops::OpDef& op() const { return op_; }
  /// Forward input i (undefined when the gradient declared it does not keep inputs).
  const Tensor& input(std::size_t i) const { return inputs_[i]; }
  /// Forward output i (undefined when the gradient declared it does not keep outputs).
  const Tensor& output(std::size_t i) const { return outputs_[i]; }
  std::span<const Tensor> inputs() const { return inputs_; }
  std::size_t num_inputs() const { return input_infos_.size(); }
  /// Static shape and dtype of forward input i (always kept).
  const TensorShape& input_shape(std::size_t i) const { return input_infos_[i].shape; }
  DType input_dtype(std::size_t i) const { return input_infos_[i].dtype; }
  /// Attribute i of the forward call, of type T.
  template <class T>
  const T& attr(std::size_t i) const {
    return std::get<T>(attrs_[i]);
  }
  std::span<const ops::AttrValue> attrs() const { return attrs_; }
  /// False when nothing asked for input i's gradient: the function may leave it undefined.
  bool needs_gradient(std::size_t i) const { return needs_gradient_[i] != 0; }

 private:
  const ops::OpDef& op_;
  std::span<const Tensor> inputs_, outputs_;
  std::span<const ops::TensorInfo> input_infos_;
  std::span<const ops::AttrValue> attrs_;
  std::span<const char> needs_gradient_;
};

/// Computes input gradients from `grads` (one per output; unconnected outputs get zeros).
using GradientFn = Grads (*)(const GradientContext& ctx, std::span<const Tensor> grads);

/// Which forward tensors a tape keeps for the gradient. Shapes and dtypes, and inputs that
/// are not floating point (shapes, axes, indices: small, and never differentiated), are
/// always kept.
struct Saves {
  bool inputs = true;
  bool outputs = true;
};

}  // namespace tf::autodiff

namespace tf::ops {
/// The gradient of an op: its function and what it needs saved.
struct GradientDef {
  autodiff::GradientFn fn = nullptr;
  autodiff::Saves saves;
};
}  // namespace tf::ops

namespace tf::autodiff {

/// Registers `fn` as the gradient of op `name`; returns true (for static initializers).
bool register_gradient(std::string_view name, GradientFn fn, Saves saves = {});
/// Marks the op `name` as not differentiable: gradients stop there silently.
bool register_no_gradient(std::string_view name);

}  // namespace tf::autodiff

#define TFPP_GRAD_CONCAT_(a, b) a##b
#define TFPP_GRAD_CONCAT(a, b) TFPP_GRAD_CONCAT_(a, b)
/// TF_REGISTER_GRADIENT("OpName", fn[, saves]) at namespace scope registers an op's gradient.
#define TF_REGISTER_GRADIENT(op_name, ...)                                          \
  [[maybe_unused]] static const bool TFPP_GRAD_CONCAT(tfpp_gradient_, __LINE__) = \
      ::tf::autodiff::register_gradient(op_name, __VA_ARGS__)
/// TF_NO_GRADIENT("OpName") at namespace scope marks an op as not differentiable.
#define TF_NO_GRADIENT(op_name)                                                        \
  [[maybe_unused]] static const bool TFPP_GRAD_CONCAT(tfpp_no_gradient_, __LINE__) = \
      ::tf::autodiff::register_no_gradient(op_name)

// Gradients of BroadcastTo (sums back over the broadcast dimensions), Roll (rolls back) and
// ReverseSequence (reverses again), as TensorFlow's array_grad.py and manip_grad.py.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/array/gradient_shape_ops.h"
#include "tfpp/sequence_ops.h"

namespace tf::autodiff {
namespace {

// With a partly unknown input shape, only the run time knows which dimensions were stretched.
Grads broadcast_to_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  if (ctx.input_shape(0).is_fully_defined()) return {unbroadcast(dy[0], ctx, 0), Tensor()};
  return {ops::array::sum_to_shape(dy[0], input_shape_tensor(ctx, 0)), Tensor()};
}

Grads roll_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {roll(dy[0], IntArray(negative(ctx.input(1))), IntArray(ctx.input(2))), Tensor(), Tensor()};
}

Grads reverse_sequence_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {reverse_sequence(dy[0], IntArray(ctx.input(1)), ctx.attr<std::int64_t>(0), ctx.attr<std::int64_t>(1)), Tensor()};
}

constexpr Saves kNothing{.inputs = false, .outputs = false};

}  // namespace

TF_REGISTER_GRADIENT("BroadcastTo", broadcast_to_grad, kNothing);
TF_REGISTER_GRADIENT("Roll", roll_grad, kNothing);
TF_REGISTER_GRADIENT("ReverseSequence", reverse_sequence_grad, kNothing);

}  // namespace tf::autodiff

// Gradients of Softmax, LogSoftmax and the fused softmax cross-entropies (TensorFlow's
// nn_grad.py). The cross-entropy ops return the gradient with respect to the logits as their
// second output ("backprop"), which the gradients reuse.
#include "autodiff/gradient_registry.h"
#include "autodiff/grad_utils.h"
#include "autodiff/prevent_gradient.h"
#include "ops/nn/nn_grad_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::autodiff {
namespace {

// d softmax: (dy - sum(dy * s)) * s over the last axis, from the output s.
Grads softmax_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& s = ctx.output(0);
  return {multiply(subtract(dy[0], reduce_sum(multiply(dy[0], s), -1, {.keepdims = true})), s)};
}

// d log_softmax: dy - sum(dy) * softmax. TensorFlow takes exp(output) for the softmax;
// softmax(output) is the same value (log_softmax only shifts each row) and keeps higher
// orders on this file's own gradients.
Grads log_softmax_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor s = ops::nn::softmax(ctx.output(0));
  return {subtract(dy[0], multiply(reduce_sum(dy[0], -1, {.keepdims = true}), s))};
}

// True for a concrete tensor of zeros: the gradient the backward pass fills in for an
// unused output (TensorFlow marks those with _is_zeros_tensor).
bool is_zeros(const Tensor& t) {
  if (t.is_symbolic()) return false;
  const auto check = []<class T>(const Tensor& x) {
    const T* p = x.data<T>();
    for (std::int64_t i = 0, n = x.num_elements(); i < n; ++i)
      if (p[i] != T(0)) return false;
    return true;
  };
  if (t.dtype() == float16 || t.dtype() == bfloat16) return check.operator()<float>(cast(t, float32));
  return t.dtype() == float32 ? check.operator()<float>(t) : check.operator()<double>(t);
}

// SoftmaxCrossEntropyWithLogits(logits, labels) -> (loss, backprop = softmax - labels).
// The logits get dloss * backprop, the labels dloss * -log_softmax(logits). When backprop
// itself was differentiated (second order), its gradient adds the softmax Jacobian's product
// to the logits' and its negation to the labels' (TensorFlow drops the labels' term).
Grads xent_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor dloss = expand_dims(dy[0], -1);
  const Tensor& dbackprop = dy[1];
  const bool second_order = !is_zeros(dbackprop);
  Grads g(2);
  if (ctx.needs_gradient(0)) {
    g[0] = multiply(dloss, ctx.output(1));
    if (second_order) {
      const Tensor s = ops::nn::softmax(ctx.input(0));
      g[0] = add(g[0], multiply(subtract(dbackprop, reduce_sum(multiply(dbackprop, s), -1, {.keepdims = true})), s));
    }
  }
  if (ctx.needs_gradient(1)) {
    g[1] = multiply(dloss, neg(ops::nn::log_softmax(ctx.input(0))));
    if (second_order) g[1] = subtract(g[1], dbackprop);
  }
  return g;
}

// SparseSoftmaxCrossEntropyWithLogits(logits, labels) -> (loss, backprop). As in TensorFlow,
// backprop goes through PreventGradient: the fused op has no second derivative.
Grads sparse_xent_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor backprop = prevent_gradient(
      ctx.output(1),
      "Currently there is no way to take the second derivative of sparse_softmax_cross_entropy_with_logits "
      "(SparseSoftmaxCrossEntropyWithLogits) due to the fused implementation's interaction with gradients");
  return {multiply(expand_dims(dy[0], -1), backprop), Tensor()};
}

}  // namespace

TF_REGISTER_GRADIENT("Softmax", softmax_grad, {.inputs = false, .outputs = true});
TF_REGISTER_GRADIENT("LogSoftmax", log_softmax_grad, {.inputs = false, .outputs = true});
TF_REGISTER_GRADIENT("SoftmaxCrossEntropyWithLogits", xent_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("SparseSoftmaxCrossEntropyWithLogits", sparse_xent_grad, {.inputs = false, .outputs = true});

}  // namespace tf::autodiff

// Softmax, LogSoftmax, and the fused softmax cross-entropies whose second output is the
// gradient with respect to the logits (TensorFlow's "backprop"), for the autodiff layer.
//
// The raw ops work on the last dimension, as TensorFlow's do; the public wrappers move
// another axis there with transposes, as tf.nn.softmax does.
#include "tfpp/softmax_ops.h"

#include <algorithm>
#include <numeric>

#include "kernels/cpu/reduce_softmax.h"
#include "ops/execute.h"
#include "ops/nn/nn_grad_ops.h"
#include "ops/shape_fns.h"
#include "tfpp/array_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void check_floating(const ShapeContext& ctx, const char* what, std::size_t i) {
  if (!is_floating(ctx.input(i).dtype()))
    ctx.fail(std::string(what) + " must be float32 or float64, got " + std::string(dtype_name(ctx.input(i).dtype())) +
             " " + ctx.input(i).shape().debug_string());
}

void softmax_shape(ShapeContext& ctx) {
  check_floating(ctx, "logits", 0);
  const TensorShape& s = ctx.input(0).shape();
  if (!s.has_unknown_rank() && s.rank() < 1) ctx.fail("logits must have rank >= 1, got shape " + s.debug_string());
  ctx.add_output(ctx.input(0).dtype(), s);
}

// Rows of the last dimension: [rows, n].
std::pair<std::int64_t, std::int64_t> rows_of(const Tensor& t) {
  const std::int64_t n = t.shape().dim(-1);
  return {n ? t.num_elements() / n : 0, n};
}

template <class T, bool log>
void softmax_kernel(KernelContext& ctx) {
  const auto [rows, n] = rows_of(ctx.input(0));
  kernels::softmax_rows<T>(ctx.input(0).data<T>(), ctx.output(0).mutable_data<T>(), rows, n, log);
}

// features [..., classes] and int labels [...]: loss [...], backprop [..., classes].
void sparse_xent_shape(ShapeContext& ctx) {
  check_floating(ctx, "logits", 0);
  const Tensor &features = ctx.input(0), &labels = ctx.input(1);
  if (!is_index_dtype(labels.dtype()))
    ctx.fail("labels must be int32 or int64, got " + std::string(dtype_name(labels.dtype())) + " " +
             labels.shape().debug_string());
  const TensorShape &f = features.shape(), &l = labels.shape();
  if (!f.has_unknown_rank() && f.rank() < 1) ctx.fail("logits must have rank >= 1, got shape " + f.debug_string());
  TensorShape loss = l;
  if (!f.has_unknown_rank() && !l.has_unknown_rank()) {
    const TensorShape leading(f.dims().first(f.rank() - 1));
    if (l.rank() != f.rank() - 1 || !leading.is_compatible_with(l))
      ctx.fail("logits and labels must have the same first dimensions (labels of rank one less than logits), got "
               "logits shape " + f.debug_string() + " and labels shape " + l.debug_string());
    for (int i = 0; i < l.rank(); ++i)
      if (l.dim(i) == None) loss.set_dim(i, leading.dim(i));
  } else if (l.has_unknown_rank() && !f.has_unknown_rank()) {
    loss = TensorShape(f.dims().first(f.rank() - 1));
  }
  if (!f.has_unknown_rank() && f.dim(-1) == 0)
    ctx.fail("must have at least one class, but got logits shape " + f.debug_string());
  ctx.add_output(features.dtype(), loss);
  ctx.add_output(features.dtype(), f);
}

template <class T, class Label>
void sparse_xent_run(KernelContext& ctx) {
  const auto [rows, n] = rows_of(ctx.input(0));
  const Label* labels = ctx.input(1).data<Label>();
  for (std::int64_t r = 0; r < rows; ++r)
    if (labels[r] < 0 || labels[r] >= n) {
      std::string values;
      for (std::int64_t i = 0; i < std::min<std::int64_t>(rows, 20); ++i) {
        values += ' ';
        values += std::to_string(labels[i]);
      }
      ctx.fail("received a label value of " + std::to_string(labels[r]) + " which is outside the valid range of [0, " +
               std::to_string(n) + "). Label values:" + values + (rows > 20 ? " ..." : ""));
    }
  kernels::sparse_cross_entropy_rows<T, Label>(ctx.input(0).data<T>(), labels, ctx.output(0).mutable_data<T>(),
                                               ctx.output(1).mutable_data<T>(), rows, n);
}

template <class T>
void sparse_xent_kernel(KernelContext& ctx) {
  if (ctx.input(1).dtype() == DType::kInt32) sparse_xent_run<T, std::int32_t>(ctx);
  else sparse_xent_run<T, std::int64_t>(ctx);
}

// features and labels of one shape [..., classes]: loss [...], backprop [..., classes].
void xent_shape(ShapeContext& ctx) {
  check_floating(ctx, "logits", 0);
  ops::check_same_dtype(ctx, 0, 1);
  const TensorShape &f = ctx.input(0).shape(), &l = ctx.input(1).shape();
  if (!f.is_compatible_with(l))
    ctx.fail("logits and labels must have the same shape, got logits shape " + f.debug_string() +
             " and labels shape " + l.debug_string());
  TensorShape merged = f.has_unknown_rank() ? l : f;
  if (!f.has_unknown_rank() && !l.has_unknown_rank())
    for (int i = 0; i < f.rank(); ++i)
      if (f.dim(i) == None) merged.set_dim(i, l.dim(i));
  if (merged.has_unknown_rank()) {
    ctx.add_output(ctx.input(0).dtype(), merged);
  } else {
    if (merged.rank() < 1) ctx.fail("logits must have rank >= 1, got shape " + f.debug_string());
    ctx.add_output(ctx.input(0).dtype(), TensorShape(merged.dims().first(merged.rank() - 1)));
  }
  ctx.add_output(ctx.input(0).dtype(), merged);
}

template <class T>
void xent_kernel(KernelContext& ctx) {
  const auto [rows, n] = rows_of(ctx.input(0));
  kernels::cross_entropy_rows<T>(ctx.input(0).data<T>(), ctx.input(1).data<T>(), ctx.output(0).mutable_data<T>(),
                                 ctx.output(1).mutable_data<T>(), rows, n);
}

const OpDef& kSoftmax = OpBuilder("Softmax").inputs(1).shape(softmax_shape).kernels<float, double>(
    []<class T>() -> KernelFn { return &softmax_kernel<T, false>; });
const OpDef& kLogSoftmax = OpBuilder("LogSoftmax").inputs(1).shape(softmax_shape).kernels<float, double>(
    []<class T>() -> KernelFn { return &softmax_kernel<T, true>; });
const OpDef& kSparseXent = OpBuilder("SparseSoftmaxCrossEntropyWithLogits").inputs(2).shape(sparse_xent_shape)
                               .kernels<float, double>([]<class T>() -> KernelFn { return &sparse_xent_kernel<T>; });
const OpDef& kXent = OpBuilder("SoftmaxCrossEntropyWithLogits").inputs(2).shape(xent_shape)
                         .kernels<float, double>([]<class T>() -> KernelFn { return &xent_kernel<T>; });

// The permutation that swaps `axis` with the last axis (its own inverse).
std::vector<std::int64_t> swap_with_last(int axis, int rank) {
  std::vector<std::int64_t> perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[axis], perm[rank - 1]);
  return perm;
}

// The permutation that moves `axis` to the end, keeping the other axes in order.
std::vector<std::int64_t> move_to_end(int axis, int rank) {
  std::vector<std::int64_t> perm;
  for (int i = 0; i < rank; ++i)
    if (i != axis) perm.push_back(i);
  perm.push_back(axis);
  return perm;
}

// Normalizes `axis` of `t`; -1 (or rank-1) needs no transpose.
int resolve_axis(const char* op, const Tensor& t, std::int64_t axis) {
  const int rank = t.shape().rank();
  if (axis == -1) return -1;
  if (rank < 0)
    throw InvalidArgumentError(std::string("[") + op + "] axis " + std::to_string(axis) +
                               " needs a known rank, got a tensor of unknown rank");
  if (axis < -rank || axis >= rank)
    throw InvalidArgumentError(std::string("[") + op + "] axis " + std::to_string(axis) +
                               " is out of range for a tensor of shape " + t.shape().debug_string());
  const int a = static_cast<int>(axis < 0 ? axis + rank : axis);
  return a == rank - 1 ? -1 : a;
}

Tensor along_axis(const OpDef& op, const Tensor& logits, std::int64_t axis) {
  const int a = resolve_axis(op.name.c_str(), logits, axis);
  if (a < 0) return ops::execute1(op, {logits});
  const std::vector<std::int64_t> perm = swap_with_last(a, logits.shape().rank());
  return transpose(ops::execute1(op, {transpose(logits, perm)}), perm);
}

}  // namespace

namespace ops::nn {
Tensor softmax(const Tensor& logits) { return execute1(kSoftmax, {logits}); }
Tensor log_softmax(const Tensor& logits) { return execute1(kLogSoftmax, {logits}); }
}  // namespace ops::nn

namespace nn {

Tensor softmax(const Tensor& logits, std::int64_t axis) { return along_axis(kSoftmax, logits, axis); }
Tensor log_softmax(const Tensor& logits, std::int64_t axis) { return along_axis(kLogSoftmax, logits, axis); }

Tensor sparse_softmax_cross_entropy_with_logits(const Tensor& labels, const Tensor& logits) {
  return ops::execute(kSparseXent, {logits, labels})[0];
}

Tensor softmax_cross_entropy_with_logits(const Tensor& labels_in, const Tensor& logits, std::int64_t axis) {
  // As TensorFlow's wrapper does, the labels take the logits' dtype.
  const Tensor labels = labels_in.dtype() == logits.dtype() ? labels_in : cast(labels_in, logits.dtype());
  const int a = resolve_axis(kXent.name.c_str(), logits, axis);
  if (a < 0) return ops::execute(kXent, {logits, labels})[0];
  const std::vector<std::int64_t> perm = move_to_end(a, logits.shape().rank());
  return ops::execute(kXent, {transpose(logits, perm), transpose(labels, perm)})[0];
}

}  // namespace nn
}  // namespace tf

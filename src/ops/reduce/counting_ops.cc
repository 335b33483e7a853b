// Counting: DenseBincount (the op behind tf.math.bincount, composed as TensorFlow's
// bincount_ops.py composes it), confusion_matrix (a ScatterNd of ones or weights, as in
// TensorFlow's confusion_matrix.py) and InTopKV2.
#include "tfpp/counting_ops.h"

#include <cmath>
#include <string>

#include "ops/array/array_common.h"
#include "ops/array/gradient_shape_ops.h"
#include "ops/execute.h"
#include "tfpp/array_ops.h"
#include "tfpp/debugging.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;
using ops::array::check_int_input;
using ops::array::describe;
using ops::array::int_values;
using ops::array::known_int_values;

// ---- DenseBincount: input [n] or [rows, n] (int32/int64), size, weights (as input, or [0]);
// attr binary_output -> [size] or [rows, size] in the weights' dtype ----

// The weights' shape; kernels check it again, as a traced output may have a static shape while
// the weights' shape was unknown.
void check_weights(const ops::OpContext& ctx) {
  const TensorShape& weights = ctx.input(2).shape();
  const bool no_weights = !weights.has_unknown_rank() && weights.rank() == 1 && weights.dim(0) == 0;
  if (!no_weights && !weights.is_compatible_with(ctx.input(0).shape()))
    ctx.fail("`weights` must be the same shape as `arr` or a length-0 `Tensor`, in which case it acts as all weights "
             "equal to 1. Received " + weights.debug_string());
}

void dense_bincount_shape(ShapeContext& ctx) {
  const TensorShape& arr = ctx.input(0).shape();
  check_int_input(ctx, 0, "input", -1);
  check_int_input(ctx, 1, "size", 0);
  const DType out = ctx.input(2).dtype();
  if (out != DType::kInt32 && out != DType::kInt64 && !is_floating(out))
    ctx.fail("weights must be int32, int64, float32 or float64, got " + describe(ctx.input(2)));
  if (!arr.has_unknown_rank() && arr.rank() > 2) ctx.fail("Shape must be at most rank 2 but is rank " + std::to_string(arr.rank()));
  check_weights(ctx);
  std::int64_t size = None;
  if (const auto value = known_int_values(ctx, 1)) {
    size = value->at(0);
    if (size < 0) ctx.fail("size (" + std::to_string(size) + ") must be non-negative");
  }
  if (arr.has_unknown_rank()) return ctx.add_output(out, TensorShape::unknown_rank());
  ctx.add_output(out, arr.rank() == 2 ? TensorShape{arr.dim(0), size} : TensorShape{size});
}

template <class T>
void count_into(KernelContext& ctx, const std::vector<std::int64_t>& values, std::int64_t size) {
  const Tensor& weights = ctx.input(2);
  const bool weighted = weights.num_elements() > 0, binary = ctx.attr<bool>(0);
  const T* w = weighted ? weights.data<T>() : nullptr;
  Tensor& out = ctx.output(0);
  T* y = out.mutable_data<T>();
  std::fill(y, y + out.num_elements(), T{0});
  const std::int64_t row_length = ctx.input(0).rank() == 2 ? ctx.input(0).shape().dim(1) : static_cast<std::int64_t>(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] < 0) ctx.fail("Input arr must be non-negative!");
    if (values[i] >= size) continue;  // beyond maxlength: not counted
    T& bin = y[(row_length ? static_cast<std::int64_t>(i) / row_length : 0) * size + values[i]];
    bin = binary ? T{1} : static_cast<T>(bin + (weighted ? w[i] : T{1}));
  }
}

void dense_bincount_kernel(KernelContext& ctx) {
  check_weights(ctx);
  const std::vector<std::int64_t> values = int_values(ctx.input(0));
  const std::int64_t size = int_values(ctx.input(1)).at(0);
  switch (ctx.output(0).dtype()) {
    case DType::kInt32: return count_into<std::int32_t>(ctx, values, size);
    case DType::kInt64: return count_into<std::int64_t>(ctx, values, size);
    case DType::kFloat32: return count_into<float>(ctx, values, size);
    default: return count_into<double>(ctx, values, size);
  }
}

// ---- InTopKV2: predictions [batch, classes] float32, targets [batch], k -> bool [batch] ----

// Kernels check it again, as a traced output may have a static shape while the targets' was unknown.
void check_batch(const ops::OpContext& ctx) {
  const TensorShape& predictions = ctx.input(0).shape();
  const TensorShape& targets = ctx.input(1).shape();
  const std::int64_t batch = predictions.has_unknown_rank() ? None : predictions.dim(0);
  const std::int64_t length = targets.has_unknown_rank() ? None : targets.dim(0);
  if (batch >= 0 && length >= 0 && batch != length)
    ctx.fail("First dimension of predictions " + std::to_string(batch) + " must match length of targets " + std::to_string(length));
}

void in_top_k_shape(ShapeContext& ctx) {
  const TensorShape& predictions = ctx.input(0).shape();
  const TensorShape& targets = ctx.input(1).shape();
  check_int_input(ctx, 1, "targets", -1);
  check_int_input(ctx, 2, "k", -1);
  if (!predictions.has_unknown_rank() && predictions.rank() != 2) ctx.fail("predictions must be 2-dimensional, got " + describe(ctx.input(0)));
  if (!targets.has_unknown_rank() && targets.rank() != 1) ctx.fail("targets must be 1-dimensional, got " + describe(ctx.input(1)));
  const TensorShape& k = ctx.input(2).shape();
  if (!k.has_unknown_rank() && k.rank() != 0) ctx.fail("k must be 0-D, got shape " + k.debug_string());
  check_batch(ctx);
  const std::int64_t batch = predictions.has_unknown_rank() ? None : predictions.dim(0);
  const std::int64_t length = targets.has_unknown_rank() ? None : targets.dim(0);
  ctx.add_output(DType::kBool, TensorShape{batch >= 0 ? batch : length});
}

void in_top_k_kernel(KernelContext& ctx) {
  check_batch(ctx);
  const Tensor& predictions = ctx.input(0);
  const std::vector<std::int64_t> targets = int_values(ctx.input(1));
  const std::int64_t k = int_values(ctx.input(2)).at(0);
  const std::int64_t classes = predictions.shape().dim(1);
  const float* p = predictions.data<float>();
  bool* y = ctx.output(0).mutable_data<bool>();
  for (std::size_t b = 0; b < targets.size(); ++b) {
    const float* row = p + static_cast<std::int64_t>(b) * classes;
    const std::int64_t t = targets[b];
    // A target out of range or a non-finite prediction anywhere in the row: TensorFlow cannot say, false.
    bool finite = t >= 0 && t < classes;
    std::int64_t larger = 0;
    for (std::int64_t c = 0; finite && c < classes; ++c) {
      finite = std::isfinite(row[c]);
      larger += row[c] > row[t];
    }
    y[b] = finite && larger < k;
  }
}

const OpDef& kDenseBincount = OpBuilder("DenseBincount").inputs(3).attrs({"binary_output"}).shape(dense_bincount_shape)
                                  .kernel(DType::kInt32, dense_bincount_kernel).kernel(DType::kInt64, dense_bincount_kernel);
const OpDef& kInTopKV2 = OpBuilder("InTopKV2").inputs(3).shape(in_top_k_shape).no_gradient()
                             .kernel(DType::kFloat32, in_top_k_kernel);


// labels and predictions with a trailing size-1 dimension removed from the one whose rank is
// one more than the other's (TensorFlow's remove_squeezable_dimensions).
void remove_squeezable_dimensions(Tensor& labels, Tensor& predictions) {
  const int l = labels.shape().rank(), p = predictions.shape().rank();
  if (l < 0 || p < 0) return;
  if (l == p + 1 && labels.shape().dim(-1) == 1) labels = squeeze(labels, {-1});
  else if (p == l + 1 && predictions.shape().dim(-1) == 1) predictions = squeeze(predictions, {-1});
}

}  // namespace

namespace math {

Tensor bincount(const Tensor& input, const BincountOptions& o) {
  if (o.weights.defined() && o.binary_output)
    throw InvalidArgumentError("[bincount] Arguments `binary_output` and `weights` are mutually exclusive. Please specify only one.");
  if (o.axis != 0 && o.axis != -1)
    throw InvalidArgumentError("[bincount] Unsupported value for argument axis=" + std::to_string(o.axis) +
                               ". Only 0 and -1 are currently supported.");
  Tensor arr = is_integer(input.dtype()) ? input : cast(input, DType::kInt32);
  const Tensor nonempty = cast(greater(size(arr), 0), arr.dtype());
  Tensor bins = multiply(nonempty, add(reduce_max(arr), 1));  // 0 bins for an empty arr
  if (o.minlength) bins = maximum(bins, *o.minlength);
  if (o.maxlength) bins = minimum(bins, *o.maxlength);
  Tensor weights = o.weights.defined() ? o.weights : constant(std::vector<float>{}, {0});
  if (!o.weights.defined() && o.dtype != DType::kFloat32) weights = cast(weights, o.dtype);
  if (o.axis == 0) {
    arr = reshape(arr, {-1});
    if (o.weights.defined()) weights = reshape(weights, {-1});
  }
  const ops::AttrValue attrs[] = {o.binary_output};
  return ops::execute1(kDenseBincount, {arr, bins, weights}, attrs);
}

Tensor confusion_matrix(const Tensor& labels_in, const Tensor& predictions_in, const ConfusionMatrixOptions& o) {
  Tensor labels = labels_in, predictions = predictions_in;
  remove_squeezable_dimensions(labels, predictions);
  labels = cast(labels, DType::kInt64);
  predictions = cast(predictions, DType::kInt64);
  debugging::assert_greater_equal(labels, scalar_like(labels, 0), "`labels` contains negative values");
  debugging::assert_greater_equal(predictions, scalar_like(predictions, 0), "`predictions` contains negative values");
  Tensor num_classes;
  if (o.num_classes) {
    num_classes = constant(*o.num_classes);
    debugging::assert_less(labels, num_classes, "`labels` out of bound");
    debugging::assert_less(predictions, num_classes, "`predictions` out of bound");
  } else {
    num_classes = add(maximum(reduce_max(predictions), reduce_max(labels)), 1);
  }
  const Tensor values = o.weights.defined() ? cast(o.weights, o.dtype) : ops::array::fill_like(predictions, constant(1.0, o.dtype));
  if (o.weights.defined() && !o.weights.shape().is_compatible_with(predictions.shape()))
    throw InvalidArgumentError("[confusion_matrix] weights " + o.weights.shape().debug_string() +
                               " must have the shape of predictions " + predictions.shape().debug_string());
  return scatter_nd(stack({labels, predictions}, 1), values, IntArray(stack({num_classes, num_classes})));
}

Tensor in_top_k(const Tensor& targets, const Tensor& predictions, std::int64_t k) {
  const Tensor k_tensor = targets.dtype() == DType::kInt64 ? constant(k) : constant(static_cast<std::int32_t>(k));
  return ops::execute1(kInTopKV2, {predictions, targets, k_tensor});
}

}  // namespace math

}  // namespace tf

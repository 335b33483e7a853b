// QuantizeAndDequantizeV4 (tf.quantization.quantize_and_dequantize_v2), QuantizeAndDequantizeV2
// (the deprecated quantize_and_dequantize: the same kernel, another gradient) and
// QuantizeAndDequantizeV4Grad, as TensorFlow 2.21's CPU kernels, for float32 and float64.
//
// Note [Quantize and dequantize's range]: the integers are min_q .. max_q (signed: -2^(b-1)
// (+1 when narrow) .. 2^(b-1) - 1; unsigned: 0 .. 2^b - 1). The scale is the largest that maps
// [min, max] into them with 0 fixed: min_q / min or max_q / max, whichever is smaller (a side
// that cannot be reached counts as the largest number); the other end of the range follows from
// it. Values are clamped to that range only when it was given, multiplied by the scale, rounded
// (half to even, or half up: floor(x + 0.5)) and multiplied by the inverse scale. Without
// range_given the range is the input's (per slice with an axis) and input_min / input_max are
// ignored, but the V4 gradient still reads them, as TensorFlow's does.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "ops/execute.h"
#include "tfpp/quantize_and_dequantize.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

enum Attr { kSignedInput, kNumBits, kRangeGiven, kRoundMode, kNarrowRange, kAxis };

// The input seen as [outer, depth, inner] around the quantization axis (depth 1 without one).
struct Layout {
  std::int64_t outer = 1, depth = 1, inner = 1;
};

Layout layout_of(const TensorShape& shape, std::int64_t axis) {
  Layout l;
  for (int d = 0; d < shape.rank(); ++d) {
    if (axis < 0) l.inner *= shape.dim(d);
    else if (d < axis) l.outer *= shape.dim(d);
    else if (d == axis) l.depth = shape.dim(d);
    else l.inner *= shape.dim(d);
  }
  return l;
}

std::string shape_of(const OpContext& ctx, std::size_t i) { return ctx.input(i).shape().debug_string(); }

void check_dtypes(const OpContext& ctx, std::size_t first_float) {
  const DType dtype = ctx.input(first_float).dtype();
  if (dtype == float16 || dtype == bfloat16)
    throw NotFoundError("[" + ctx.op().name + "] has no CPU kernel for " + std::string(dtype_name(dtype)) +
                        ", as TensorFlow has none");
  if (dtype != float32 && dtype != float64)
    ctx.fail("input must be float32 or float64, got " + std::string(dtype_name(dtype)) + " " + shape_of(ctx, first_float));
  for (std::size_t i = 0; i < ctx.num_inputs(); ++i)
    if (ctx.input(i).dtype() != dtype)
      ctx.fail("input " + std::to_string(i) + " must be " + std::string(dtype_name(dtype)) + " like the input, got " +
               std::string(dtype_name(ctx.input(i).dtype())) + " " + shape_of(ctx, i));
}

void check_axis(const OpContext& ctx, const TensorShape& input, std::int64_t axis) {
  if (axis < -1) ctx.fail("axis should be at least -1, got " + std::to_string(axis));
  if (axis >= 0 && !input.has_unknown_rank() && input.rank() < axis + 1)
    ctx.fail("Shape must be at least rank " + std::to_string(axis + 1) + " but is rank " + std::to_string(input.rank()));
}

int known_rank(const OpContext& ctx, std::size_t i) {
  const TensorShape& s = ctx.input(i).shape();
  return s.has_unknown_rank() ? -1 : s.rank();
}

// (input, input_min, input_max)
void qdq_shape(ShapeContext& ctx) {
  check_dtypes(ctx, 0);
  const bool signed_input = ctx.attr<bool>(kSignedInput);
  const std::int64_t num_bits = ctx.attr<std::int64_t>(kNumBits);
  if (num_bits <= 0 || num_bits >= (signed_input ? 62 : 63))
    ctx.fail("num_bits is out of range: " + std::to_string(num_bits) + " with signed_input_ " + (signed_input ? "1" : "0"));
  const std::string& round_mode = ctx.attr<std::string>(kRoundMode);
  if (round_mode != "HALF_TO_EVEN" && round_mode != "HALF_UP")
    ctx.fail("round_mode must be HALF_TO_EVEN or HALF_UP, got " + round_mode);
  const std::int64_t axis = ctx.attr<std::int64_t>(kAxis);
  check_axis(ctx, ctx.input(0).shape(), axis);
  if (ctx.attr<bool>(kRangeGiven)) {
    // TensorFlow 2.21 wants a vector range with an axis, then a scalar one: a given range never works per slice.
    if (axis != -1 && known_rank(ctx, 1) != -1 && known_rank(ctx, 1) != 1)
      ctx.fail("Shape must be rank 1 for input_min_tensor when the axis is specified");
    for (std::size_t i : {1, 2})
      if (known_rank(ctx, i) > 0)
        ctx.fail(std::string(i == 1 ? "input_min" : "input_max") + " must be a scalar, got shape " + shape_of(ctx, i));
  }
  ctx.add_output(ctx.input(0).dtype(), ctx.input(0).shape());
}

// Note [Quantize and dequantize's range]: narrows [*min, *max] and returns {scale, inverse_scale}.
template <class T>
std::pair<T, T> quantization_range(bool signed_input, std::int64_t num_bits, bool narrow_range, T* min, T* max) {
  const std::int64_t min_q = signed_input ? -(std::int64_t{1} << (num_bits - 1)) + (narrow_range ? 1 : 0) : 0;
  const std::int64_t max_q = signed_input ? (std::int64_t{1} << (num_bits - 1)) - 1 : (std::int64_t{1} << num_bits) - 1;
  const T min_qt = static_cast<T>(min_q), max_qt = static_cast<T>(max_q);
  const T from_min = min_qt * *min > 0 ? min_qt / *min : std::numeric_limits<T>::max();
  const T from_max = max_qt * *max > 0 ? max_qt / *max : std::numeric_limits<T>::max();
  if (from_min < from_max) {
    const T inverse = *min / min_qt;
    *max = max_qt * inverse;
    return {from_min, inverse};
  }
  const T inverse = *max / max_qt;
  *min = min_qt * inverse;
  return {from_max, inverse};
}

template <class T>
void qdq_kernel(KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  const std::int64_t axis = ctx.attr<std::int64_t>(kAxis);
  const bool range_given = ctx.attr<bool>(kRangeGiven), half_up = ctx.attr<std::string>(kRoundMode) == "HALF_UP";
  const Layout l = layout_of(input.shape(), axis);
  const T* x = input.data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  const auto at = [&](std::int64_t o, std::int64_t c, std::int64_t i) { return (o * l.depth + c) * l.inner + i; };
  for (std::int64_t c = 0; c < l.depth; ++c) {
    T min = std::numeric_limits<T>::max(), max = std::numeric_limits<T>::lowest();
    if (range_given) {
      min = ctx.input(1).data<T>()[0];
      max = ctx.input(2).data<T>()[0];
      if (min > max) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "Invalid range: input_min %g > input_max %g", static_cast<double>(min),
                      static_cast<double>(max));
        ctx.fail(buf);
      }
    } else {
      for (std::int64_t o = 0; o < l.outer; ++o)
        for (std::int64_t i = 0; i < l.inner; ++i) {
          min = std::min(min, x[at(o, c, i)]);
          max = std::max(max, x[at(o, c, i)]);
        }
    }
    const auto [scale, inverse_scale] = quantization_range<T>(ctx.attr<bool>(kSignedInput), ctx.attr<std::int64_t>(kNumBits),
                                                              ctx.attr<bool>(kNarrowRange), &min, &max);
    for (std::int64_t o = 0; o < l.outer; ++o)
      for (std::int64_t i = 0; i < l.inner; ++i) {
        T v = x[at(o, c, i)];
        if (range_given) v = std::max(std::min(v, max), min);  // std::min / std::max keep Eigen's signed zeros
        const T scaled = v * scale;
        out[at(o, c, i)] = (half_up ? std::floor(scaled + T(0.5)) : std::nearbyint(scaled)) * inverse_scale;
      }
  }
}

// (gradients, input, input_min, input_max) {axis}
void grad_shape(ShapeContext& ctx) {
  check_dtypes(ctx, 1);
  const TensorShape& input = ctx.input(1).shape();
  if (!ctx.input(0).shape().is_compatible_with(input))
    ctx.fail("gradients " + shape_of(ctx, 0) + " and input " + shape_of(ctx, 1) + " must have the same shape");
  const std::int64_t axis = ctx.attr<std::int64_t>(0);
  check_axis(ctx, input, axis);
  for (std::size_t i : {2, 3}) {
    const char* what = i == 2 ? "input_min" : "input_max";
    const TensorShape& s = ctx.input(i).shape();
    if (s.has_unknown_rank()) continue;
    if (axis == -1 && s.rank() != 0) ctx.fail(std::string(what) + " must be a scalar, got shape " + s.debug_string());
    if (axis != -1) {
      const std::int64_t depth = input.has_unknown_rank() ? None : input.dim(static_cast<int>(axis));
      if (s.rank() != 1 || (depth != None && s.dim(0) != None && s.dim(0) != depth))
        ctx.fail(std::string(what) + " must be a vector of the " + (depth == None ? std::string("?") : std::to_string(depth)) +
                 " slices along axis " + std::to_string(axis) + ", got shape " + s.debug_string());
    }
  }
  ctx.add_output(ctx.input(1).dtype(), input);
  ctx.add_output(ctx.input(1).dtype(), ctx.input(2).shape());
  ctx.add_output(ctx.input(1).dtype(), ctx.input(3).shape());
}

template <class T>
void grad_kernel(KernelContext& ctx) {
  const Layout l = layout_of(ctx.input(1).shape(), ctx.attr<std::int64_t>(0));
  const T *g = ctx.input(0).data<T>(), *x = ctx.input(1).data<T>();
  const T *min = ctx.input(2).data<T>(), *max = ctx.input(3).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  for (std::int64_t o = 0; o < l.outer; ++o)
    for (std::int64_t c = 0; c < l.depth; ++c)
      for (std::int64_t i = 0; i < l.inner; ++i) {
        const std::int64_t k = (o * l.depth + c) * l.inner + i;
        out[k] = g[k] * (x[k] >= min[c] && x[k] <= max[c] ? T(1) : T(0));  // multiplied: NaN gradients stay NaN
      }
  for (std::size_t i : {1, 2}) std::fill_n(ctx.output(i).mutable_data<T>(), ctx.output(i).num_elements(), T(0));
}

const std::vector<std::string> kAttrs = {"signed_input", "num_bits", "range_given", "round_mode", "narrow_range", "axis"};

const OpDef& kV4 = OpBuilder("QuantizeAndDequantizeV4")
                       .inputs(3)
                       .attrs(kAttrs)
                       .shape(qdq_shape)
                       .kernel(float32, qdq_kernel<float>)
                       .kernel(float64, qdq_kernel<double>);
const OpDef& kV2 = OpBuilder("QuantizeAndDequantizeV2")
                       .inputs(3)
                       .attrs(kAttrs)
                       .shape(qdq_shape)
                       .kernel(float32, qdq_kernel<float>)
                       .kernel(float64, qdq_kernel<double>);
const OpDef& kV4Grad = OpBuilder("QuantizeAndDequantizeV4Grad")
                           .inputs(4)
                           .attrs({"axis"})
                           .shape(grad_shape)
                           .kernel(float32, grad_kernel<float>)
                           .kernel(float64, grad_kernel<double>);

Tensor run(const OpDef& op, const Tensor& input, const Tensor& input_min, const Tensor& input_max,
           const quantization::QuantizeAndDequantizeOptions& o) {
  std::int64_t axis = o.axis.value_or(-1);
  if (o.axis && axis < 0) {  // Python's axis %= rank, as TensorFlow's wrapper
    const TensorShape& s = input.shape();
    if (s.has_unknown_rank())
      throw InvalidArgumentError("[" + op.name + "] input should have known rank to use negative axis.");
    if (s.rank() == 0) throw InvalidArgumentError("[" + op.name + "] a negative axis needs an input of rank at least 1");
    axis = ((axis % s.rank()) + s.rank()) % s.rank();
  }
  const AttrValue attrs[] = {o.signed_input, o.num_bits, o.range_given, o.round_mode, o.narrow_range, axis};
  return ops::execute1(op, {input, input_min, input_max}, attrs);
}

}  // namespace

namespace quantization {

Tensor quantize_and_dequantize_v2(const Tensor& input, const Tensor& input_min, const Tensor& input_max,
                                  const QuantizeAndDequantizeOptions& options) {
  return run(kV4, input, input_min, input_max, options);
}

Tensor quantize_and_dequantize(const Tensor& input, const Tensor& input_min, const Tensor& input_max,
                               const QuantizeAndDequantizeOptions& options) {
  return run(kV2, input, input_min, input_max, options);
}

QuantizeAndDequantizeGradients quantize_and_dequantize_v4_grad(const Tensor& gradients, const Tensor& input,
                                                               const Tensor& input_min, const Tensor& input_max,
                                                               std::int64_t axis) {
  const AttrValue attrs[] = {axis};
  ops::Outputs out = ops::execute(kV4Grad, {gradients, input, input_min, input_max}, attrs);
  return {std::move(out[0]), std::move(out[1]), std::move(out[2])};
}

}  // namespace quantization
}  // namespace tf

// Pooling: MaxPool, AvgPool and the gradient kernels MaxPoolGrad, AvgPoolGrad and
// MaxPoolGradGrad (MaxPoolGrad's own gradient, for second order), with one attribute list
// (ksize, strides, padding, data_format) and one geometry function. While a tape records,
// MaxPool runs as _MaxPoolWithArgmax (Note [Recorded forms], ops/recorded_forms.h), whose gradient
// _MaxPoolGradWithArgmax reads the argmax instead of searching the windows again, and whose
// second order is _MaxPoolGradGradWithArgmax (Note [Max pooling's argmax], kernels/cpu/pool.h).
// AvgPoolGrad and _MaxPoolGradWithArgmax take the input's shape as an int32/int64 vector, as
// TensorFlow's AvgPoolGrad does, so their kernels are registered under that dtype and pick the
// float kernel from the gradient's dtype. MaxPool (and so _MaxPoolWithArgmax) also takes the
// integer dtypes TensorFlow's does.
#include <algorithm>

#include "core/tensor_impl.h"
#include "kernels/cpu/pool.h"
#include "ops/execute.h"
#include "ops/allowed_dtypes.h"
#include "ops/nn/nn_grad_ops.h"
#include "ops/nn/pool_geometry.h"
#include "ops/nn/window.h"
#include "ops/recorded_forms.h"
#include "ops/shape_fns.h"

namespace tf {
namespace ops::nn {

kernels::PoolGeometry pool_geometry(const OpContext& ctx, const TensorShape& input) {
  check_rank4(ctx, input, "input");
  Window w;
  w.layout = parse_layout(ctx, ctx.attr<std::string>(kDataFormat), &w.nchw);
  w.ksize = spatial_values(ctx, ctx.attr<std::vector<std::int64_t>>(kKsize), w.layout, "ksize");
  w.stride = spatial_values(ctx, ctx.attr<std::vector<std::int64_t>>(kStrides), w.layout, "strides");
  parse_padding(ctx, ctx.attr<std::string>(kPadding), {}, w, false);
  auto dim = [&](int i) { return input.has_unknown_rank() ? None : input.dim(i); };
  kernels::PoolGeometry g{};
  g.n = dim(0), g.c = dim(w.layout.c), g.ih = dim(w.layout.h), g.iw = dim(w.layout.w);
  g.kh = w.ksize[0], g.kw = w.ksize[1], g.sh = w.stride[0], g.sw = w.stride[1];
  g.nchw = w.nchw;
  const SpatialSize h = spatial_size(ctx, w, 0, g.ih), x = spatial_size(ctx, w, 1, g.iw);
  g.oh = h.out, g.pt = h.pad_before, g.pb = h.pad_after;
  g.ow = x.out, g.pl = x.pad_before, g.pr = x.pad_after;
  return g;
}

void check_argmax_fits(const OpContext& ctx, const kernels::PoolGeometry& g) {
  if (g.ih != None && g.iw != None && !kernels::argmax_fits(g))
    ctx.fail("windows of " + std::to_string(std::min(g.kh, g.ih)) + "x" + std::to_string(std::min(g.kw, g.iw)) +
             " pixels exceed the 2^31-1 positions an int32 argmax counts");
}

TensorShape image_shape(const kernels::PoolGeometry& g, std::int64_t h, std::int64_t w) {
  return g.nchw ? TensorShape{g.n, g.c, h, w} : TensorShape{g.n, h, w, g.c};
}

}  // namespace ops::nn

namespace {

using kernels::PoolGeometry;
using kernels::PoolKind;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;
using namespace ops::nn;

void check_float(const OpContext& ctx, DType dtype, const char* what) {
  if (!is_floating(dtype))
    ctx.fail(std::string(what) + " has dtype " + std::string(dtype_name(dtype)) + "; expected float32 or float64");
}

void check_output_like(const OpContext& ctx, const PoolGeometry& g, const TensorShape& shape, const char* what) {
  const TensorShape expected = image_shape(g, g.oh, g.ow);
  if (!shape.is_compatible_with(expected))
    ctx.fail(std::string(what) + " has shape " + shape.debug_string() + " but the pooling's output is " +
             expected.debug_string());
}

// TensorFlow's AvgPool takes the floating-point dtypes, its MaxPool integers too (and qint8).
template <PoolKind kind>
void check_pool_dtype(const OpContext& ctx, DType dtype) {
  if constexpr (kind == PoolKind::kAvg) check_type_attr(ctx, dtype, kFloatTypes);
  else check_type_attr(ctx, dtype, kMaxPoolTypes, "qint8");
}

template <PoolKind kind>
void pool_shape(ShapeContext& ctx) {
  check_pool_dtype<kind>(ctx, ctx.input(0).dtype());
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  ctx.add_output(ctx.input(0).dtype(), image_shape(g, g.oh, g.ow));
}

void max_pool_grad_shape(ShapeContext& ctx) {
  check_float(ctx, ctx.input(0).dtype(), "orig_input");
  ops::check_same_dtype(ctx, 0, 1);
  ops::check_same_dtype(ctx, 0, 2);
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  check_argmax_fits(ctx, g);
  check_output_like(ctx, g, ctx.input(1).shape(), "orig_output");
  check_output_like(ctx, g, ctx.input(2).shape(), "grad");
  ctx.add_output(ctx.input(0).dtype(), ctx.input(0).shape());
}

// _MaxPoolWithArgmax(input) -> (output, argmax): MaxPool's output, and int32 argmax positions.
void max_pool_with_argmax_shape(ShapeContext& ctx) {
  check_pool_dtype<PoolKind::kMax>(ctx, ctx.input(0).dtype());
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  check_argmax_fits(ctx, g);
  ctx.add_output(ctx.input(0).dtype(), image_shape(g, g.oh, g.ow));
  ctx.add_output(int32, image_shape(g, g.oh, g.ow));
}

void check_argmax(const OpContext& ctx, const PoolGeometry& g, const Tensor& argmax) {
  if (argmax.dtype() != int32)
    ctx.fail("argmax has dtype " + std::string(dtype_name(argmax.dtype())) + "; expected int32");
  check_output_like(ctx, g, argmax.shape(), "argmax");
}

// MaxPoolGradGrad(orig_input, orig_output, grad): grad is shaped like orig_input, the result like orig_output.
void max_pool_grad_grad_shape(ShapeContext& ctx) {
  check_float(ctx, ctx.input(0).dtype(), "orig_input");
  ops::check_same_dtype(ctx, 0, 1);
  ops::check_same_dtype(ctx, 0, 2);
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  check_argmax_fits(ctx, g);
  check_output_like(ctx, g, ctx.input(1).shape(), "orig_output");
  if (!ctx.input(2).shape().is_compatible_with(ctx.input(0).shape()))
    ctx.fail("grad has shape " + ctx.input(2).shape().debug_string() + " but orig_input has shape " +
             ctx.input(0).shape().debug_string());
  ctx.add_output(ctx.input(0).dtype(), ctx.input(1).shape());
}

// The input shape an int32/int64 vector of 4 sizes gives (unknown while it is symbolic).
TensorShape input_sizes(const OpContext& ctx, const Tensor& sizes) {
  const TensorShape& s = sizes.shape();
  if (!is_index_dtype(sizes.dtype()) || (!s.has_unknown_rank() && (s.rank() != 1 || (s.dim(0) != None && s.dim(0) != 4))))
    ctx.fail("orig_input_shape must be an int32 or int64 vector of 4 values, got " +
             std::string(dtype_name(sizes.dtype())) + " " + s.debug_string());
  TensorShape input{None, None, None, None};
  if (!sizes.is_symbolic())
    for (int i = 0; i < 4; ++i) {
      const std::int64_t d = sizes.dtype() == int32 ? sizes.data<std::int32_t>()[i] : sizes.data<std::int64_t>()[i];
      if (d < 0) ctx.fail("orig_input_shape must be non-negative, got " + sizes.values_string());
      input.set_dim(i, d);
    }
  return input;
}

void avg_pool_grad_shape(ShapeContext& ctx) {
  const TensorShape input = input_sizes(ctx, ctx.input(0));
  check_type_attr(ctx, ctx.input(1).dtype(), kFloatTypes);
  check_output_like(ctx, pool_geometry(ctx, input), ctx.input(1).shape(), "grad");
  ctx.add_output(ctx.input(1).dtype(), input);
}

// _MaxPoolGradWithArgmax(orig_input_shape, grad, argmax): grad and argmax shaped like the output.
void max_pool_grad_with_argmax_shape(ShapeContext& ctx) {
  const TensorShape input = input_sizes(ctx, ctx.input(0));
  check_float(ctx, ctx.input(1).dtype(), "grad");
  const PoolGeometry g = pool_geometry(ctx, input);
  check_output_like(ctx, g, ctx.input(1).shape(), "grad");
  check_argmax(ctx, g, ctx.input(2));
  ctx.add_output(ctx.input(1).dtype(), input);
}

// _MaxPoolGradGradWithArgmax(grad, argmax): grad shaped like the input, the result like argmax.
void max_pool_grad_grad_with_argmax_shape(ShapeContext& ctx) {
  check_float(ctx, ctx.input(0).dtype(), "grad");
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  check_argmax(ctx, g, ctx.input(1));
  ctx.add_output(ctx.input(0).dtype(), image_shape(g, g.oh, g.ow));
}

// True when some size is 0 and no window touches anything.
bool empty(const PoolGeometry& g) { return !(g.n && g.c && g.ih && g.iw && g.oh && g.ow); }

// The gradient of a pooling that touched nothing: zeros.
void zero_fill(Tensor& t) {
  visit_dtype(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) std::fill_n(t.mutable_data<T>(), t.num_elements(), T(0));
  });
}

template <PoolKind kind>
void pool_kernel(KernelContext& ctx) {
  const Tensor& x = ctx.input(0);
  const PoolGeometry g = pool_geometry(ctx, x.shape());
  if (empty(g)) return;
  if (x.dtype() == float32) kernels::pool2d_forward(kind, g, x.data<float>(), ctx.output(0).mutable_data<float>());
  else if (kernels::nhwc_forward_vectorizes(g, sizeof(double)))
    kernels::pool2d_forward_nhwc(kind, g, x.data<double>(), ctx.output(0).mutable_data<double>());
  else kernels::pool2d_forward_direct(kind, g, x.data<double>(), ctx.output(0).mutable_data<double>());
}

// MaxPool of integers, on direct loops (oneDNN pools floating point only).
template <class T>
void integer_max_pool_kernel(KernelContext& ctx) {
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  if (empty(g)) return;
  kernels::pool2d_forward_direct(PoolKind::kMax, g, ctx.input(0).data<T>(), ctx.output(0).mutable_data<T>());
}

template <class T>
void max_pool_with_argmax_kernel(KernelContext& ctx) {
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  check_argmax_fits(ctx, g);
  if (empty(g)) return;
  kernels::max_pool2d_with_argmax(g, ctx.input(0).data<T>(), ctx.output(0).mutable_data<T>(),
                                  ctx.output(1).mutable_data<std::int32_t>());
}

template <class T>
void max_pool_grad_with_argmax(KernelContext& ctx, const PoolGeometry& g) {
  kernels::max_pool2d_backward_with_argmax(g, ctx.input(2).data<std::int32_t>(), ctx.input(1).data<T>(),
                                           ctx.output(0).mutable_data<T>());
}

void max_pool_grad_with_argmax_kernel(KernelContext& ctx) {
  const PoolGeometry g = pool_geometry(ctx, ctx.output(0).shape());
  if (empty(g)) return zero_fill(ctx.output(0));
  if (ctx.input(1).dtype() == float32) max_pool_grad_with_argmax<float>(ctx, g);
  else max_pool_grad_with_argmax<double>(ctx, g);
}

template <class T>
void max_pool_grad_grad_with_argmax_kernel(KernelContext& ctx) {
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  if (empty(g)) return;
  if (!kernels::max_pool2d_read_at_argmax(g, ctx.input(1).data<std::int32_t>(), ctx.input(0).data<T>(),
                                          ctx.output(0).mutable_data<T>()))
    ctx.fail("argmax holds a position outside its window");
}

// The argmax of max pooling `x` (geometry g), computed again.
template <class T>
Tensor argmax_of(const PoolGeometry& g, const Tensor& x) {
  const TensorShape out = image_shape(g, g.oh, g.ow);
  Tensor values = core::empty(x.dtype(), out), argmax = core::empty(int32, out);
  kernels::max_pool2d_with_argmax(g, x.data<T>(), values.mutable_data<T>(), argmax.mutable_data<std::int32_t>());
  return argmax;
}

template <class T>
void max_pool_grad_kernel(KernelContext& ctx) {
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  check_argmax_fits(ctx, g);
  if (empty(g)) return zero_fill(ctx.output(0));
  const Tensor argmax = argmax_of<T>(g, ctx.input(0));
  kernels::max_pool2d_backward_with_argmax(g, argmax.data<std::int32_t>(), ctx.input(2).data<T>(),
                                           ctx.output(0).mutable_data<T>());
}

template <class T>
void max_pool_grad_grad_kernel(KernelContext& ctx) {
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  check_argmax_fits(ctx, g);
  if (empty(g)) return;
  const Tensor argmax = argmax_of<T>(g, ctx.input(0));
  kernels::max_pool2d_read_at_argmax(g, argmax.data<std::int32_t>(), ctx.input(2).data<T>(), ctx.output(0).mutable_data<T>());
}

void avg_pool_grad_kernel(KernelContext& ctx) {
  const Tensor& dy = ctx.input(1);
  const PoolGeometry g = pool_geometry(ctx, ctx.output(0).shape());
  if (empty(g)) return zero_fill(ctx.output(0));
  if (dy.dtype() == float32) kernels::avg_pool2d_backward(g, dy.data<float>(), ctx.output(0).mutable_data<float>());
  else kernels::avg_pool2d_backward_direct(g, dy.data<double>(), ctx.output(0).mutable_data<double>());
}

OpBuilder pool_op(const char* name, int inputs, ops::ShapeFn shape) {
  OpBuilder b(name);
  b.inputs(inputs).attrs({"ksize", "strides", "padding", "data_format"}).shape(shape);
  return b;
}

const OpDef& kMaxPoolWithArgmax = pool_op("_MaxPoolWithArgmax", 1, max_pool_with_argmax_shape)
    .kernels<float, double, std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::int64_t>(
        []<class T>() -> KernelFn { return &max_pool_with_argmax_kernel<T>; });
const OpDef& kMaxPoolGradWithArgmax = pool_op("_MaxPoolGradWithArgmax", 3, max_pool_grad_with_argmax_shape)
    .kernel(int32, max_pool_grad_with_argmax_kernel).kernel(int64, max_pool_grad_with_argmax_kernel);
const OpDef& kMaxPoolGradGradWithArgmax = pool_op("_MaxPoolGradGradWithArgmax", 2, max_pool_grad_grad_with_argmax_shape)
    .kernel(float32, max_pool_grad_grad_with_argmax_kernel<float>)
    .kernel(float64, max_pool_grad_grad_with_argmax_kernel<double>);

// MaxPool under a tape: _MaxPoolWithArgmax, whose record keeps the argmax for the gradient.
ops::Outputs max_pool_recorded(std::span<const Tensor> inputs, std::span<const ops::AttrValue> attrs) {
  ops::Outputs both = ops::execute(kMaxPoolWithArgmax, inputs, attrs);
  return {std::move(both[0])};
}

const OpDef& kMaxPool = pool_op("MaxPool", 1, pool_shape<PoolKind::kMax>)
    .kernel(float32, pool_kernel<PoolKind::kMax>).kernel(float64, pool_kernel<PoolKind::kMax>)
    .kernels<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::int64_t>(
        []<class T>() -> KernelFn { return &integer_max_pool_kernel<T>; });
[[maybe_unused]] const bool kMaxPoolRecordedForm = ops::set_recorded_form(kMaxPool, max_pool_recorded);
const OpDef& kAvgPool = pool_op("AvgPool", 1, pool_shape<PoolKind::kAvg>)
    .kernel(float32, pool_kernel<PoolKind::kAvg>).kernel(float64, pool_kernel<PoolKind::kAvg>);
const OpDef& kMaxPoolGrad = pool_op("MaxPoolGrad", 3, max_pool_grad_shape)
    .kernel(float32, max_pool_grad_kernel<float>).kernel(float64, max_pool_grad_kernel<double>);
const OpDef& kAvgPoolGrad = pool_op("AvgPoolGrad", 2, avg_pool_grad_shape)
    .kernel(int32, avg_pool_grad_kernel).kernel(int64, avg_pool_grad_kernel);
const OpDef& kMaxPoolGradGrad = pool_op("MaxPoolGradGrad", 3, max_pool_grad_grad_shape)
    .kernel(float32, max_pool_grad_grad_kernel<float>).kernel(float64, max_pool_grad_grad_kernel<double>);

Tensor run_pool(const OpDef& op, const Tensor& input, const nn::Sizes& ksize, const nn::Sizes& strides,
                const nn::Padding& padding, const nn::PoolOptions& options) {
  if (!padding.explicit_paddings().empty())
    throw InvalidArgumentError("[" + op.name + "] padding must be \"SAME\" or \"VALID\", got explicit pairs");
  const std::array<ops::AttrValue, 4> attrs{expand_sizes(op.name.c_str(), ksize, options.data_format, "ksize"),
                                            expand_sizes(op.name.c_str(), strides, options.data_format, "strides"),
                                            padding.name(), options.data_format};
  return std::move(ops::execute(op, {input}, attrs)[0]);
}

}  // namespace

namespace ops::nn {

Tensor avg_pool(const Tensor& input, std::span<const AttrValue> attrs) { return execute1(kAvgPool, {input}, attrs); }

Tensor avg_pool_grad(const Tensor& input_sizes, const Tensor& dy, std::span<const AttrValue> attrs) {
  return execute1(kAvgPoolGrad, {input_sizes, dy}, attrs);
}

Tensor max_pool_grad(const Tensor& input, const Tensor& output, const Tensor& dy, std::span<const AttrValue> attrs) {
  return execute1(kMaxPoolGrad, {input, output, dy}, attrs);
}

Tensor max_pool_grad_grad(const Tensor& input, const Tensor& output, const Tensor& grad,
                          std::span<const AttrValue> attrs) {
  return execute1(kMaxPoolGradGrad, {input, output, grad}, attrs);
}

Tensor max_pool_grad_with_argmax(const Tensor& input_sizes, const Tensor& dy, const Tensor& argmax,
                                 std::span<const AttrValue> attrs) {
  return execute1(kMaxPoolGradWithArgmax, {input_sizes, dy, argmax}, attrs);
}

Tensor max_pool_grad_grad_with_argmax(const Tensor& grad, const Tensor& argmax, std::span<const AttrValue> attrs) {
  return execute1(kMaxPoolGradGradWithArgmax, {grad, argmax}, attrs);
}

}  // namespace ops::nn

namespace nn {

Tensor max_pool2d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                  const PoolOptions& options) {
  return run_pool(kMaxPool, input, ksize, strides, padding, options);
}

Tensor avg_pool2d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                  const PoolOptions& options) {
  return run_pool(kAvgPool, input, ksize, strides, padding, options);
}

}  // namespace nn
}  // namespace tf

// 3-D pooling: MaxPool3D, AvgPool3D and the gradient kernels MaxPool3DGrad, AvgPool3DGrad and
// MaxPool3DGradGrad (MaxPool3DGrad's own gradient, for second order), with one attribute list
// (ksize, strides, padding, data_format) and one geometry function. AvgPool3DGrad takes the
// input's shape as an int32/int64 vector, as TensorFlow's does, so its kernels are registered
// under that dtype and pick the float kernel from the gradient's dtype.
#include <algorithm>

#include "kernels/cpu/pool3d.h"
#include "ops/execute.h"
#include "ops/allowed_dtypes.h"
#include "ops/nn/nn3d_grad_ops.h"
#include "ops/nn/window3d.h"
#include "ops/shape_fns.h"
#include "tfpp/nn_conv3d.h"

namespace tf {
namespace {

using kernels::Pool3DGeometry;
using kernels::Pool3DKind;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;
using namespace ops::nn;

enum Pool3DAttr { kKsize, kStrides, kPadding, kDataFormat };

void check_float(const OpContext& ctx, DType dtype, const char* what) {
  if (!is_floating(dtype))
    ctx.fail(std::string(what) + " has dtype " + std::string(dtype_name(dtype)) + "; expected float32 or float64");
}

// Validates a pooling of `input` and returns its sizes (tf::None where the input is unknown).
Pool3DGeometry pool3d_geometry(const OpContext& ctx, const TensorShape& input) {
  check_rank5(ctx, input, "input");
  Window3D w = parse_window3d(ctx, ctx.attr<std::string>(kDataFormat), ctx.attr<std::string>(kPadding));
  w.ksize = spatial_values3d(ctx, ctx.attr<std::vector<std::int64_t>>(kKsize), w, "ksize");
  w.stride = spatial_values3d(ctx, ctx.attr<std::vector<std::int64_t>>(kStrides), w, "strides");
  auto dim = [&](int i) { return input.has_unknown_rank() ? None : input.dim(i); };
  Pool3DGeometry g{};
  g.n = dim(0), g.c = dim(w.channel_axis), g.window = w.ksize, g.stride = w.stride, g.ncdhw = w.ncdhw;
  for (int i = 0; i < 3; ++i) {
    g.in[i] = dim(w.spatial_axes[i]);
    const auto [out, before, after] = spatial_size3d(ctx, w, i, g.in[i]);
    g.out[i] = out, g.pad_before[i] = before, g.pad_after[i] = after;
  }
  return g;
}

TensorShape volume_shape(const Pool3DGeometry& g, const std::array<std::int64_t, 3>& s) {
  return g.ncdhw ? TensorShape{g.n, g.c, s[0], s[1], s[2]} : TensorShape{g.n, s[0], s[1], s[2], g.c};
}

void check_shape(const OpContext& ctx, const TensorShape& shape, const TensorShape& expected, const char* what,
                 const char* whose) {
  if (!shape.is_compatible_with(expected))
    ctx.fail(std::string(what) + " has shape " + shape.debug_string() + " but the pooling's " + whose + " is " +
             expected.debug_string());
}

// TensorFlow's AvgPool3D takes the floating-point dtypes (tfpp's MaxPool3D float64 too, where
// TensorFlow's takes half, bfloat16 and float).
template <Pool3DKind kind>
void pool_shape(ShapeContext& ctx) {
  if constexpr (kind == Pool3DKind::kAvg) check_type_attr(ctx, ctx.input(0).dtype(), kFloatTypes);
  else check_float(ctx, ctx.input(0).dtype(), "input");
  const Pool3DGeometry g = pool3d_geometry(ctx, ctx.input(0).shape());
  ctx.add_output(ctx.input(0).dtype(), volume_shape(g, g.out));
}

// MaxPool3DGrad(orig_input, orig_output, grad) -> like orig_input; MaxPool3DGradGrad(orig_input,
// orig_output, grad shaped like orig_input) -> like orig_output.
template <bool grad_grad>
void max_pool_grad_shape(ShapeContext& ctx) {
  check_float(ctx, ctx.input(0).dtype(), "orig_input");
  ops::check_same_dtype(ctx, 0, 1);
  ops::check_same_dtype(ctx, 0, 2);
  const TensorShape& input = ctx.input(0).shape();
  const Pool3DGeometry g = pool3d_geometry(ctx, input);
  const TensorShape output = volume_shape(g, g.out);
  check_shape(ctx, ctx.input(1).shape(), output, "orig_output", "output");
  if (grad_grad) check_shape(ctx, ctx.input(2).shape(), input, "grad", "input");
  else check_shape(ctx, ctx.input(2).shape(), output, "grad", "output");
  ctx.add_output(ctx.input(0).dtype(), grad_grad ? output : input);
}

void avg_pool_grad_shape(ShapeContext& ctx) {
  const TensorShape input = sizes_input5(ctx, ctx.input(0), "orig_input_shape");
  check_type_attr(ctx, ctx.input(1).dtype(), kFloatTypes);
  const Pool3DGeometry g = pool3d_geometry(ctx, input);
  check_shape(ctx, ctx.input(1).shape(), volume_shape(g, g.out), "grad", "output");
  ctx.add_output(ctx.input(1).dtype(), input);
}

// True when some size is 0 and no window touches anything.
bool empty(const Pool3DGeometry& g) {
  return !(g.n && g.c) || std::count(g.in.begin(), g.in.end(), 0) || std::count(g.out.begin(), g.out.end(), 0);
}

// The gradient of a pooling that touched nothing: zeros.
void zero_fill(Tensor& t) {
  visit_dtype(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) std::fill_n(t.mutable_data<T>(), t.num_elements(), T(0));
  });
}

template <Pool3DKind kind>
void pool_kernel(KernelContext& ctx) {
  const Tensor& x = ctx.input(0);
  const Pool3DGeometry g = pool3d_geometry(ctx, x.shape());
  if (empty(g)) return;
  if (x.dtype() == float32) kernels::pool3d_forward(kind, g, x.data<float>(), ctx.output(0).mutable_data<float>());
  else kernels::pool3d_forward_direct(kind, g, x.data<double>(), ctx.output(0).mutable_data<double>());
}

template <class T>
void max_pool_grad_kernel(KernelContext& ctx) {
  const Pool3DGeometry g = pool3d_geometry(ctx, ctx.input(0).shape());
  if (empty(g)) return zero_fill(ctx.output(0));
  kernels::max_pool3d_backward(g, ctx.input(0).data<T>(), ctx.input(1).data<T>(), ctx.input(2).data<T>(),
                               ctx.output(0).mutable_data<T>());
}

template <class T>
void max_pool_grad_grad_kernel(KernelContext& ctx) {
  const Pool3DGeometry g = pool3d_geometry(ctx, ctx.input(0).shape());
  if (empty(g)) return zero_fill(ctx.output(0));
  kernels::max_pool3d_grad_grad(g, ctx.input(0).data<T>(), ctx.input(1).data<T>(), ctx.input(2).data<T>(),
                                ctx.output(0).mutable_data<T>());
}

void avg_pool_grad_kernel(KernelContext& ctx) {
  const Tensor& dy = ctx.input(1);
  const Pool3DGeometry g = pool3d_geometry(ctx, ctx.output(0).shape());
  if (empty(g)) return zero_fill(ctx.output(0));
  if (dy.dtype() == float32) kernels::avg_pool3d_backward(g, dy.data<float>(), ctx.output(0).mutable_data<float>());
  else kernels::avg_pool3d_backward_direct(g, dy.data<double>(), ctx.output(0).mutable_data<double>());
}

OpBuilder pool3d_op(const char* name, int inputs, ops::ShapeFn shape) {
  OpBuilder b(name);
  b.inputs(inputs).attrs({"ksize", "strides", "padding", "data_format"}).shape(shape);
  return b;
}

const OpDef& kMaxPool3D = pool3d_op("MaxPool3D", 1, pool_shape<Pool3DKind::kMax>)
    .kernel(float32, pool_kernel<Pool3DKind::kMax>).kernel(float64, pool_kernel<Pool3DKind::kMax>);
const OpDef& kAvgPool3D = pool3d_op("AvgPool3D", 1, pool_shape<Pool3DKind::kAvg>)
    .kernel(float32, pool_kernel<Pool3DKind::kAvg>).kernel(float64, pool_kernel<Pool3DKind::kAvg>);
const OpDef& kMaxPool3DGrad = pool3d_op("MaxPool3DGrad", 3, max_pool_grad_shape<false>)
    .kernel(float32, max_pool_grad_kernel<float>).kernel(float64, max_pool_grad_kernel<double>);
const OpDef& kMaxPool3DGradGrad = pool3d_op("MaxPool3DGradGrad", 3, max_pool_grad_shape<true>)
    .kernel(float32, max_pool_grad_grad_kernel<float>).kernel(float64, max_pool_grad_grad_kernel<double>);
const OpDef& kAvgPool3DGrad = pool3d_op("AvgPool3DGrad", 2, avg_pool_grad_shape)
    .kernel(int32, avg_pool_grad_kernel).kernel(int64, avg_pool_grad_kernel);

Tensor run_pool(const OpDef& op, const Tensor& input, const nn::Sizes& ksize, const nn::Sizes& strides,
                const std::string& padding, const std::string& data_format) {
  const char* name = op.name.c_str();
  const std::array<ops::AttrValue, 4> attrs{expand_sizes3d(name, ksize, data_format, "ksize"),
                                            expand_sizes3d(name, strides, data_format, "strides"), padding, data_format};
  return ops::execute1(op, {input}, attrs);
}

}  // namespace

namespace ops::nn {

Tensor avg_pool3d(const Tensor& input, std::span<const AttrValue> attrs) { return execute1(kAvgPool3D, {input}, attrs); }

Tensor avg_pool3d_grad(const Tensor& input_sizes, const Tensor& dy, std::span<const AttrValue> attrs) {
  return execute1(kAvgPool3DGrad, {input_sizes, dy}, attrs);
}

Tensor max_pool3d_grad(const Tensor& input, const Tensor& output, const Tensor& dy, std::span<const AttrValue> attrs) {
  return execute1(kMaxPool3DGrad, {input, output, dy}, attrs);
}

Tensor max_pool3d_grad_grad(const Tensor& input, const Tensor& output, const Tensor& grad,
                            std::span<const AttrValue> attrs) {
  return execute1(kMaxPool3DGradGrad, {input, output, grad}, attrs);
}

}  // namespace ops::nn

namespace nn {

Tensor max_pool3d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const std::string& padding,
                  const std::string& data_format) {
  return run_pool(kMaxPool3D, input, ksize, strides, padding, data_format);
}

Tensor avg_pool3d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const std::string& padding,
                  const std::string& data_format) {
  return run_pool(kAvgPool3D, input, ksize, strides, padding, data_format);
}

}  // namespace nn
}  // namespace tf

// 3-D convolutions: Conv3D and its gradient kernels Conv3DBackpropInputV2 and
// Conv3DBackpropFilterV2, with one attribute list (strides, padding, data_format, dilations)
// and one geometry function, which validates the call and computes every size. The backprop
// ops take the size of the tensor they produce as an int32/int64 vector input, as
// TensorFlow's do; Conv3DBackpropInputV2's kernels are registered under that vector's dtype
// and pick the float kernel from the filter's dtype.
#include <algorithm>

#include "kernels/cpu/conv3d.h"
#include "ops/execute.h"
#include "ops/allowed_dtypes.h"
#include "ops/nn/nn3d_grad_ops.h"
#include "ops/nn/window3d.h"
#include "ops/shape_fns.h"
#include "tfpp/nn_conv3d.h"

namespace tf {
namespace {

using kernels::Conv3DGeometry;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;
using namespace ops::nn;

enum Conv3DAttr { kStrides, kPadding, kDataFormat, kDilations };

// Validates a convolution of `input` with `filter` and returns its sizes; dims unknown in
// either shape (symbolic inputs) are tf::None in the result.
Conv3DGeometry conv3d_geometry(const OpContext& ctx, const TensorShape& input, const TensorShape& filter) {
  check_rank5(ctx, input, "input");
  check_rank5(ctx, filter, "filter");
  Window3D w = parse_window3d(ctx, ctx.attr<std::string>(kDataFormat), ctx.attr<std::string>(kPadding));
  w.stride = spatial_values3d(ctx, ctx.attr<std::vector<std::int64_t>>(kStrides), w, "strides");
  w.dilation = spatial_values3d(ctx, ctx.attr<std::vector<std::int64_t>>(kDilations), w, "dilations");
  auto dim = [](const TensorShape& s, int i) { return s.has_unknown_rank() ? None : s.dim(i); };
  Conv3DGeometry g{};
  g.n = dim(input, 0), g.ic = dim(input, w.channel_axis), g.oc = dim(filter, 4);
  const std::int64_t filter_in = dim(filter, 3);
  for (int i = 0; i < 3; ++i) {
    g.in[i] = dim(input, w.spatial_axes[i]);
    g.kernel[i] = dim(filter, i);
    if (g.kernel[i] == 0) ctx.fail("filter depth, height and width must be positive, got filter " + filter.debug_string());
  }
  if (g.ic >= 0 && filter_in >= 0 && g.ic != filter_in)
    ctx.fail("input depth " + std::to_string(g.ic) + " does not match filter in_channels " + std::to_string(filter_in) +
             ": input " + input.debug_string() + ", filter " + filter.debug_string());
  if (g.ic < 0) g.ic = filter_in;
  g.stride = w.stride, g.dilation = w.dilation, g.ncdhw = w.ncdhw;
  for (int i = 0; i < 3; ++i) {
    w.ksize[i] = std::max<std::int64_t>(g.kernel[i], 1);
    const auto [out, before, after] = spatial_size3d(ctx, w, i, g.kernel[i] < 0 ? None : g.in[i]);
    g.out[i] = out, g.pad_before[i] = before, g.pad_after[i] = after;
  }
  return g;
}

TensorShape volume_shape(const Conv3DGeometry& g, std::int64_t c, const std::array<std::int64_t, 3>& s) {
  return g.ncdhw ? TensorShape{g.n, c, s[0], s[1], s[2]} : TensorShape{g.n, s[0], s[1], s[2], c};
}

void check_out_backprop(const OpContext& ctx, const Conv3DGeometry& g, const TensorShape& out_backprop) {
  check_rank5(ctx, out_backprop, "out_backprop");
  const TensorShape expected = volume_shape(g, g.oc, g.out);
  if (!out_backprop.is_compatible_with(expected))
    ctx.fail("out_backprop has shape " + out_backprop.debug_string() + " but the convolution's output is " +
             expected.debug_string());
}

void conv3d_shape(ShapeContext& ctx) {
  check_type_attr(ctx, ctx.input(0).dtype(), kFloatTypes);
  ctx.expect_input_dtype(1, ctx.input(0).dtype());
  const Conv3DGeometry g = conv3d_geometry(ctx, ctx.input(0).shape(), ctx.input(1).shape());
  ctx.add_output(ctx.input(0).dtype(), volume_shape(g, g.oc, g.out));
}

void backprop_input_shape(ShapeContext& ctx) {
  check_type_attr(ctx, ctx.input(1).dtype(), kFloatTypes);
  ctx.expect_input_dtype(2, ctx.input(1).dtype());
  const TensorShape input = sizes_input5(ctx, ctx.input(0), "input_sizes");
  check_out_backprop(ctx, conv3d_geometry(ctx, input, ctx.input(1).shape()), ctx.input(2).shape());
  ctx.add_output(ctx.input(1).dtype(), input);
}

void backprop_filter_shape(ShapeContext& ctx) {
  check_type_attr(ctx, ctx.input(0).dtype(), kFloatTypes);
  ctx.expect_input_dtype(2, ctx.input(0).dtype());
  const TensorShape filter = sizes_input5(ctx, ctx.input(1), "filter_sizes");
  check_out_backprop(ctx, conv3d_geometry(ctx, ctx.input(0).shape(), filter), ctx.input(2).shape());
  ctx.add_output(ctx.input(0).dtype(), filter);
}

// True (after zero-filling `out`) when some size is 0 and there is nothing to convolve.
bool degenerate(const Conv3DGeometry& g, Tensor& out) {
  const bool empty = !(g.n && g.ic && g.oc) || std::count(g.in.begin(), g.in.end(), 0) ||
                     std::count(g.out.begin(), g.out.end(), 0);
  if (!empty) return false;
  visit_dtype(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) std::fill_n(out.mutable_data<T>(), out.num_elements(), T(0));
  });
  return true;
}

void conv3d_kernel(KernelContext& ctx) {
  const Tensor &input = ctx.input(0), &filter = ctx.input(1);
  const Conv3DGeometry g = conv3d_geometry(ctx, input.shape(), filter.shape());
  if (degenerate(g, ctx.output(0))) return;
  if (input.dtype() == float32)
    kernels::conv3d_forward(g, input.data<float>(), filter.data<float>(), ctx.output(0).mutable_data<float>());
  else
    kernels::conv3d_forward_direct(g, input.data<double>(), filter.data<double>(), ctx.output(0).mutable_data<double>());
}

void backprop_input_kernel(KernelContext& ctx) {
  const Tensor &filter = ctx.input(1), &dy = ctx.input(2);
  Tensor& dx = ctx.output(0);
  const Conv3DGeometry g = conv3d_geometry(ctx, dx.shape(), filter.shape());
  if (degenerate(g, dx)) return;
  if (filter.dtype() == float32)
    kernels::conv3d_backward_input(g, filter.data<float>(), dy.data<float>(), dx.mutable_data<float>());
  else
    kernels::conv3d_backward_input_direct(g, filter.data<double>(), dy.data<double>(), dx.mutable_data<double>());
}

void backprop_filter_kernel(KernelContext& ctx) {
  const Tensor &input = ctx.input(0), &dy = ctx.input(2);
  Tensor& dw = ctx.output(0);
  const Conv3DGeometry g = conv3d_geometry(ctx, input.shape(), dw.shape());
  if (degenerate(g, dw)) return;
  if (input.dtype() == float32)
    kernels::conv3d_backward_filter(g, input.data<float>(), dy.data<float>(), dw.mutable_data<float>());
  else
    kernels::conv3d_backward_filter_direct(g, input.data<double>(), dy.data<double>(), dw.mutable_data<double>());
}

OpBuilder conv3d_op(const char* name, int inputs, ops::ShapeFn shape) {
  OpBuilder b(name);
  b.inputs(inputs).attrs({"strides", "padding", "data_format", "dilations"}).shape(shape);
  return b;
}

const OpDef& kConv3D = conv3d_op("Conv3D", 2, conv3d_shape).kernel(float32, conv3d_kernel).kernel(float64, conv3d_kernel);
const OpDef& kConv3DBackpropInputV2 = conv3d_op("Conv3DBackpropInputV2", 3, backprop_input_shape)
    .kernel(int32, backprop_input_kernel).kernel(int64, backprop_input_kernel);
const OpDef& kConv3DBackpropFilterV2 = conv3d_op("Conv3DBackpropFilterV2", 3, backprop_filter_shape)
    .kernel(float32, backprop_filter_kernel).kernel(float64, backprop_filter_kernel);

std::array<ops::AttrValue, 4> conv3d_attrs(const char* op, const nn::Sizes& strides, const std::string& padding,
                                           const nn::Conv3dOptions& options) {
  return {expand_sizes3d(op, strides, options.data_format, "strides"), padding, options.data_format,
          expand_sizes3d(op, options.dilations, options.data_format, "dilations")};
}

}  // namespace

namespace ops::nn {

Tensor conv3d(const Tensor& input, const Tensor& filter, std::span<const AttrValue> attrs) {
  return execute1(kConv3D, {input, filter}, attrs);
}

Tensor conv3d_backprop_input(const Tensor& input_sizes, const Tensor& filter, const Tensor& dy,
                             std::span<const AttrValue> attrs) {
  return execute1(kConv3DBackpropInputV2, {input_sizes, filter, dy}, attrs);
}

Tensor conv3d_backprop_filter(const Tensor& input, const Tensor& filter_sizes, const Tensor& dy,
                              std::span<const AttrValue> attrs) {
  return execute1(kConv3DBackpropFilterV2, {input, filter_sizes, dy}, attrs);
}

}  // namespace ops::nn

namespace nn {

Tensor conv3d(const Tensor& input, const Tensor& filters, const Sizes& strides, const std::string& padding,
              const Conv3dOptions& options) {
  return ops::execute1(kConv3D, {input, filters}, conv3d_attrs("Conv3D", strides, padding, options));
}

Tensor conv3d_transpose(const Tensor& input, const Tensor& filters, const Tensor& output_shape, const Sizes& strides,
                        const std::string& padding, const Conv3dOptions& options) {
  return ops::execute1(kConv3DBackpropInputV2, {output_shape, filters, input},
                       conv3d_attrs("Conv3DBackpropInputV2", strides, padding, options));
}

}  // namespace nn
}  // namespace tf

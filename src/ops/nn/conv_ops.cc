// Convolutions: Conv2D, DepthwiseConv2dNative, and the gradient kernels Conv2DBackpropInput,
// Conv2DBackpropFilter, DepthwiseConv2dNativeBackpropInput, DepthwiseConv2dNativeBackpropFilter.
//
// All six share one attribute list (strides, padding, explicit_paddings, data_format,
// dilations) and one geometry function, which validates the call and computes every size.
// The backprop ops take the size of the tensor they produce as an int32/int64 vector input,
// as TensorFlow's do; their kernels are registered under that vector's dtype and pick the
// kernel from the filter's (or input's) dtype. Conv2D and Conv2DBackpropInput also take int32,
// as TensorFlow's CPU kernels do, where products and sums wrap around on overflow as there.
#include <algorithm>

#include "kernels/cpu/conv.h"
#include "ops/execute.h"
#include "ops/allowed_dtypes.h"
#include "ops/nn/nn_grad_ops.h"
#include "ops/nn/window.h"
#include "ops/shape_fns.h"
#include "tfpp/constant.h"

namespace tf {
namespace {

using kernels::ConvGeometry;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;
using namespace ops::nn;

enum ConvAttr { kStrides, kPadding, kExplicitPaddings, kDataFormat, kDilations };

// Validates a convolution of `input` with `filter` and returns its sizes; dims that are
// unknown in either shape (symbolic inputs) are tf::None in the result.
template <bool depthwise>
ConvGeometry conv_geometry(const OpContext& ctx, const TensorShape& input, const TensorShape& filter) {
  check_rank4(ctx, input, "input");
  check_rank4(ctx, filter, "filter");
  Window w;
  w.layout = parse_layout(ctx, ctx.attr<std::string>(kDataFormat), &w.nchw);
  w.stride = spatial_values(ctx, ctx.attr<std::vector<std::int64_t>>(kStrides), w.layout, "strides");
  w.dilation = spatial_values(ctx, ctx.attr<std::vector<std::int64_t>>(kDilations), w.layout, "dilations");
  parse_padding(ctx, ctx.attr<std::string>(kPadding), ctx.attr<std::vector<std::int64_t>>(kExplicitPaddings), w, true);
  auto dim = [](const TensorShape& s, int i) { return s.has_unknown_rank() ? None : s.dim(i); };
  ConvGeometry g{};
  g.n = dim(input, 0), g.ih = dim(input, w.layout.h), g.iw = dim(input, w.layout.w), g.ic = dim(input, w.layout.c);
  g.kh = dim(filter, 0), g.kw = dim(filter, 1);
  const std::int64_t filter_in = dim(filter, 2), filter_out = dim(filter, 3);
  if (g.kh == 0 || g.kw == 0) ctx.fail("filter height and width must be positive, got filter " + filter.debug_string());
  if (g.ic >= 0 && filter_in >= 0 && g.ic != filter_in)
    ctx.fail("input depth " + std::to_string(g.ic) + " does not match filter in_channels " + std::to_string(filter_in) +
             ": input " + input.debug_string() + ", filter " + filter.debug_string());
  if (g.ic < 0) g.ic = filter_in;
  g.groups = depthwise ? g.ic : 1;
  g.oc = depthwise ? (g.ic >= 0 && filter_out >= 0 ? g.ic * filter_out : None) : filter_out;
  g.sh = w.stride[0], g.sw = w.stride[1], g.dh = w.dilation[0], g.dw = w.dilation[1];
  g.nchw = w.nchw;
  w.ksize = {std::max<std::int64_t>(g.kh, 1), std::max<std::int64_t>(g.kw, 1)};
  const SpatialSize h = spatial_size(ctx, w, 0, g.kh < 0 ? None : g.ih);
  const SpatialSize x = spatial_size(ctx, w, 1, g.kw < 0 ? None : g.iw);
  g.oh = h.out, g.pt = h.pad_before, g.pb = h.pad_after;
  g.ow = x.out, g.pl = x.pad_before, g.pr = x.pad_after;
  return g;
}

TensorShape image_shape(const ConvGeometry& g, std::int64_t c, std::int64_t h, std::int64_t w) {
  return g.nchw ? TensorShape{g.n, c, h, w} : TensorShape{g.n, h, w, c};
}

// A 4-element size vector input: its values when concrete, else four unknown dims.
TensorShape size_input(const OpContext& ctx, std::size_t i, const char* what) {
  const Tensor& t = ctx.input(i);
  const TensorShape& s = t.shape();
  if (!is_index_dtype(t.dtype()) || (!s.has_unknown_rank() && (s.rank() != 1 || (s.dim(0) != None && s.dim(0) != 4))))
    ctx.fail(std::string(what) + " must be an int32 or int64 vector of 4 values, got " +
             std::string(dtype_name(t.dtype())) + " " + t.shape().debug_string());
  if (t.is_symbolic()) return TensorShape{None, None, None, None};
  std::int64_t v[4];
  for (int k = 0; k < 4; ++k) v[k] = t.dtype() == int32 ? t.data<std::int32_t>()[k] : t.data<std::int64_t>()[k];
  if (std::any_of(v, v + 4, [](std::int64_t d) { return d < 0; }))
    ctx.fail(std::string(what) + " must be non-negative, got [" + std::to_string(v[0]) + "," + std::to_string(v[1]) +
             "," + std::to_string(v[2]) + "," + std::to_string(v[3]) + "]");
  return TensorShape(std::span<const std::int64_t>(v, 4));
}

void check_out_backprop(const OpContext& ctx, const ConvGeometry& g, const TensorShape& out_backprop) {
  check_rank4(ctx, out_backprop, "out_backprop");
  const TensorShape expected = image_shape(g, g.oc, g.oh, g.ow);
  if (!out_backprop.is_compatible_with(expected))
    ctx.fail("out_backprop has shape " + out_backprop.debug_string() + " but the convolution's output is " +
             expected.debug_string());
}

// The dtypes TensorFlow's op definitions allow: Conv2D and Conv2DBackpropInput take int32 too.
template <bool depthwise>
constexpr std::span<const DType> allowed_types() {
  if constexpr (depthwise) return kFloatTypes;
  else return kFloatAndInt32Types;
}

template <bool depthwise>
void conv_shape(ShapeContext& ctx) {
  const Tensor &input = ctx.input(0), &filter = ctx.input(1);
  check_type_attr(ctx, input.dtype(), allowed_types<depthwise>());
  ctx.expect_input_dtype(1, input.dtype());
  const ConvGeometry g = conv_geometry<depthwise>(ctx, input.shape(), filter.shape());
  ctx.add_output(input.dtype(), image_shape(g, g.oc, g.oh, g.ow));
}

template <bool depthwise>
void backprop_input_shape(ShapeContext& ctx) {
  const Tensor &filter = ctx.input(1), &dy = ctx.input(2);
  check_type_attr(ctx, filter.dtype(), allowed_types<depthwise>());
  ctx.expect_input_dtype(2, filter.dtype());
  const TensorShape input = size_input(ctx, 0, "input_sizes");
  check_out_backprop(ctx, conv_geometry<depthwise>(ctx, input, filter.shape()), dy.shape());
  ctx.add_output(filter.dtype(), input);
}

template <bool depthwise>
void backprop_filter_shape(ShapeContext& ctx) {
  const Tensor &input = ctx.input(0), &dy = ctx.input(2);
  check_type_attr(ctx, input.dtype(), kFloatTypes);
  ctx.expect_input_dtype(2, input.dtype());
  const TensorShape filter = size_input(ctx, 1, "filter_sizes");
  check_out_backprop(ctx, conv_geometry<depthwise>(ctx, input.shape(), filter), dy.shape());
  ctx.add_output(input.dtype(), filter);
}

// True (after zero-filling `out`) when some size is 0 and there is nothing to convolve.
bool degenerate(const ConvGeometry& g, Tensor& out) {
  if (g.n && g.ih && g.iw && g.ic && g.oc && g.oh && g.ow) return false;
  visit_dtype(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_arithmetic_v<T>) std::fill_n(out.mutable_data<T>(), out.num_elements(), T(0));
  });
  return true;
}

// An int32 tensor's values as uint32, whose arithmetic wraps around (the bits of the two's
// complement result are the same) where signed overflow would be undefined.
const std::uint32_t* wrapping(const Tensor& t) { return reinterpret_cast<const std::uint32_t*>(t.data<std::int32_t>()); }
std::uint32_t* wrapping(Tensor& t) { return reinterpret_cast<std::uint32_t*>(t.mutable_data<std::int32_t>()); }

template <bool depthwise>
void conv_kernel(KernelContext& ctx) {
  const Tensor &input = ctx.input(0), &filter = ctx.input(1);
  const ConvGeometry g = conv_geometry<depthwise>(ctx, input.shape(), filter.shape());
  if (degenerate(g, ctx.output(0))) return;
  if (input.dtype() == float32)
    kernels::conv2d_forward(g, input.data<float>(), filter.data<float>(), ctx.output(0).mutable_data<float>());
  else if (input.dtype() == int32)
    kernels::conv2d_forward_direct(g, wrapping(input), wrapping(filter), wrapping(ctx.output(0)));
  else
    kernels::conv2d_forward_direct(g, input.data<double>(), filter.data<double>(), ctx.output(0).mutable_data<double>());
}

template <bool depthwise>
void backprop_input_kernel(KernelContext& ctx) {
  const Tensor &filter = ctx.input(1), &dy = ctx.input(2);
  Tensor& dx = ctx.output(0);
  const ConvGeometry g = conv_geometry<depthwise>(ctx, dx.shape(), filter.shape());
  if (degenerate(g, dx)) return;
  if (filter.dtype() == float32)
    kernels::conv2d_backward_input(g, filter.data<float>(), dy.data<float>(), dx.mutable_data<float>());
  else if (filter.dtype() == int32)
    kernels::conv2d_backward_input_direct(g, wrapping(filter), wrapping(dy), wrapping(dx));
  else
    kernels::conv2d_backward_input_direct(g, filter.data<double>(), dy.data<double>(), dx.mutable_data<double>());
}

template <bool depthwise>
void backprop_filter_kernel(KernelContext& ctx) {
  const Tensor &input = ctx.input(0), &dy = ctx.input(2);
  Tensor& dw = ctx.output(0);
  const ConvGeometry g = conv_geometry<depthwise>(ctx, input.shape(), dw.shape());
  if (degenerate(g, dw)) return;
  if (input.dtype() == float32)
    kernels::conv2d_backward_filter(g, input.data<float>(), dy.data<float>(), dw.mutable_data<float>());
  else
    kernels::conv2d_backward_filter_direct(g, input.data<double>(), dy.data<double>(), dw.mutable_data<double>());
}

OpBuilder conv_op(const char* name, ops::ShapeFn shape, ops::KernelFn kernel, bool sizes_first) {
  OpBuilder b(name);
  b.inputs(sizes_first ? 3 : 2).attrs({"strides", "padding", "explicit_paddings", "data_format", "dilations"}).shape(shape);
  if (sizes_first) b.kernel(int32, kernel).kernel(int64, kernel);
  else b.kernel(float32, kernel).kernel(float64, kernel);
  return b;
}

const OpDef& kConv2D = conv_op("Conv2D", conv_shape<false>, conv_kernel<false>, false).kernel(int32, conv_kernel<false>);
const OpDef& kDepthwise = conv_op("DepthwiseConv2dNative", conv_shape<true>, conv_kernel<true>, false);
const OpDef& kConv2DBackpropInput =
    conv_op("Conv2DBackpropInput", backprop_input_shape<false>, backprop_input_kernel<false>, true);
const OpDef& kConv2DBackpropFilter = OpBuilder("Conv2DBackpropFilter").inputs(3)
    .attrs({"strides", "padding", "explicit_paddings", "data_format", "dilations"}).shape(backprop_filter_shape<false>)
    .kernel(float32, backprop_filter_kernel<false>).kernel(float64, backprop_filter_kernel<false>);
const OpDef& kDepthwiseBackpropInput = conv_op("DepthwiseConv2dNativeBackpropInput", backprop_input_shape<true>,
                                               backprop_input_kernel<true>, true);
const OpDef& kDepthwiseBackpropFilter = OpBuilder("DepthwiseConv2dNativeBackpropFilter").inputs(3)
    .attrs({"strides", "padding", "explicit_paddings", "data_format", "dilations"}).shape(backprop_filter_shape<true>)
    .kernel(float32, backprop_filter_kernel<true>).kernel(float64, backprop_filter_kernel<true>);

Tensor run_conv(const OpDef& op, const Tensor& a, const Tensor& b, const nn::Sizes& strides, const nn::Padding& padding,
                const nn::ConvOptions& options) {
  const std::array<ops::AttrValue, 5> attrs{
      expand_sizes(op.name.c_str(), strides, options.data_format, "strides"), padding.name(),
      padding.explicit_paddings(), options.data_format,
      expand_sizes(op.name.c_str(), options.dilations, options.data_format, "dilations")};
  return std::move(ops::execute(op, {a, b}, attrs)[0]);
}

}  // namespace

namespace ops::nn {

Tensor conv(ConvKind kind, const Tensor& input, const Tensor& filter, std::span<const AttrValue> attrs) {
  return execute1(kind == ConvKind::kConv2D ? kConv2D : kDepthwise, {input, filter}, attrs);
}

Tensor conv_backprop_input(ConvKind kind, const Tensor& input_sizes, const Tensor& filter, const Tensor& dy,
                           std::span<const AttrValue> attrs) {
  return execute1(kind == ConvKind::kConv2D ? kConv2DBackpropInput : kDepthwiseBackpropInput,
                  {input_sizes, filter, dy}, attrs);
}

Tensor conv_backprop_filter(ConvKind kind, const Tensor& input, const Tensor& filter_sizes, const Tensor& dy,
                            std::span<const AttrValue> attrs) {
  return execute1(kind == ConvKind::kConv2D ? kConv2DBackpropFilter : kDepthwiseBackpropFilter,
                  {input, filter_sizes, dy}, attrs);
}

}  // namespace ops::nn

namespace nn {

Tensor conv2d(const Tensor& input, const Tensor& filters, const Sizes& strides, const Padding& padding,
              const ConvOptions& options) {
  return run_conv(kConv2D, input, filters, strides, padding, options);
}

Tensor depthwise_conv2d(const Tensor& input, const Tensor& filter, const Sizes& strides, const Padding& padding,
                        const ConvOptions& options) {
  return run_conv(kDepthwise, input, filter, strides, padding, options);
}

Tensor conv2d_transpose(const Tensor& input, const Tensor& filters, const Tensor& output_shape, const Sizes& strides,
                        const Padding& padding, const ConvOptions& options) {
  const char* op = "Conv2DBackpropInput";
  const std::array<ops::AttrValue, 5> attrs{expand_sizes(op, strides, options.data_format, "strides"), padding.name(),
                                            padding.explicit_paddings(), options.data_format,
                                            expand_sizes(op, options.dilations, options.data_format, "dilations")};
  return std::move(ops::execute(kConv2DBackpropInput, {output_shape, filters, input}, attrs)[0]);
}

}  // namespace nn
}  // namespace tf

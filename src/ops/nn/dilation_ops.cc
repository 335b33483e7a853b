// Dilation2D and its two backprops (inputs input, filter[, out_backprop]; attrs strides, rates,
// padding). Each output takes the first maximum in scan order over its window, as TensorFlow's
// kernel; the backprops send the gradient to that maximum's input pixel and filter tap.
#include <array>
#include <limits>

#include "ops/execute.h"
#include "ops/nn/window.h"
#include "tfpp/array_ops.h"
#include "tfpp/dilation_ops.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;
using ops::nn::Window;

enum Attr { kStrides, kRates, kPadding };

Window window_of(const OpContext& ctx) {
  Window w;
  w.stride = ops::nn::spatial_values(ctx, ctx.attr<std::vector<std::int64_t>>(kStrides), w.layout, "strides");
  w.dilation = ops::nn::spatial_values(ctx, ctx.attr<std::vector<std::int64_t>>(kRates), w.layout, "rates");
  const std::string& padding = ctx.attr<std::string>(kPadding);
  if (padding != "SAME" && padding != "VALID") ctx.fail("padding must be SAME or VALID, got " + padding);
  ops::nn::parse_padding(ctx, padding, {}, w, false);
  const TensorShape& f = ctx.input(1).shape();
  if (!f.has_unknown_rank()) w.ksize = {f.dim(0), f.dim(1)};
  return w;
}

// Checks input [b, h, w, c] and filter [fh, fw, c]; returns the output shape.
TensorShape output_shape(const OpContext& ctx, const Window& w) {
  const TensorShape &in = ctx.input(0).shape(), &f = ctx.input(1).shape();
  ops::nn::check_rank4(ctx, in, "input");
  if (!f.has_unknown_rank() && f.rank() != 3)
    ctx.fail("filter must be 3-dimensional [filter_rows, filter_cols, depth], got " + f.debug_string());
  if (ctx.input(0).dtype() != ctx.input(1).dtype())
    ctx.fail("input and filter must have one dtype, got " + std::string(dtype_name(ctx.input(0).dtype())) + " and " +
             std::string(dtype_name(ctx.input(1).dtype())));
  if (in.has_unknown_rank() || f.has_unknown_rank()) return TensorShape::unknown_rank();
  if (in.dim(3) != None && f.dim(2) != None && in.dim(3) != f.dim(2))
    ctx.fail("input and filter must have the same depth: " + std::to_string(in.dim(3)) + " vs " + std::to_string(f.dim(2)));
  return TensorShape({in.dim(0), ops::nn::spatial_size(ctx, w, 0, in.dim(1)).out, ops::nn::spatial_size(ctx, w, 1, in.dim(2)).out,
                      in.dim(3)});
}

void dilation_shape(ShapeContext& ctx) {
  const Window w = window_of(ctx);
  ctx.add_output(ctx.input(0).dtype(), output_shape(ctx, w));
}

void backprop_shape(ShapeContext& ctx, std::size_t like) {
  const Window w = window_of(ctx);
  output_shape(ctx, w);
  ctx.add_output(ctx.input(like).dtype(), ctx.input(like).shape());
}
void backprop_input_shape(ShapeContext& ctx) { backprop_shape(ctx, 0); }
void backprop_filter_shape(ShapeContext& ctx) { backprop_shape(ctx, 1); }

// Calls visit(output index, input index of the maximum, filter index of the maximum, value) for
// every output element.
template <class T, class Visit>
void for_each_maximum(const OpContext& ctx, Visit&& visit) {
  const Window w = window_of(ctx);
  const Tensor &input = ctx.input(0), &filter = ctx.input(1);
  const TensorShape out = output_shape(ctx, w);
  const std::int64_t batch = out.dim(0), oh = out.dim(1), ow = out.dim(2), depth = out.dim(3);
  const std::int64_t ih = input.shape().dim(1), iw = input.shape().dim(2), fh = w.ksize[0], fw = w.ksize[1];
  const std::int64_t top = ops::nn::spatial_size(ctx, w, 0, ih).pad_before, left = ops::nn::spatial_size(ctx, w, 1, iw).pad_before;
  const T* x = input.data<T>();
  const T* k = filter.data<T>();
  std::int64_t o = 0;
  for (std::int64_t b = 0; b < batch; ++b)
    for (std::int64_t y = 0; y < oh; ++y)
      for (std::int64_t xo = 0; xo < ow; ++xo)
        for (std::int64_t c = 0; c < depth; ++c, ++o) {
          const std::int64_t y0 = y * w.stride[0] - top, x0 = xo * w.stride[1] - left;
          T best = std::numeric_limits<T>::lowest();
          std::int64_t best_in = b * ih * iw * depth + (std::max<std::int64_t>(y0, 0) * iw + std::max<std::int64_t>(x0, 0)) * depth + c;
          std::int64_t best_filter = c;
          for (std::int64_t dy = 0; dy < fh; ++dy) {
            const std::int64_t yi = y0 + dy * w.dilation[0];
            if (yi < 0 || yi >= ih) continue;
            for (std::int64_t dx = 0; dx < fw; ++dx) {
              const std::int64_t xi = x0 + dx * w.dilation[1];
              if (xi < 0 || xi >= iw) continue;
              const std::int64_t in_index = ((b * ih + yi) * iw + xi) * depth + c, f_index = (dy * fw + dx) * depth + c;
              const T value = x[in_index] + k[f_index];
              if (value > best) {
                best = value;
                best_in = in_index;
                best_filter = f_index;
              }
            }
          }
          visit(o, best_in, best_filter, best);
        }
}

template <class T>
void dilation_kernel(KernelContext& ctx) {
  T* out = ctx.output(0).mutable_data<T>();
  for_each_maximum<T>(ctx, [&](std::int64_t o, std::int64_t, std::int64_t, T value) { out[o] = value; });
}

template <class T, bool kToInput>
void backprop_kernel(KernelContext& ctx) {
  Tensor& grad = ctx.output(0);
  T* g = grad.mutable_data<T>();
  std::fill(g, g + grad.num_elements(), T{});
  const T* up = ctx.input(2).data<T>();
  for_each_maximum<T>(ctx, [&](std::int64_t o, std::int64_t in_index, std::int64_t f_index, T) {
    g[kToInput ? in_index : f_index] += up[o];
  });
}

template <class T> struct Forward { static constexpr KernelFn fn = &dilation_kernel<T>; };
template <class T> struct ToInput { static constexpr KernelFn fn = &backprop_kernel<T, true>; };
template <class T> struct ToFilter { static constexpr KernelFn fn = &backprop_kernel<T, false>; };

// The op with Make<T>::fn as its kernel for each real dtype TensorFlow's kernels cover here.
template <template <class> class Make>
OpBuilder make_op(const char* name, int inputs, ops::ShapeFn shape) {
  OpBuilder b(name);
  b.inputs(inputs).attrs({"strides", "rates", "padding"}).shape(shape).kernel(float32, Make<float>::fn)
      .kernel(float64, Make<double>::fn).kernel(int32, Make<std::int32_t>::fn).kernel(int64, Make<std::int64_t>::fn);
  return b;
}

const OpDef& kDilation2D = make_op<Forward>("Dilation2D", 2, dilation_shape);
const OpDef& kDilation2DBackpropInput = make_op<ToInput>("Dilation2DBackpropInput", 3, backprop_input_shape).no_gradient();
const OpDef& kDilation2DBackpropFilter =
    make_op<ToFilter>("Dilation2DBackpropFilter", 3, backprop_filter_shape).no_gradient();

}  // namespace

namespace ops::nn {
const OpDef& dilation2d_backprop_input_op() { return kDilation2DBackpropInput; }
const OpDef& dilation2d_backprop_filter_op() { return kDilation2DBackpropFilter; }
}  // namespace ops::nn

namespace nn {

Tensor dilation2d(const Tensor& input, const Tensor& filters, const std::vector<std::int64_t>& strides,
                  const std::string& padding, const std::vector<std::int64_t>& dilations) {
  const std::array<ops::AttrValue, 3> attrs{strides, dilations, padding};
  return ops::execute1(kDilation2D, {input, filters}, attrs);
}

Tensor erosion2d(const Tensor& value, const Tensor& filters, const std::vector<std::int64_t>& strides,
                 const std::string& padding, const std::vector<std::int64_t>& dilations) {
  return -dilation2d(-value, reverse(filters, {0, 1}), strides, padding, dilations);
}

}  // namespace nn
}  // namespace tf

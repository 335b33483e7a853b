// BiasAdd and BiasAddGrad (TensorFlow's ops): a 1-D bias added along the channel dimension,
// and its gradient with respect to the bias, the sum over every other dimension. Channels are
// the last dimension for NHWC and dimension 1 for NCHW.
#include "tfpp/bias_add.h"

#include "kernels/cpu/parallel.h"
#include "tfpp/errors.h"
#include "ops/execute.h"
#include "ops/math/elementwise_shapes.h"
#include "ops/nn/bias_add_ops.h"
#include "ops/shape_fns.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

bool is_nchw(const ops::OpContext& ctx) { return ctx.attr<std::string>(0) == "NCHW"; }

void check_data_format(const ShapeContext& ctx) {
  const std::string& format = ctx.attr<std::string>(0);
  if (format != "NHWC" && format != "NCHW") ctx.fail("data_format must be NHWC or NCHW, got " + format);
}

// The channel dimension of a shape of known rank >= 2.
int channel_axis(const ops::OpContext& ctx, const TensorShape& s) { return is_nchw(ctx) ? 1 : s.rank() - 1; }

void check_value_rank(const ShapeContext& ctx, const TensorShape& s) {
  if (!s.has_unknown_rank() && s.rank() < 2) ctx.fail("Input tensor must be at least 2D: " + s.debug_string());
}

void bias_add_shape(ShapeContext& ctx) {
  check_data_format(ctx);
  ops::check_same_dtype(ctx, 0, 1);
  ops::check_supported_dtype(ctx, ctx.input(0).dtype(), "value");
  const TensorShape &v = ctx.input(0).shape(), &b = ctx.input(1).shape();
  check_value_rank(ctx, v);
  if (!b.has_unknown_rank() && b.rank() != 1) ctx.fail("Biases must be 1D: " + b.debug_string());
  TensorShape out = v;
  if (!v.has_unknown_rank() && !b.has_unknown_rank()) {
    const int c = channel_axis(ctx, v);
    if (v.dim(c) != None && b.dim(0) != None && v.dim(c) != b.dim(0))
      ctx.fail("Must provide as many biases as the last dimension of the input tensor: " + b.debug_string() +
               " vs. " + v.debug_string());
    if (v.dim(c) == None) out.set_dim(c, b.dim(0));
  }
  ctx.add_output(ctx.input(0).dtype(), out);
}

// Elements as [outer, channels, inner]: inner is 1 for NHWC, the spatial size for NCHW.
struct ChannelLayout {
  std::int64_t outer, channels, inner;
};

ChannelLayout layout_of(const ops::OpContext& ctx, const Tensor& t) {
  const TensorShape& s = t.shape();
  const int c = channel_axis(ctx, s);
  std::int64_t inner = 1;
  for (int i = c + 1; i < s.rank(); ++i) inner *= s.dim(i);
  const std::int64_t channels = s.dim(c), per_outer = channels * inner;
  return {per_outer ? t.num_elements() / per_outer : 0, channels, inner};
}

template <class T>
void bias_add_kernel(KernelContext& ctx) {
  const auto [outer, channels, inner] = layout_of(ctx, ctx.input(0));
  const T *x = ctx.input(0).data<T>(), *b = ctx.input(1).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  kernels::parallel_for(outer * channels, inner, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t row = begin; row < end; ++row) {
      const T bias = b[row % channels];
      for (std::int64_t i = row * inner; i < (row + 1) * inner; ++i) out[i] = x[i] + bias;
    }
  });
}

void bias_add_grad_shape(ShapeContext& ctx) {
  check_data_format(ctx);
  ops::check_supported_dtype(ctx, ctx.input(0).dtype(), "out_backprop");
  const TensorShape& g = ctx.input(0).shape();
  check_value_rank(ctx, g);
  ctx.add_output(ctx.input(0).dtype(), g.has_unknown_rank() ? TensorShape({None}) : TensorShape({g.dim(channel_axis(ctx, g))}));
}

template <class T>
void bias_add_grad_kernel(KernelContext& ctx) {
  const auto [outer, channels, inner] = layout_of(ctx, ctx.input(0));
  const T* g = ctx.input(0).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  for (std::int64_t c = 0; c < channels; ++c) out[c] = T(0);
  for (std::int64_t o = 0; o < outer; ++o)
    for (std::int64_t c = 0; c < channels; ++c) {
      const T* row = g + (o * channels + c) * inner;
      T sum = T(0);
      for (std::int64_t i = 0; i < inner; ++i) sum += row[i];
      out[c] += sum;
    }
}

const OpDef& kBiasAdd = OpBuilder("BiasAdd").inputs(2).attrs({"data_format"}).shape(bias_add_shape)
                            .kernels<float, double, std::int32_t, std::int64_t>(
                                []<class T>() -> KernelFn { return &bias_add_kernel<T>; });
const OpDef& kBiasAddGrad = OpBuilder("BiasAddGrad").inputs(1).attrs({"data_format"}).shape(bias_add_grad_shape)
                                .kernels<float, double, std::int32_t, std::int64_t>(
                                    []<class T>() -> KernelFn { return &bias_add_grad_kernel<T>; });

// tf.nn.bias_add's spelling of data_format: "N...C" is NHWC, "NC..." is NCHW.
std::string canonical_format(const std::string& format) {
  if (format.starts_with("NC")) return "NCHW";
  if (format.starts_with("N") && format.ends_with("C")) return "NHWC";
  throw InvalidArgumentError("[bias_add] data_format must be of the form N...C or NC..., got " + format);
}

}  // namespace

namespace ops {
Tensor bias_add_grad(const Tensor& out_backprop, const std::string& data_format) {
  const AttrValue attrs[] = {data_format};
  return execute1(kBiasAddGrad, {out_backprop}, attrs);
}
}  // namespace ops

namespace nn {
Tensor bias_add(const Tensor& value, const Tensor& bias, const std::string& data_format) {
  const ops::AttrValue attrs[] = {canonical_format(data_format)};
  return ops::execute1(kBiasAdd, {value, bias}, attrs);
}
}  // namespace nn
}  // namespace tf

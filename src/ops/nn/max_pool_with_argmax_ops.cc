// MaxPoolWithArgmax (tf.nn.max_pool_with_argmax) and its backprops MaxPoolGradWithArgmax and
// MaxPoolGradGradWithArgmax, as TensorFlow's: the argmax is a flat index into the image,
// (y * width + x) * channels + c, or into the batch with include_batch_in_index. The windows are
// searched by the kernel behind MaxPool's recorded form (kernels::max_pool2d_with_argmax, Note
// [Max pooling's argmax]), whose in-window positions turn into flat indices here; its rule (a
// window's first element, replaced by each later strictly greater one) is TensorFlow's
// MaxPoolWithArgmax kernel's, whose value is the element at the argmax (so a window starting with
// NaN gives NaN, where MaxPool skips it).
#include <limits>

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "ops/nn/nn_grad_ops.h"
#include "ops/nn/pool_geometry.h"
#include "ops/nn/window.h"
#include "tfpp/max_pool_with_argmax.h"

namespace tf {
namespace {

using I64 = std::int64_t;
using kernels::PoolGeometry;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;
using namespace ops::nn;

enum ArgmaxAttr { kTargmax = kDataFormat + 1, kIncludeBatchInIndex };
enum GradAttr { kGradIncludeBatchInIndex };

constexpr I64 kInt32Max = std::numeric_limits<std::int32_t>::max();

void max_pool_with_argmax_shape(ShapeContext& ctx) {
  const DType dtype = ctx.input(0).dtype();
  if (!is_floating(dtype) && dtype != int32 && dtype != int64)
    ctx.fail("input has dtype " + std::string(dtype_name(dtype)) + "; expected a float or integer dtype");
  const DType targmax = ctx.attr<DType>(kTargmax);
  if (targmax != int32 && targmax != int64)
    ctx.fail("Targmax must be int32 or int64, got " + std::string(dtype_name(targmax)));
  if (ctx.attr<std::string>(kDataFormat) != "NHWC")
    ctx.fail("data_format must be \"NHWC\", got \"" + ctx.attr<std::string>(kDataFormat) + "\"");
  const PoolGeometry g = pool_geometry(ctx, ctx.input(0).shape());
  check_argmax_fits(ctx, g);
  const TensorShape& in = ctx.input(0).shape();
  if (targmax == int32 && in.is_fully_defined() &&
      (ctx.attr<bool>(kIncludeBatchInIndex) ? in.num_elements() : g.ih * g.iw * g.c) - 1 > kInt32Max)
    ctx.fail("the flat indices of input " + in.debug_string() + " exceed what an int32 argmax holds");
  const TensorShape out = image_shape(g, g.oh, g.ow);
  ctx.add_output(dtype, out);
  ctx.add_output(targmax, out);
}

// In-window positions (of the kernel) to TensorFlow's flat indices, and each output's value read
// at its argmax.
template <class T, class Index>
void to_flat_indices(const PoolGeometry& g, const T* in, const std::int32_t* positions, bool with_batch, T* out,
                     Index* argmax) {
  const I64 image = g.ih * g.iw * g.c;
  I64 i = 0;
  for (I64 b = 0; b < g.n; ++b)
    for (I64 oy = 0; oy < g.oh; ++oy) {
      const I64 y0 = std::max<I64>(oy * g.sh - g.pt, 0);
      for (I64 ox = 0; ox < g.ow; ++ox) {
        const I64 x0 = std::max<I64>(ox * g.sw - g.pl, 0);
        const I64 cols = std::min(ox * g.sw - g.pl + g.kw, g.iw) - x0;
        for (I64 c = 0; c < g.c; ++c, ++i) {
          const I64 p = positions[i];
          if (p < 0) {  // a window wholly in padding (not with SAME or VALID): no element
            argmax[i] = Index(-1);
            continue;
          }
          const I64 flat = ((y0 + p / cols) * g.iw + x0 + p % cols) * g.c + c;
          out[i] = in[b * image + flat];
          argmax[i] = static_cast<Index>(with_batch ? b * image + flat : flat);
        }
      }
    }
}

template <class T>
void max_pool_with_argmax_kernel(KernelContext& ctx) {
  const Tensor& x = ctx.input(0);
  const PoolGeometry g = pool_geometry(ctx, x.shape());
  if (ctx.output(0).num_elements() == 0) return;
  Tensor positions = core::empty(int32, ctx.output(0).shape());
  T* out = ctx.output(0).mutable_data<T>();
  kernels::max_pool2d_with_argmax(g, x.data<T>(), out, positions.mutable_data<std::int32_t>());
  const bool with_batch = ctx.attr<bool>(kIncludeBatchInIndex);
  if (ctx.output(1).dtype() == int64)
    to_flat_indices(g, x.data<T>(), positions.data<std::int32_t>(), with_batch, out, ctx.output(1).mutable_data<I64>());
  else
    to_flat_indices(g, x.data<T>(), positions.data<std::int32_t>(), with_batch, out,
                    ctx.output(1).mutable_data<std::int32_t>());
}

// The input element the argmax of output i names: its flat index in the batch.
struct Target {
  I64 per_image_out, per_image_in, total_in;
  bool with_batch;
  I64 operator()(I64 i, I64 argmax) const {
    return with_batch ? argmax : (i / per_image_out) * per_image_in + argmax;
  }
  bool valid(I64 argmax) const { return argmax >= 0 && argmax < (with_batch ? total_in : per_image_in); }
};

Target target_of(const Tensor& input, const Tensor& argmax, bool with_batch) {
  const I64 n = input.shape().dim(0);
  return {n ? argmax.num_elements() / n : 0, n ? input.num_elements() / n : 0, input.num_elements(), with_batch};
}

// MaxPoolGradWithArgmax(input, grad, argmax) and MaxPoolGradGradWithArgmax(input, grad, argmax):
// the input must be a 4-D batch, the argmax of an integer dtype and as many images.
void check_backprop(const OpContext& ctx, const TensorShape& per_output, const char* per_output_what) {
  const TensorShape& input = ctx.input(0).shape();
  check_rank4(ctx, input, "input");
  check_rank4(ctx, ctx.input(2).shape(), "argmax");
  if (ctx.input(2).dtype() != int32 && ctx.input(2).dtype() != int64)
    ctx.fail("argmax has dtype " + std::string(dtype_name(ctx.input(2).dtype())) + "; expected int32 or int64");
  if (!is_floating(ctx.input(1).dtype()) || ctx.input(1).dtype() != ctx.input(0).dtype())
    ctx.fail("grad has dtype " + std::string(dtype_name(ctx.input(1).dtype())) + ", input " +
             std::string(dtype_name(ctx.input(0).dtype())) + "; expected one float dtype");
  if (!per_output.is_compatible_with(ctx.input(2).shape()))
    ctx.fail(std::string(per_output_what) + " has shape " + per_output.debug_string() + " but argmax " +
             ctx.input(2).shape().debug_string());
  if (!input.has_unknown_rank() && !ctx.input(2).shape().has_unknown_rank() && input.dim(0) != None &&
      ctx.input(2).shape().dim(0) != None && input.dim(0) != ctx.input(2).shape().dim(0))
    ctx.fail("input has " + std::to_string(input.dim(0)) + " images but argmax " +
             std::to_string(ctx.input(2).shape().dim(0)));
}

void max_pool_grad_with_argmax_shape(ShapeContext& ctx) {
  check_backprop(ctx, ctx.input(1).shape(), "grad");
  ctx.add_output(ctx.input(0).dtype(), ctx.input(0).shape());
}

void max_pool_grad_grad_with_argmax_shape(ShapeContext& ctx) {
  if (!ctx.input(1).shape().is_compatible_with(ctx.input(0).shape()))
    ctx.fail("grad has shape " + ctx.input(1).shape().debug_string() + " but input " +
             ctx.input(0).shape().debug_string());
  check_backprop(ctx, ctx.input(2).shape(), "argmax");
  ctx.add_output(ctx.input(0).dtype(), ctx.input(2).shape());
}

template <class Index, class Visit>
void for_each_target(const OpContext& ctx, const Target& target, const Index* argmax, I64 count, Visit visit) {
  for (I64 i = 0; i < count; ++i) {
    const I64 a = static_cast<I64>(argmax[i]);
    if (!target.valid(a))
      ctx.fail("argmax " + std::to_string(a) + " at " + std::to_string(i) + " is outside the input's " +
               std::to_string(target.with_batch ? target.total_in : target.per_image_in) + " elements");
    visit(i, target(i, a));
  }
}

// Each grad element added at the input element its argmax names, in output order.
template <class T>
void max_pool_grad_with_argmax_kernel(KernelContext& ctx) {
  const Tensor &grad = ctx.input(1), &argmax = ctx.input(2);
  T* out = ctx.output(0).mutable_data<T>();
  std::fill_n(out, ctx.output(0).num_elements(), T(0));
  const T* g = grad.data<T>();
  const Target target = target_of(ctx.input(0), argmax, ctx.attr<bool>(kGradIncludeBatchInIndex));
  auto add = [&](I64 i, I64 t) { out[t] += g[i]; };
  if (argmax.dtype() == int64) for_each_target(ctx, target, argmax.data<I64>(), argmax.num_elements(), add);
  else for_each_target(ctx, target, argmax.data<std::int32_t>(), argmax.num_elements(), add);
}

// The input-shaped grad read at each argmax.
template <class T>
void max_pool_grad_grad_with_argmax_kernel(KernelContext& ctx) {
  const Tensor &grad = ctx.input(1), &argmax = ctx.input(2);
  T* out = ctx.output(0).mutable_data<T>();
  const T* g = grad.data<T>();
  const Target target = target_of(ctx.input(0), argmax, ctx.attr<bool>(kGradIncludeBatchInIndex));
  auto read = [&](I64 i, I64 t) { out[i] = g[t]; };
  if (argmax.dtype() == int64) for_each_target(ctx, target, argmax.data<I64>(), argmax.num_elements(), read);
  else for_each_target(ctx, target, argmax.data<std::int32_t>(), argmax.num_elements(), read);
}

const OpDef& kMaxPoolWithArgmax =
    OpBuilder("MaxPoolWithArgmax")
        .inputs(1)
        .attrs({"ksize", "strides", "padding", "data_format", "Targmax", "include_batch_in_index"})
        .shape(max_pool_with_argmax_shape)
        .kernel(float32, max_pool_with_argmax_kernel<float>)
        .kernel(float64, max_pool_with_argmax_kernel<double>)
        .kernel(int32, max_pool_with_argmax_kernel<std::int32_t>)
        .kernel(int64, max_pool_with_argmax_kernel<I64>);
const OpDef& kMaxPoolGradWithArgmax = OpBuilder("MaxPoolGradWithArgmax")
                                          .inputs(3)
                                          .attrs({"include_batch_in_index"})
                                          .shape(max_pool_grad_with_argmax_shape)
                                          .kernel(float32, max_pool_grad_with_argmax_kernel<float>)
                                          .kernel(float64, max_pool_grad_with_argmax_kernel<double>);
const OpDef& kMaxPoolGradGradWithArgmax = OpBuilder("MaxPoolGradGradWithArgmax")
                                              .inputs(3)
                                              .attrs({"include_batch_in_index"})
                                              .shape(max_pool_grad_grad_with_argmax_shape)
                                              .kernel(float32, max_pool_grad_grad_with_argmax_kernel<float>)
                                              .kernel(float64, max_pool_grad_grad_with_argmax_kernel<double>);

}  // namespace

namespace ops::nn {

Tensor flat_max_pool_grad_with_argmax(const Tensor& input, const Tensor& grad, const Tensor& argmax,
                                      bool include_batch_in_index) {
  const AttrValue attrs[] = {include_batch_in_index};
  return execute1(kMaxPoolGradWithArgmax, {input, grad, argmax}, attrs);
}

Tensor flat_max_pool_grad_grad_with_argmax(const Tensor& input, const Tensor& grad, const Tensor& argmax,
                                           bool include_batch_in_index) {
  const AttrValue attrs[] = {include_batch_in_index};
  return execute1(kMaxPoolGradGradWithArgmax, {input, grad, argmax}, attrs);
}

}  // namespace ops::nn

namespace nn {

MaxPoolWithArgmaxResult max_pool_with_argmax(const Tensor& input, const Sizes& ksize, const Sizes& strides,
                                             const Padding& padding, const MaxPoolWithArgmaxOptions& options) {
  const char* op = "MaxPoolWithArgmax";
  if (options.data_format != "NHWC")
    throw InvalidArgumentError("[MaxPoolWithArgmax] data_format values other than \"NHWC\" are not supported, got \"" +
                               options.data_format + "\"");
  if (!padding.explicit_paddings().empty())
    throw InvalidArgumentError("[MaxPoolWithArgmax] padding must be \"SAME\" or \"VALID\", got explicit pairs");
  const ops::AttrValue attrs[] = {expand_sizes(op, ksize, options.data_format, "ksize"),
                                  expand_sizes(op, strides, options.data_format, "strides"),
                                  padding.name(),
                                  options.data_format,
                                  options.output_dtype,
                                  options.include_batch_in_index};
  ops::Outputs both = ops::execute(kMaxPoolWithArgmax, {input}, attrs);
  return {std::move(both[0]), std::move(both[1])};
}

}  // namespace nn
}  // namespace tf

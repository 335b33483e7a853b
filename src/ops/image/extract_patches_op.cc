// ExtractImagePatches: each output pixel holds the window of input pixels it covers, zeros
// outside the image, ordered (window row, window column, channel), for every dtype. Its
// gradient is in autodiff/image_patches_grad.cc.
#include "tfpp/image_patches.h"

#include <string>

#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/nn/window.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;
using ops::nn::Window;

enum Attr { kKsizes, kStrides, kRates, kPadding };

Window window_of(const OpContext& ctx) {
  Window w;
  const ops::nn::Layout nhwc{1, 2, 3};
  w.ksize = ops::nn::spatial_values(ctx, ctx.attr<std::vector<std::int64_t>>(kKsizes), nhwc, "ksizes");
  w.stride = ops::nn::spatial_values(ctx, ctx.attr<std::vector<std::int64_t>>(kStrides), nhwc, "strides");
  w.dilation = ops::nn::spatial_values(ctx, ctx.attr<std::vector<std::int64_t>>(kRates), nhwc, "rates");
  ops::nn::parse_padding(ctx, ctx.attr<std::string>(kPadding), {}, w, false);
  return w;
}

void patches_shape(ShapeContext& ctx) {
  const Window w = window_of(ctx);
  const TensorShape& s = ctx.input(0).shape();
  ops::nn::check_rank4(ctx, s, "input");
  if (s.has_unknown_rank()) {
    ctx.add_output(ctx.input(0).dtype(), TensorShape({None, None, None, None}));
    return;
  }
  const std::int64_t rows = ops::nn::spatial_size(ctx, w, 0, s.dim(1)).out, cols = ops::nn::spatial_size(ctx, w, 1, s.dim(2)).out;
  const std::int64_t depth = s.dim(3) == None ? None : s.dim(3) * w.ksize[0] * w.ksize[1];
  ctx.add_output(ctx.input(0).dtype(), TensorShape({s.dim(0), rows, cols, depth}));
}

template <class S>
void patches_kernel(KernelContext& ctx) {
  const Window w = window_of(ctx);
  const TensorShape& in = ctx.input(0).shape();
  const std::int64_t batch = in.dim(0), h = in.dim(1), wd = in.dim(2), depth = in.dim(3);
  const auto rows = ops::nn::spatial_size(ctx, w, 0, h), cols = ops::nn::spatial_size(ctx, w, 1, wd);
  const S* x = ops::array::elements<S>(ctx.input(0));
  S* out = ops::array::mutable_elements<S>(ctx.output(0));
  for (std::int64_t b = 0; b < batch; ++b)
    for (std::int64_t r = 0; r < rows.out; ++r)
      for (std::int64_t c = 0; c < cols.out; ++c)
        for (std::int64_t i = 0; i < w.ksize[0]; ++i)
          for (std::int64_t j = 0; j < w.ksize[1]; ++j) {
            const std::int64_t y = r * w.stride[0] - rows.pad_before + i * w.dilation[0];
            const std::int64_t xx = c * w.stride[1] - cols.pad_before + j * w.dilation[1];
            const bool inside = y >= 0 && y < h && xx >= 0 && xx < wd;
            for (std::int64_t d = 0; d < depth; ++d) *out++ = inside ? x[((b * h + y) * wd + xx) * depth + d] : S{};
          }
}

const OpDef& kExtractImagePatches = ops::array::copy_op("ExtractImagePatches", 1, patches_shape, {"ksizes", "strides", "rates", "padding"},
                                                        []<class S>() -> KernelFn { return &patches_kernel<S>; });

}  // namespace

namespace image {

Tensor extract_patches(const Tensor& images, const std::vector<std::int64_t>& sizes, const std::vector<std::int64_t>& strides,
                       const std::vector<std::int64_t>& rates, const std::string& padding) {
  const ops::AttrValue attrs[] = {sizes, strides, rates, padding};
  return ops::execute1(kExtractImagePatches, {images}, attrs);
}

}  // namespace image
}  // namespace tf

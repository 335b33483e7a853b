// Gradient of ExtractImagePatches, as TensorFlow's _ExtractImagePatchesGrad: each patch value is
// summed back onto the input pixel it was read from, found by extracting the same patches from
// an image of pixel numbers (0 marking padding); TensorFlow sums through a sparse matmul, tfpp
// through unsorted_segment_sum.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/image_patches.h"
#include "tfpp/segment_ops.h"

namespace tf::autodiff {
namespace {

Grads patches_grad(const GradientContext& ctx, std::span<const Tensor> grads) {
  const auto& sizes = ctx.attr<std::vector<std::int64_t>>(0);
  const Tensor in_shape = shape(ctx.input(0), int64);
  const Tensor rows_in = reshape(slice(in_shape, {1}, {1}), {}), cols_in = reshape(slice(in_shape, {2}, {1}), {});
  const Tensor batch = reshape(slice(in_shape, {0}, {1}), {}), channels = reshape(slice(in_shape, {3}, {1}), {});
  // Pixel numbers 1..rows*cols (0 marks padding), patched as the image was.
  const Tensor pixels_in = rows_in * cols_in;
  const Tensor numbers = reshape(range(constant(std::int64_t{1}), pixels_in + 1, constant(std::int64_t{1})),
                                 stack({constant(std::int64_t{1}), rows_in, cols_in, constant(std::int64_t{1})}));
  const Tensor sources = reshape(image::extract_patches(numbers, sizes, ctx.attr<std::vector<std::int64_t>>(1),
                                         ctx.attr<std::vector<std::int64_t>>(2), ctx.attr<std::string>(3)),
                                 {-1});
  // grad [b, r, c, kr * kc * channels] -> [r * c * kr * kc, b * channels], one row per patch value.
  const Tensor per_pixel = reshape(grads[0], stack({batch, constant(std::int64_t{-1}), channels}));
  const Tensor rows = reshape(tf::transpose(per_pixel, {1, 0, 2}), stack({constant(std::int64_t{-1}), batch * channels}));
  const Tensor summed = math::unsorted_segment_sum(rows, sources, pixels_in + 1);
  const Tensor image_rows = slice(summed, {1, 0}, {-1, -1});  // drop the padding's row
  const Tensor grad = tf::transpose(reshape(image_rows, stack({rows_in, cols_in, batch, channels})), {2, 0, 1, 3});
  return {reshape_to_input(grad, ctx, 0)};
}

}  // namespace

// Attributes: ksizes, strides, rates, padding.
TF_REGISTER_GRADIENT("ExtractImagePatches", patches_grad, {.inputs = true, .outputs = false});

}  // namespace tf::autodiff

// Gradients of the resize ops, as TensorFlow's image_grad.py: ResizeBilinear, ResizeBicubic and
// ScaleAndTranslate through their *Grad ops (bicubic only for float32/float64 images), ResizeNearestNeighbor by
// summing back onto the input's height and width; none for the size. ResizeArea (and the
// bicubic and nearest-neighbour gradient ops) have none in TensorFlow, so a tape raises
// LookupError through them; ResizeBilinearGrad is not differentiable.
#include <string>

#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "autodiff/unregistered_gradients.h"
#include "ops/image/crop_and_resize_ops.h"
#include "ops/image/resize_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"

namespace tf::autodiff {
namespace {

using namespace ops::image;

constexpr std::size_t kAlignCorners = 0, kHalfPixelCenters = 1;

bool align_corners(const GradientContext& ctx) { return ctx.attr<bool>(kAlignCorners); }
bool half_pixel_centers(const GradientContext& ctx) { return ctx.attr<bool>(kHalfPixelCenters); }

Grads resize_bilinear_grad_fn(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {resize_bilinear_grad(dy[0], ctx.input(0), align_corners(ctx), half_pixel_centers(ctx)), Tensor()};
}

Grads resize_bicubic_grad_fn(const GradientContext& ctx, std::span<const Tensor> dy) {
  if (ctx.input_dtype(0) != DType::kFloat32 && ctx.input_dtype(0) != DType::kFloat64) return {Tensor(), Tensor()};
  return {resize_bicubic_grad(dy[0], ctx.input(0), align_corners(ctx), half_pixel_centers(ctx)), Tensor()};
}

Grads resize_nearest_neighbor_grad_fn(const GradientContext& ctx, std::span<const Tensor> dy) {
  const TensorShape& s = ctx.input_shape(0);
  const Tensor size = s.dim(1) != None && s.dim(2) != None
                          ? constant(std::vector<std::int32_t>{static_cast<std::int32_t>(s.dim(1)), static_cast<std::int32_t>(s.dim(2))},
                                     TensorShape({2}))
                          : slice(input_shape_tensor(ctx, 0), {1}, {2});
  return {resize_nearest_neighbor_grad(dy[0], size, align_corners(ctx), half_pixel_centers(ctx)), Tensor()};
}

Grads scale_and_translate_grad_fn(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor grad = scale_and_translate_grad(dy[0], ctx.input(0), ctx.input(2), ctx.input(3), ctx.attr<std::string>(0),
                                               ctx.attr<bool>(1));
  return {grad, Tensor(), Tensor(), Tensor()};
}

// CropAndResize: the image's gradient (float images only) and the boxes' (bilinear sampling's,
// also used for nearest, as TensorFlow approximates it); none for the indices and size.
Grads crop_and_resize_grad_fn(const GradientContext& ctx, std::span<const Tensor> dy) {
  const TensorShape& s = ctx.input_shape(0);
  const Tensor image_size = s.is_fully_defined() ? constant(std::vector<std::int32_t>{static_cast<std::int32_t>(s.dim(0)),
                                                                                      static_cast<std::int32_t>(s.dim(1)),
                                                                                      static_cast<std::int32_t>(s.dim(2)),
                                                                                      static_cast<std::int32_t>(s.dim(3))},
                                                                 TensorShape({4}))
                                                 : cast(input_shape_tensor(ctx, 0), int32);
  const Tensor image = is_floating(ctx.input_dtype(0))
                           ? crop_and_resize_grad_image(dy[0], ctx.input(1), ctx.input(2), image_size, ctx.input_dtype(0),
                                                        ctx.attr<std::string>(0))
                           : Tensor();
  return {image, crop_and_resize_grad_boxes(dy[0], ctx.input(0), ctx.input(1), ctx.input(2)), Tensor(), Tensor()};
}

[[maybe_unused]] const bool kResizeAreaLeftToUsers = leave_gradient_to_users("ResizeArea");
[[maybe_unused]] const bool kResizeBicubicGradLeftToUsers = leave_gradient_to_users("ResizeBicubicGrad");
[[maybe_unused]] const bool kResizeNearestNeighborGradLeftToUsers = leave_gradient_to_users("ResizeNearestNeighborGrad");
[[maybe_unused]] const bool kScaleAndTranslateGradLeftToUsers = leave_gradient_to_users("ScaleAndTranslateGrad");
[[maybe_unused]] const bool kCropAndResizeGradImageLeftToUsers = leave_gradient_to_users("CropAndResizeGradImage");
[[maybe_unused]] const bool kCropAndResizeGradBoxesLeftToUsers = leave_gradient_to_users("CropAndResizeGradBoxes");

}  // namespace

// The bilinear and bicubic gradients read the forward image (for its shape and dtype) only.
TF_REGISTER_GRADIENT("ResizeBilinear", resize_bilinear_grad_fn, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("ResizeBicubic", resize_bicubic_grad_fn, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("ResizeNearestNeighbor", resize_nearest_neighbor_grad_fn, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("ScaleAndTranslate", scale_and_translate_grad_fn, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("CropAndResize", crop_and_resize_grad_fn, {.inputs = true, .outputs = false});
TF_NO_GRADIENT("ResizeBilinearGrad");


}  // namespace tf::autodiff

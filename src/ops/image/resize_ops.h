// The resize ops and their gradient ops (TensorFlow's names and attributes), called by
// tf::image::resize and by the gradients in autodiff/image_resize_grad.cc.
#pragma once

#include <string>

#include "tfpp/tensor.h"

namespace tf::ops::image {

/// ResizeBilinear(images, size): float32 output.
Tensor resize_bilinear(const Tensor& images, const Tensor& size, bool align_corners, bool half_pixel_centers);
/// ResizeNearestNeighbor(images, size): keeps the images' dtype.
Tensor resize_nearest_neighbor(const Tensor& images, const Tensor& size, bool align_corners, bool half_pixel_centers);
/// ResizeBicubic(images, size): float32 output.
Tensor resize_bicubic(const Tensor& images, const Tensor& size, bool align_corners, bool half_pixel_centers);
/// ResizeArea(images, size): float32 output.
Tensor resize_area(const Tensor& images, const Tensor& size, bool align_corners);

/// ScaleAndTranslate(images, size, scale, translation): float32 output; kernel_type names the filter.
Tensor scale_and_translate(const Tensor& images, const Tensor& size, const Tensor& scale, const Tensor& translation,
                           const std::string& kernel_type, bool antialias);

/// ResizeBilinearGrad(grads, original_image): the gradient in original_image's dtype and shape.
Tensor resize_bilinear_grad(const Tensor& grads, const Tensor& original_image, bool align_corners, bool half_pixel_centers);
/// ResizeNearestNeighborGrad(grads, size): sums grads back onto a size[0] x size[1] image.
Tensor resize_nearest_neighbor_grad(const Tensor& grads, const Tensor& size, bool align_corners, bool half_pixel_centers);
/// ResizeBicubicGrad(grads, original_image).
Tensor resize_bicubic_grad(const Tensor& grads, const Tensor& original_image, bool align_corners, bool half_pixel_centers);

/// ScaleAndTranslateGrad(grads, original_image, scale, translation): float32 images only.
Tensor scale_and_translate_grad(const Tensor& grads, const Tensor& original_image, const Tensor& scale,
                                const Tensor& translation, const std::string& kernel_type, bool antialias);

}  // namespace tf::ops::image

// CropAndResize's gradient ops, called by its gradient (autodiff/image_resize_grad.cc).
#pragma once

#include <string>

#include "tfpp/tensor.h"

namespace tf::ops::image {

/// CropAndResizeGradImage: the gradient with respect to an image of image_size [4] and `dtype`.
Tensor crop_and_resize_grad_image(const Tensor& grads, const Tensor& boxes, const Tensor& box_indices, const Tensor& image_size,
                                  DType dtype, const std::string& method);
/// CropAndResizeGradBoxes: the gradient with respect to the boxes (bilinear sampling's).
Tensor crop_and_resize_grad_boxes(const Tensor& grads, const Tensor& image, const Tensor& boxes, const Tensor& box_indices);

}  // namespace tf::ops::image

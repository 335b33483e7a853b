// The gradient of ImageProjectiveTransformV3, as TensorFlow's image_ops.py writes it: the
// incoming gradient transformed by the inverse of each 3x3 transform, with zero fill, back to
// the images' height and width. It is the exact adjoint where the transform maps pixels onto
// pixels one to one (integer shifts, quarter turns) and TensorFlow's approximation elsewhere.
// None for the transforms, the output shape and the fill value.
#include <string>

#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/image_projective_transform.h"
#include "tfpp/linalg_solvers.h"

namespace tf::autodiff {
namespace {

// [N, 8] flat transforms to [N, 3, 3] matrices (the ninth entry is 1), inverted, and back.
Tensor inverse_transforms(const Tensor& transforms) {
  const Tensor ones = ones_like(slice(transforms, {0, 0}, {-1, 1}));
  const Tensor matrices = reshape(concat({transforms, ones}, 1), {-1, 3, 3});
  const Tensor flat = reshape(linalg::inv(matrices), {-1, 9});
  return slice(flat, {0, 0}, {-1, 8}) / slice(flat, {0, 8}, {-1, 1});
}

Grads projective_transform_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const TensorShape& s = ctx.input_shape(0);
  const Tensor size = s.dim(1) != None && s.dim(2) != None
                          ? constant(std::vector<std::int32_t>{static_cast<std::int32_t>(s.dim(1)), static_cast<std::int32_t>(s.dim(2))},
                                     TensorShape({2}))
                          : cast(slice(input_shape_tensor(ctx, 0), {1}, {2}), int32);
  const Tensor grad = image::projective_transform(dy[0], inverse_transforms(ctx.input(1)), size,
                                                  {.interpolation = ctx.attr<std::string>(0),
                                                   .fill_mode = ctx.attr<std::string>(1),
                                                   .fill_value = 0.0});
  return {grad, Tensor(), Tensor(), Tensor()};
}

}  // namespace

TF_REGISTER_GRADIENT("ImageProjectiveTransformV3", projective_transform_grad, {.inputs = true, .outputs = false});

}  // namespace tf::autodiff

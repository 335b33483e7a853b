// AdjustContrastv2: each channel of each image moved away from its mean over height and width,
// (x - mean) * contrast_factor + mean.
#include <string>

#include "ops/execute.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/image_ops.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void adjust_contrast_shape(ShapeContext& ctx) {
  const Tensor& images = ctx.input(0);
  const Tensor& factor = ctx.input(1);
  if (images.dtype() != float32)
    ctx.fail("images has dtype " + std::string(dtype_name(images.dtype())) + "; expected float32");
  if (factor.dtype() != float32)
    ctx.fail("contrast_factor has dtype " + std::string(dtype_name(factor.dtype())) + "; expected float32");
  if (!images.shape().has_unknown_rank() && images.shape().rank() < 3)
    ctx.fail("images must be at least 3-D, got shape " + images.shape().debug_string());
  if (!factor.shape().has_unknown_rank() && factor.shape().rank() != 0)
    ctx.fail("contrast_factor must be a scalar, got shape " + factor.shape().debug_string());
  ctx.add_output(float32, images.shape());
}

void adjust_contrast_kernel(KernelContext& ctx) {
  const TensorShape& shape = ctx.input(0).shape();
  const std::int64_t channels = shape.dim(-1);
  const std::int64_t pixels = shape.dim(-2) * shape.dim(-3);
  const std::int64_t per_image = pixels * channels;
  const std::int64_t images = per_image > 0 ? ctx.input(0).num_elements() / per_image : 0;
  const float factor = ctx.input(1).item<float>();
  const float* in = ctx.input(0).data<float>();
  float* out = ctx.output(0).mutable_data<float>();
  for (std::int64_t image = 0; image < images; ++image) {
    const std::int64_t base = image * per_image;
    for (std::int64_t c = 0; c < channels; ++c) {
      double sum = 0;
      for (std::int64_t p = 0; p < pixels; ++p) sum += in[base + p * channels + c];
      const float mean = static_cast<float>(sum / static_cast<double>(pixels));
      for (std::int64_t p = 0; p < pixels; ++p) {
        const std::int64_t at = base + p * channels + c;
        out[at] = (in[at] - mean) * factor + mean;
      }
    }
  }
}

// As in TensorFlow, it has no gradient until a user registers one (autodiff/image_grad.cc).
const OpDef& kAdjustContrastv2 =
    OpBuilder("AdjustContrastv2").inputs(2).shape(adjust_contrast_shape).kernel(float32, adjust_contrast_kernel);

}  // namespace

namespace image {

Tensor adjust_contrast(const Tensor& images, const Tensor& contrast_factor) {
  // As TensorFlow's tf.image.adjust_contrast: other dtypes are adjusted in float32 and saturated back.
  if (images.dtype() == float32 || !(is_floating(images.dtype()) || is_integer(images.dtype())))
    return ops::execute1(kAdjustContrastv2, {images, contrast_factor});
  const Tensor adjusted = ops::execute1(kAdjustContrastv2, {image::convert_image_dtype(images, float32), contrast_factor});
  return image::convert_image_dtype(adjusted, images.dtype(), true);
}

}  // namespace image
}  // namespace tf

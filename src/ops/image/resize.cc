// tf.image.resize and resize_with_pad, composed as TensorFlow's image_ops_impl.py composes
// them (resize_images_v2): half-pixel centres for bilinear, nearest and bicubic; area; and
// ScaleAndTranslate for the filtered methods and for antialiased bilinear / bicubic.
#include "tfpp/image_resize.h"

#include <algorithm>
#include <cmath>

#include "ops/image/image_checks.h"
#include "ops/image/resize_ops.h"
#include "tfpp/constant.h"
#include "tfpp/image_geometry_ops.h"
#include "tfpp/math_ops.h"

namespace tf::image {
namespace {

using detail::fail;

// ScaleAndTranslate with the output-over-input scale and no translation.
Tensor scale_and_translate(const Tensor& images, const Tensor& size, const std::string& kernel, bool antialias) {
  const Tensor in_size = slice(shape(images), {1}, {2});
  const Tensor scale = cast(size, float32) / cast(in_size, float32);
  return ops::image::scale_and_translate(images, size, scale, zeros({2}), kernel, antialias);
}

Tensor resize_batch(const Tensor& images, const Tensor& size, const ResizeOptions& o) {
  const std::string& m = o.method;
  if (m == ResizeMethod::BILINEAR)
    return o.antialias ? scale_and_translate(images, size, "triangle", true) : ops::image::resize_bilinear(images, size, false, true);
  if (m == ResizeMethod::NEAREST_NEIGHBOR) return ops::image::resize_nearest_neighbor(images, size, false, true);
  if (m == ResizeMethod::BICUBIC)
    return o.antialias ? scale_and_translate(images, size, "keyscubic", true) : ops::image::resize_bicubic(images, size, false, true);
  if (m == ResizeMethod::AREA) return ops::image::resize_area(images, size, false);
  if (m == ResizeMethod::LANCZOS3 || m == ResizeMethod::LANCZOS5 || m == ResizeMethod::GAUSSIAN || m == ResizeMethod::MITCHELLCUBIC)
    return scale_and_translate(images, size, m, o.antialias);
  fail("resize", "Resize method is not implemented: " + m);
}

// The largest size with the image's aspect ratio inside `size`, in float32 as TensorFlow computes it.
Tensor fitted_size(const Tensor& images, const Tensor& size) {
  const Tensor dims = cast(slice(shape(images), {1}, {2}), float32);
  const Tensor wanted = cast(size, float32);
  const Tensor factors = wanted / dims;
  const Tensor factor = minimum(gather(factors, constant(0)), gather(factors, constant(1)));
  return cast(round(factor * dims), int32);
}

}  // namespace

Tensor resize(const Tensor& images, const IntArray& size, const ResizeOptions& options) {
  const TensorShape& s = images.shape();
  if (s.has_unknown_rank()) fail("resize", "'images' contains no shape.");
  if (s.rank() != 3 && s.rank() != 4) fail("resize", "'images' must have either 3 or 4 dimensions.");
  Tensor sizes = size.tensor();
  if (sizes.dtype() != int32) {
    if (sizes.dtype() != int64) fail("resize", "'size' must be a 1-D int32 Tensor");
    sizes = cast(sizes, int32);
  }
  if (!sizes.shape().is_compatible_with(TensorShape({2})))
    fail("resize", "'size' must be a 1-D Tensor of 2 elements: new_height, new_width");
  const Tensor batch = s.rank() == 3 ? expand_dims(images, 0) : images;
  if (options.preserve_aspect_ratio) sizes = fitted_size(batch, sizes);
  const Tensor resized = resize_batch(batch, sizes, options);
  return s.rank() == 3 ? squeeze(resized, {0}) : resized;
}

Tensor resize_with_pad(const Tensor& image, std::int64_t target_height, std::int64_t target_width, const std::string& method,
                       bool antialias) {
  const char* fn = "resize_with_pad";
  detail::check_3d_or_4d(fn, image.shape());
  const Tensor batch = image.shape().rank() == 3 ? expand_dims(image, 0) : image;
  detail::check_at_least_3d(fn, batch.shape());
  if (target_width <= 0) fail(fn, "target_width must be > 0.");
  if (target_height <= 0) fail(fn, "target_height must be > 0.");
  const std::int64_t height = batch.shape().dim(1), width = batch.shape().dim(2);
  if (height == None || width == None)
    fail(fn, "the image's height and width must be known when traced, got shape " + image.shape().to_string());
  // float32 arithmetic, as TensorFlow's casts and divisions.
  const auto fh = static_cast<float>(height), fw = static_cast<float>(width);
  const auto fth = static_cast<float>(target_height), ftw = static_cast<float>(target_width);
  const float ratio = std::max(fw / ftw, fh / fth);
  const float resized_h = fh / ratio, resized_w = fw / ratio;
  const auto pad_h = std::max<std::int64_t>(0, static_cast<std::int32_t>(std::floor((fth - resized_h) / 2)));
  const auto pad_w = std::max<std::int64_t>(0, static_cast<std::int32_t>(std::floor((ftw - resized_w) / 2)));
  const Tensor resized = resize(batch, {static_cast<std::int64_t>(std::floor(resized_h)), static_cast<std::int64_t>(std::floor(resized_w))},
                                {.method = method, .antialias = antialias});
  const Tensor padded = pad_to_bounding_box(resized, pad_h, pad_w, target_height, target_width);
  return image.shape().rank() == 3 ? squeeze(padded, {0}) : padded;
}

}  // namespace tf::image

// tf.image's geometric functions, composed from ReverseV2, Transpose, Slice and Pad as
// TensorFlow's image_ops_impl.py composes them. Offsets and targets are C++ integers, so the
// argument checks TensorFlow makes in Python (ValueError) run here; an image dimension unknown
// while tracing is read from the image's shape at run time.
#include "tfpp/image_geometry_ops.h"

#include <algorithm>
#include <string>

#include "ops/array/gradient_shape_ops.h"
#include "ops/image/image_checks.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"

namespace tf::image {
namespace {

using detail::check_3d_or_4d;
using detail::check_at_least_3d;
using detail::fail;

// The image's rank after TensorFlow's checks for flips, rot90 and transpose.
int checked_rank(const std::string& function, const Tensor& image, bool space = true) {
  check_at_least_3d(function, image.shape());
  check_3d_or_4d(function, image.shape(), space);
  return image.shape().rank();
}

// Dimension `axis` of `image` as an int32 scalar: a constant when static, else read at run time.
Tensor dim_tensor(const Tensor& image, int axis) {
  const std::int64_t d = image.shape().dim(axis);
  if (d != None) return constant(static_cast<std::int32_t>(d));
  return reshape(slice(shape(image), {axis}, {1}), {});
}

// `t` with the static shape TensorFlow's set_shape gives it, when its own is less refined.
Tensor with_static_shape(const Tensor& t, const TensorShape& shape) {
  if (t.shape() == shape) return t;
  return ops::array::ensure_shape(t, shape);
}

// crop_to_bounding_box and pad_to_bounding_box work on batches: a 3-D image becomes a batch of one.
Tensor as_batch(const std::string& function, const Tensor& image) {
  check_3d_or_4d(function, image.shape());
  const Tensor batch = image.shape().rank() == 3 ? expand_dims(image, 0) : image;
  check_at_least_3d(function, batch.shape());
  return batch;
}

Tensor unbatched(const Tensor& result, const Tensor& image) {
  return image.shape().rank() == 3 ? squeeze(result, {0}) : result;
}

// resize_with_crop_or_pad of a batch whose height or width only the run time knows: the
// offsets become int32 tensors, computed as TensorFlow's Python computes them.
Tensor crop_or_pad_traced(const Tensor& batch, std::int64_t target_height, std::int64_t target_width) {
  const auto i32 = [](std::int64_t v) { return constant(static_cast<std::int32_t>(v)); };
  const Tensor zero = i32(0), th = i32(target_height), tw = i32(target_width);
  const Tensor h = dim_tensor(batch, 1), w = dim_tensor(batch, 2);
  const auto half = [&](const Tensor& v) { return maximum(math::floordiv(v, i32(2)), zero); };
  const Tensor crop_h = minimum(th, h), crop_w = minimum(tw, w);
  const Tensor cropped = slice(batch, stack({zero, half(h - th), half(w - tw), zero}), stack({i32(-1), crop_h, crop_w, i32(-1)}));
  const Tensor pad_h = half(th - h), pad_w = half(tw - w);
  const Tensor paddings =
      reshape(stack({zero, zero, pad_h, th - pad_h - crop_h, pad_w, tw - pad_w - crop_w, zero, zero}), {4, 2});
  const TensorShape& s = batch.shape();
  return with_static_shape(pad(cropped, paddings), TensorShape({s.dim(0), target_height, target_width, s.dim(3)}));
}

}  // namespace

Tensor flip_left_right(const Tensor& image) {
  return reverse(image, {checked_rank("flip_left_right", image, false) - 2});
}

Tensor flip_up_down(const Tensor& image) {
  return reverse(image, {checked_rank("flip_up_down", image, false) - 3});
}

Tensor rot90(const Tensor& image, std::int64_t k) {
  const int rank = checked_rank("rot90", image);
  const std::int64_t h = rank - 3, w = rank - 2;
  const IntArray swap = rank == 3 ? IntArray{1, 0, 2} : IntArray{0, 2, 1, 3};
  switch (((k % 4) + 4) % 4) {
    case 1: return tf::transpose(reverse(image, {w}), swap);
    case 2: return reverse(image, {h, w});
    case 3: return reverse(tf::transpose(image, swap), {w});
    default: return image;
  }
}

Tensor transpose(const Tensor& image) {
  return checked_rank("transpose", image) == 3 ? tf::transpose(image, {1, 0, 2}) : tf::transpose(image, {0, 2, 1, 3});
}

Tensor central_crop(const Tensor& image, double central_fraction) {
  if (!(central_fraction > 0.0 && central_fraction <= 1.0)) fail("central_crop", "central_fraction must be within (0, 1]");
  if (central_fraction == 1.0) return image;
  check_at_least_3d("central_crop", image.shape());
  const TensorShape& s = image.shape();
  if (s.rank() != 3 && s.rank() != 4)
    fail("central_crop", "`image` should either be a Tensor with rank = 3 or rank = 4. Had rank = " + std::to_string(s.rank()) + ".");
  const int h_axis = s.rank() - 3, w_axis = s.rank() - 2;
  // TensorFlow computes the start in float64 and truncates it; the size keeps the crop centred.
  std::vector<Tensor> begin(s.rank(), constant(std::int32_t{0})), size(s.rank(), constant(std::int32_t{-1}));
  TensorShape out = s;
  for (int axis : {h_axis, w_axis}) {
    const std::int64_t d = s.dim(axis);
    if (d != None) {
      const double full = static_cast<double>(d);
      const auto start = static_cast<std::int64_t>((full - full * central_fraction) / 2);
      begin[axis] = constant(static_cast<std::int32_t>(start));
      size[axis] = constant(static_cast<std::int32_t>(d - 2 * start));
      out.set_dim(axis, d - 2 * start);
    } else {
      const Tensor dim = dim_tensor(image, axis);
      const Tensor full = cast(dim, float64);
      const Tensor start = cast((full - full * central_fraction) / 2.0, int32);
      begin[axis] = start;
      size[axis] = dim - start * 2;
    }
  }
  return with_static_shape(slice(image, stack(begin), stack(size)), out);
}

Tensor crop_to_bounding_box(const Tensor& image, std::int64_t offset_height, std::int64_t offset_width,
                            std::int64_t target_height, std::int64_t target_width) {
  const char* fn = "crop_to_bounding_box";
  const Tensor batch = as_batch(fn, image);
  const std::int64_t height = batch.shape().dim(1), width = batch.shape().dim(2);
  if (offset_width < 0) fail(fn, "offset_width must be >= 0.");
  if (offset_height < 0) fail(fn, "offset_height must be >= 0.");
  if (target_width <= 0) fail(fn, "target_width must be > 0.");
  if (target_height <= 0) fail(fn, "target_height must be > 0.");
  if (width != None && width < target_width + offset_width) fail(fn, "width must be >= target + offset.");
  if (height != None && height < target_height + offset_height) fail(fn, "height must be >= target + offset.");
  const Tensor cropped = slice(batch, {0, offset_height, offset_width, 0}, {-1, target_height, target_width, -1});
  return unbatched(cropped, image);
}

Tensor pad_to_bounding_box(const Tensor& image, std::int64_t offset_height, std::int64_t offset_width,
                           std::int64_t target_height, std::int64_t target_width) {
  const char* fn = "pad_to_bounding_box";
  const Tensor batch = as_batch(fn, image);
  const TensorShape& s = batch.shape();
  const std::int64_t height = s.dim(1), width = s.dim(2);
  if (offset_height < 0) fail(fn, "offset_height must be >= 0");
  if (offset_width < 0) fail(fn, "offset_width must be >= 0");
  if (width != None && target_width - offset_width - width < 0) fail(fn, "width must be <= target - offset");
  if (height != None && target_height - offset_height - height < 0) fail(fn, "height must be <= target - offset");
  Tensor padded;
  if (height != None && width != None) {
    padded = pad(batch, {{0, 0}, {offset_height, target_height - offset_height - height},
                         {offset_width, target_width - offset_width - width}, {0, 0}});
  } else {
    // The padding after the image depends on its run-time size.
    const Tensor zero = constant(std::int32_t{0});
    const Tensor after_h = constant(static_cast<std::int32_t>(target_height - offset_height)) - dim_tensor(batch, 1);
    const Tensor after_w = constant(static_cast<std::int32_t>(target_width - offset_width)) - dim_tensor(batch, 2);
    const Tensor paddings = reshape(stack({zero, zero, constant(static_cast<std::int32_t>(offset_height)), after_h,
                                           constant(static_cast<std::int32_t>(offset_width)), after_w, zero, zero}),
                                    {4, 2});
    padded = with_static_shape(pad(batch, paddings), TensorShape({s.dim(0), target_height, target_width, s.dim(3)}));
  }
  return unbatched(padded, image);
}

Tensor resize_with_crop_or_pad(const Tensor& image, std::int64_t target_height, std::int64_t target_width) {
  const char* fn = "resize_with_crop_or_pad";
  const Tensor batch = as_batch(fn, image);
  if (target_width <= 0) fail(fn, "target_width must be > 0.");
  if (target_height <= 0) fail(fn, "target_height must be > 0.");
  const std::int64_t height = batch.shape().dim(1), width = batch.shape().dim(2);
  if (height == None || width == None) return unbatched(crop_or_pad_traced(batch, target_height, target_width), image);
  // Python's floor division: an odd surplus leaves the extra row or column at the end.
  const auto floor_half = [](std::int64_t v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); };
  const std::int64_t width_diff = target_width - width, height_diff = target_height - height;
  const Tensor cropped = crop_to_bounding_box(batch, std::max<std::int64_t>(floor_half(-height_diff), 0),
                                              std::max<std::int64_t>(floor_half(-width_diff), 0),
                                              std::min(target_height, height), std::min(target_width, width));
  const Tensor resized = pad_to_bounding_box(cropped, std::max<std::int64_t>(floor_half(height_diff), 0),
                                             std::max<std::int64_t>(floor_half(width_diff), 0), target_height, target_width);
  return unbatched(resized, image);
}

}  // namespace tf::image

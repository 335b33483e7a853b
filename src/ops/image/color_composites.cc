// tf.image's colour functions built from other ops, as TensorFlow's image_ops_impl.py builds
// them: convert_image_dtype's scaling rules (with saturate_cast's clamping), the linear
// colour-space conversions (tensordot with TensorFlow's matrices), grayscale, brightness, gamma
// and per-image standardization.
#include <cmath>
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/visit_integer_dtype.h"
#include "ops/array/gradient_shape_ops.h"
#include "ops/image/adjustments.h"
#include "ops/image/image_checks.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/statistics_ops.h"

namespace tf::image {
namespace {

using detail::fail;

// Integer dtype limits in a type that holds uint64's maximum too.
using Wide = __int128;

// The largest value of an integer dtype (TensorFlow's dtype.max).
Wide max_of(DType d) {
  return visit_integer_dtype(d, [](auto tag) -> Wide {
    using T = decltype(tag);
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) return std::numeric_limits<T>::max();
    else return std::numeric_limits<std::int64_t>::max();
  });
}

Wide min_of(DType d) {
  return visit_integer_dtype(d, [](auto tag) -> Wide {
    using T = decltype(tag);
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) return std::numeric_limits<T>::min();
    else return std::numeric_limits<std::int64_t>::min();
  });
}

// An integer limit as the float dtype `in` holds it, one step nearer zero when rounding pushed
// it out of range; TensorFlow's saturate_cast compares them in float64 and uses np.nextafter.
double float_limit(DType in, Wide limit) {
  const double exact = static_cast<double>(limit);
  if (in == float32) {
    float f = static_cast<float>(limit);
    if (std::abs(static_cast<double>(f)) > std::abs(exact)) f = std::nextafter(f, 0.0f);
    return f;
  }
  return exact;
}

// A value of integer dtype `d` as a scalar of it (through int64, wrapping as casts do).
Tensor integer_scalar(Wide value, DType d) { return cast(constant(static_cast<std::int64_t>(value)), d); }

// TensorFlow's saturate_cast to an integer dtype: clamps to its range (in the input dtype), then casts.
Tensor saturate_cast(const Tensor& value, DType dtype) {
  const DType in = value.dtype();
  if (is_floating(in)) {
    const Tensor lo = scalar_like(value, float_limit(in, min_of(dtype)));
    return cast(clip_by_value(value, lo, scalar_like(value, float_limit(in, max_of(dtype)))), dtype);
  }
  const Tensor lo = integer_scalar(std::max(min_of(in), min_of(dtype)), in);
  return cast(clip_by_value(value, lo, integer_scalar(std::min(max_of(in), max_of(dtype)), in)), dtype);
}

// Python's (a + 1) // (b + 1) for dtype maxima.
Wide range_ratio(Wide a, Wide b) { return (a + 1) / (b + 1); }

// images' last axis contracted with `matrix` [channels, k] as TensorFlow's tensordot does it:
// the pixels as the rows of a matmul, reshaped back with the static shape it knows.
Tensor contract_last(const Tensor& images, const Tensor& matrix) {
  const TensorShape& s = images.shape();
  const std::int64_t k = matrix.shape().dim(1);
  TensorShape out = s;
  out.set_dim(-1, k);
  const Tensor product = matmul(reshape(images, {-1, matrix.shape().dim(0)}), matrix);
  if (out.is_fully_defined()) return reshape(product, std::vector<std::int64_t>(out.dims().begin(), out.dims().end()));
  const Tensor free = slice(shape(images), {0}, {s.rank() - 1});
  const Tensor dims = concat({free, constant(std::vector<std::int32_t>{static_cast<std::int32_t>(k)}, TensorShape({1}))}, 0);
  return ops::array::ensure_shape(reshape(product, dims), out);
}

// A 3x3 colour matrix in `images`' dtype, applied to the last axis.
Tensor linear_colour(const char* function, const Tensor& images, const std::vector<double>& kernel) {
  if (!is_floating(images.dtype()))
    fail(function, "Cannot convert the colour matrix to a tensor of dtype " + std::string(dtype_name(images.dtype())));
  if (images.shape().has_unknown_rank()) fail(function, "'images' needs a known rank when traced");
  return contract_last(images, cast(constant(kernel, TensorShape({3, 3})), images.dtype()));
}

// The float32 image brightness, gamma, saturation and hue work on: float32 as is, others converted.
Tensor as_float32(const Tensor& image) { return image.dtype() == float32 ? image : convert_image_dtype(image, float32); }

}  // namespace

Tensor convert_image_dtype(const Tensor& image, DType dtype, bool saturate) {
  const auto numeric = [](DType d) { return is_floating(d) || is_integer(d); };
  if (!numeric(dtype)) fail("convert_image_dtype", "dtype must be either floating point or integer");
  if (!numeric(image.dtype())) fail("convert_image_dtype", "image dtype must be either floating point or integer");
  if (dtype == image.dtype()) return identity(image);
  const DType in = image.dtype();
  if (is_integer(in) && is_integer(dtype)) {
    const Wide scale_in = max_of(in), scale_out = max_of(dtype);
    if (scale_in > scale_out) {
      // Scaling down: divide first, so in.max lands below out.max + 1, then cast.
      const Tensor scaled = math::floordiv(image, integer_scalar(range_ratio(scale_in, scale_out), in));
      return saturate ? saturate_cast(scaled, dtype) : cast(scaled, dtype);
    }
    const Tensor converted = saturate ? saturate_cast(image, dtype) : cast(image, dtype);
    return multiply(converted, integer_scalar(range_ratio(scale_out, scale_in), dtype));
  }
  if (is_floating(in) && is_floating(dtype)) return cast(image, dtype);
  if (is_integer(in)) return multiply(cast(image, dtype), scalar_like(cast(image, dtype), 1.0 / static_cast<double>(max_of(in))));
  // Float to integer: scale to just past the integer range, then truncate.
  const Tensor scaled = multiply(image, scalar_like(image, static_cast<double>(max_of(dtype)) + 0.5));
  return saturate ? saturate_cast(scaled, dtype) : cast(scaled, dtype);
}

Tensor per_image_standardization(const Tensor& image) {
  detail::check_at_least_3d("per_image_standardization", image.shape());
  const Tensor flt = cast(image, float32);
  const std::int64_t rank = flt.shape().rank();
  const Tensor num_pixels = reduce_prod(slice(shape(flt), {rank - 3}, {3}));
  const Tensor mean = reduce_mean(flt, {-1, -2, -3}, {.keepdims = true});
  const Tensor stddev = math::reduce_std(flt, {-1, -2, -3}, {.keepdims = true});
  const Tensor adjusted_stddev = maximum(stddev, math::rsqrt(cast(num_pixels, float32)));
  return divide(flt - mean, adjusted_stddev);
}

Tensor rgb_to_grayscale(const Tensor& images) {
  if (images.shape().has_unknown_rank()) fail("rgb_to_grayscale", "'images' needs a known rank when traced");
  const Tensor flt = convert_image_dtype(images, float32);
  const Tensor weights = constant(std::vector<float>{0.2989f, 0.5870f, 0.1140f}, TensorShape({3, 1}));
  return convert_image_dtype(contract_last(flt, weights), images.dtype());
}

Tensor grayscale_to_rgb(const Tensor& images) {
  const TensorShape& s = images.shape();
  if (s.has_unknown_rank()) fail("grayscale_to_rgb", "'images' needs a known rank when traced");
  if (s.rank() < 2) fail("grayscale_to_rgb", "A grayscale image (shape " + s.to_string() + ") must be at least two-dimensional.");
  if (s.is_fully_defined() && s.dim(-1) != 1) fail("grayscale_to_rgb", "Last dimension of a grayscale image should be size 1.");
  std::vector<std::int64_t> multiples(s.rank(), 1);
  multiples.back() = 3;
  return tile(images, multiples);
}

Tensor rgb_to_yiq(const Tensor& images) {
  return linear_colour("rgb_to_yiq", images,
                       {0.299, 0.59590059, 0.2115, 0.587, -0.27455667, -0.52273617, 0.114, -0.32134392, 0.31119955});
}

Tensor yiq_to_rgb(const Tensor& images) {
  return linear_colour("yiq_to_rgb", images, {1, 1, 1, 0.95598634, -0.27201283, -1.10674021, 0.6208248, -0.64720424, 1.70423049});
}

Tensor rgb_to_yuv(const Tensor& images) {
  return linear_colour("rgb_to_yuv", images,
                       {0.299, -0.14714119, 0.61497538, 0.587, -0.28886916, -0.51496512, 0.114, 0.43601035, -0.10001026});
}

Tensor yuv_to_rgb(const Tensor& images) {
  return linear_colour("yuv_to_rgb", images, {1, 1, 1, 0, -0.394642334, 2.03206185, 1.13988303, -0.58062185, 0});
}

Tensor adjust_brightness(const Tensor& image, double delta) { return detail::adjust_brightness_by(image, constant(static_cast<float>(delta))); }

Tensor detail::adjust_brightness_by(const Tensor& image, const Tensor& delta) {
  const Tensor flt = as_float32(image);
  return convert_image_dtype(add(flt, cast(delta, flt.dtype())), image.dtype(), true);
}

Tensor adjust_gamma(const Tensor& image, double gamma, double gain) {
  const Tensor flt = as_float32(image);
  if (gamma < 0) fail("adjust_gamma", "Gamma should be a non-negative real number.");
  const Tensor adjusted = scalar_like(flt, gain) * pow(flt, scalar_like(flt, gamma));
  return convert_image_dtype(adjusted, image.dtype(), true);
}

}  // namespace tf::image

// ImageProjectiveTransformV3(images, transforms, output_shape, fill_value; interpolation,
// fill_mode): every output pixel samples the input at its transformed point, as TensorFlow's
// kernel (image_ops.h, which follows scipy.ndimage): the point is first mapped back into the
// image by the fill mode, then read by nearest or bilinear interpolation, with reads outside
// the image giving fill_value (so with CONSTANT the image's edge blends into the fill value).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/constant.h"
#include "tfpp/image_projective_transform.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

constexpr std::size_t kInterpolation = 0, kFillMode = 1;

enum class FillMode { kReflect, kWrap, kConstant, kNearest };

bool parse_fill_mode(const std::string& name, FillMode& mode) {
  if (name == "REFLECT") mode = FillMode::kReflect;
  else if (name == "WRAP") mode = FillMode::kWrap;
  else if (name == "CONSTANT") mode = FillMode::kConstant;
  else if (name == "NEAREST") mode = FillMode::kNearest;
  else return false;
  return true;
}

// A coordinate of the transformed point mapped into [0, len - 1] by the fill mode (CONSTANT
// leaves it outside); the arithmetic is TensorFlow's, in float with integer truncations.
float map_coordinate(float in, std::int64_t len, FillMode mode) {
  const auto last = static_cast<float>(len - 1);
  switch (mode) {
    case FillMode::kConstant:
      return in;
    case FillMode::kNearest:
      return std::clamp(in, 0.0f, last);
    case FillMode::kReflect:  // [abcd] -> [dcba|abcd|dcba]
      if (in < 0) {
        if (len <= 1) {
          in = 0;
        } else {
          const std::int64_t twice = 2 * len;
          if (in < static_cast<float>(twice)) in = static_cast<float>(twice * static_cast<std::int64_t>(-in / static_cast<float>(twice))) + in;
          in = in < static_cast<float>(-len) ? in + static_cast<float>(twice) : -in - 1;
        }
      } else if (in > last) {
        if (len <= 1) {
          in = 0;
        } else {
          const std::int64_t twice = 2 * len;
          in -= static_cast<float>(twice * static_cast<std::int64_t>(in / static_cast<float>(twice)));
          if (in >= static_cast<float>(len)) in = static_cast<float>(twice) - in - 1;
        }
      }
      return std::clamp(in, 0.0f, last);  // 3.5 in a length-4 axis would round to 4
    case FillMode::kWrap:  // [abcd] -> [abcd|abcd|abcd]
      if (in < 0) {
        in = len <= 1 ? 0 : in + static_cast<float>(len * (static_cast<std::int64_t>(-in / last) + 1));
      } else if (in > last) {
        in = len <= 1 ? 0 : in - static_cast<float>(len * static_cast<std::int64_t>(in / last));
      }
      return std::clamp(in, 0.0f, last);
  }
  return in;
}

void projective_transform_shape(ShapeContext& ctx) {
  const Tensor& images = ctx.input(0);
  const Tensor& transforms = ctx.input(1);
  const Tensor& fill_value = ctx.input(3);
  const DType dtype = images.dtype();
  if (!(dtype == float32 || dtype == float64 || dtype == int32 || dtype == int64 || dtype == uint8))
    ctx.fail("images has dtype " + std::string(dtype_name(dtype)) + "; expected uint8, int32, int64, float32 or float64");
  const std::string& interpolation = ctx.attr<std::string>(kInterpolation);
  if (interpolation != "NEAREST" && interpolation != "BILINEAR")
    ctx.fail("Invalid interpolation " + interpolation + "; expected NEAREST or BILINEAR");
  FillMode mode;
  if (!parse_fill_mode(ctx.attr<std::string>(kFillMode), mode))
    ctx.fail("Invalid fill_mode " + ctx.attr<std::string>(kFillMode) + "; expected REFLECT, WRAP, CONSTANT or NEAREST");
  const TensorShape& s = images.shape();
  if (!s.has_unknown_rank() && s.rank() != 4) ctx.fail("Input images must have rank 4, got shape " + s.debug_string());
  if (transforms.dtype() != float32) ctx.fail("transforms must be float32, got " + std::string(dtype_name(transforms.dtype())));
  const TensorShape& t = transforms.shape();
  if (!t.has_unknown_rank() && (t.rank() != 2 || (t.dim(1) != None && t.dim(1) != 8)))
    ctx.fail("Input transform should be num_images x 8 or 1 x 8, got shape " + t.debug_string());
  if (!s.has_unknown_rank() && !t.has_unknown_rank() && t.dim(0) != None && s.dim(0) != None && t.dim(0) != 1 &&
      t.dim(0) != s.dim(0))
    ctx.fail("Input transform should be num_images x 8 or 1 x 8, got transforms " + t.debug_string() + " for images " +
             s.debug_string());
  ops::array::check_int_input(ctx, 2, "output_shape", 1);
  if (ctx.input(2).dtype() != int32) ctx.fail("output_shape must be int32, got " + std::string(dtype_name(ctx.input(2).dtype())));
  if (fill_value.dtype() != float32) ctx.fail("fill_value must be float32, got " + std::string(dtype_name(fill_value.dtype())));
  if (!fill_value.shape().has_unknown_rank() && fill_value.shape().rank() != 0)
    ctx.fail("fill_value must be a scalar, got shape " + fill_value.shape().debug_string());
  std::int64_t height = None, width = None;
  if (const auto values = ops::array::known_int_values(ctx, 2)) {
    if (values->size() != 2) ctx.fail("output_shape must have two elements, got " + std::to_string(values->size()));
    if ((*values)[0] <= 0 || (*values)[1] <= 0) ctx.fail("output dimensions must be positive, got " + ops::array::join_ints(*values));
    height = (*values)[0];
    width = (*values)[1];
  }
  const bool known = !s.has_unknown_rank();
  ctx.add_output(dtype, TensorShape({known ? s.dim(0) : None, height, width, known ? s.dim(3) : None}));
}

template <class T>
void projective_transform_kernel(KernelContext& ctx) {
  const Tensor& images = ctx.input(0);
  const TensorShape& in = images.shape();
  const TensorShape& out = ctx.output(0).shape();
  const std::int64_t batch = in.dim(0), in_h = in.dim(1), in_w = in.dim(2), channels = in.dim(3);
  const std::int64_t out_h = out.dim(1), out_w = out.dim(2);
  const std::int64_t num_transforms = ctx.input(1).shape().dim(0);
  if (num_transforms != 1 && num_transforms != batch)
    ctx.fail("Input transform should be num_images x 8 or 1 x 8, got " + std::to_string(num_transforms) + " transforms for " +
             std::to_string(batch) + " images");
  FillMode mode;
  parse_fill_mode(ctx.attr<std::string>(kFillMode), mode);
  const bool bilinear = ctx.attr<std::string>(kInterpolation) == "BILINEAR";
  const T fill = static_cast<T>(ctx.input(3).item<float>());
  const T* src = images.data<T>();
  const float* transforms = ctx.input(1).data<float>();
  T* dst = ctx.output(0).mutable_data<T>();

  for (std::int64_t b = 0; b < batch; ++b) {
    const float* m = transforms + (num_transforms == 1 ? 0 : 8 * b);
    const T* image = src + b * in_h * in_w * channels;
    // The pixel (y, x) channel c, or fill outside the image.
    auto read = [&](std::int64_t y, std::int64_t x, std::int64_t c) -> T {
      return (0 <= y && y < in_h && 0 <= x && x < in_w) ? image[(y * in_w + x) * channels + c] : fill;
    };
    for (std::int64_t oy = 0; oy < out_h; ++oy)
      for (std::int64_t ox = 0; ox < out_w; ++ox, dst += channels) {
        const auto fx = static_cast<float>(ox), fy = static_cast<float>(oy);
        const float projection = m[6] * fx + m[7] * fy + 1.0f;
        if (projection == 0) {  // a point at infinity: outside the image
          std::fill_n(dst, channels, fill);
          continue;
        }
        const float x = map_coordinate((m[0] * fx + m[1] * fy + m[2]) / projection, in_w, mode);
        const float y = map_coordinate((m[3] * fx + m[4] * fy + m[5]) / projection, in_h, mode);
        // Only CONSTANT leaves points outside; within a pixel of the edge they still blend with
        // the fill value (TensorFlow 2.21's kernel), farther out they are the fill value.
        if (x <= -1 || x >= static_cast<float>(in_w) || y <= -1 || y >= static_cast<float>(in_h)) {
          std::fill_n(dst, channels, fill);
          continue;
        }
        if (!bilinear) {
          const auto ny = static_cast<std::int64_t>(std::round(y)), nx = static_cast<std::int64_t>(std::round(x));
          for (std::int64_t c = 0; c < channels; ++c) dst[c] = read(ny, nx, c);
          continue;
        }
        const float y0 = std::floor(y), x0 = std::floor(x), y1 = y0 + 1, x1 = x0 + 1;
        const auto iy0 = static_cast<std::int64_t>(y0), ix0 = static_cast<std::int64_t>(x0);
        for (std::int64_t c = 0; c < channels; ++c) {
          const float top = (x1 - x) * static_cast<float>(read(iy0, ix0, c)) + (x - x0) * static_cast<float>(read(iy0, ix0 + 1, c));
          const float bottom =
              (x1 - x) * static_cast<float>(read(iy0 + 1, ix0, c)) + (x - x0) * static_cast<float>(read(iy0 + 1, ix0 + 1, c));
          dst[c] = static_cast<T>((y1 - y) * top + (y - y0) * bottom);
        }
      }
  }
}

const OpDef& kImageProjectiveTransformV3 =
    OpBuilder("ImageProjectiveTransformV3")
        .inputs(4)
        .attrs({"interpolation", "fill_mode"})
        .shape(projective_transform_shape)
        .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t>(
            []<class T>() -> KernelFn { return &projective_transform_kernel<T>; });

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
}

}  // namespace

namespace image {

Tensor projective_transform(const Tensor& images, const Tensor& transforms, const IntArray& output_shape,
                            const ProjectiveTransformOptions& options) {
  const AttrValue attrs[] = {upper(options.interpolation), upper(options.fill_mode)};
  const Tensor fill_value = constant(static_cast<float>(options.fill_value));
  return ops::execute1(kImageProjectiveTransformV3, {images, transforms, output_shape.tensor(), fill_value}, attrs);
}

}  // namespace image
}  // namespace tf

// RGBToHSV and HSVToRGB (float32/float64) and AdjustSaturation and AdjustHue (float32, as
// TensorFlow's CPU kernels): per-pixel colour-space arithmetic on the last axis, in the order
// of operations TensorFlow's kernels use so the results round alike.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "ops/allowed_dtypes.h"
#include "ops/execute.h"
#include "ops/image/adjustments.h"
#include "ops/image/image_checks.h"
#include "tfpp/errors.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

std::string channels_of(const TensorShape& s) { return std::to_string(s.dim(-1)); }

// RGBToHSV / HSVToRGB: T floating (float16 / bfloat16 through float32), rank >= 1, three channels.
void colorspace_shape(ShapeContext& ctx) {
  const Tensor& images = ctx.input(0);
  ops::check_type_attr(ctx, images.dtype(), std::array{DType::kFloat16, DType::kBFloat16, DType::kFloat32, DType::kFloat64});
  const TensorShape& s = images.shape();
  if (!s.has_unknown_rank() && s.rank() < 1) ctx.fail("input must be at least 1D" + s.debug_string());
  if (!s.has_unknown_rank() && s.dim(-1) != None && s.dim(-1) != 3)
    throw FailedPreconditionError("[" + ctx.op().name + "] input must have 3 channels but input only has " + channels_of(s) +
                                  " channels.");
  ctx.add_output(images.dtype(), s);
}

template <class T>
void rgb_to_hsv_kernel(KernelContext& ctx) {
  const std::int64_t pixels = ctx.input(0).num_elements() / 3;
  const T* in = ctx.input(0).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  for (std::int64_t i = 0; i < pixels; ++i, in += 3, out += 3) {
    const T r = in[0], g = in[1], b = in[2];
    const T v = std::max(r, std::max(g, b));
    const T range = v - std::min(r, std::min(g, b));
    const T norm = (T(1) / range) * (T(1) / T(6));
    T h = r == v ? norm * (g - b) : g == v ? norm * (b - r) + T(2) / T(6) : norm * (r - g) + T(4) / T(6);
    if (!(range > T(0))) h = T(0);
    if (h < T(0)) h = h + T(1);
    out[0] = h;
    out[1] = v > T(0) ? range / v : T(0);
    out[2] = v;
  }
}

template <class T>
void hsv_to_rgb_kernel(KernelContext& ctx) {
  const std::int64_t pixels = ctx.input(0).num_elements() / 3;
  const T* in = ctx.input(0).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  const auto clamp01 = [](T x) { return std::min(std::max(x, T(0)), T(1)); };
  for (std::int64_t i = 0; i < pixels; ++i, in += 3, out += 3) {
    const T h = in[0], s = in[1], v = in[2];
    const T dh = h * T(6);
    const T dr = clamp01(std::abs(dh - T(3)) - T(1));
    const T dg = clamp01(-std::abs(dh - T(2)) + T(2));
    const T db = clamp01(-std::abs(dh - T(4)) + T(2));
    const T one_s = -s + T(1);
    out[0] = (one_s + s * dr) * v;
    out[1] = (one_s + s * dg) * v;
    out[2] = (one_s + s * db) * v;
  }
}

// AdjustSaturation / AdjustHue: float32 images of rank >= 3 and a float32 scalar.
void adjust_shape(ShapeContext& ctx) {
  const Tensor& images = ctx.input(0);
  const Tensor& factor = ctx.input(1);
  const std::string what = ctx.op().name == "AdjustHue" ? "delta" : "scale";
  if (images.dtype() != float32)
    ctx.fail("images has dtype " + std::string(dtype_name(images.dtype())) + "; expected float32");
  if (factor.dtype() != float32) ctx.fail(what + " has dtype " + std::string(dtype_name(factor.dtype())) + "; expected float32");
  const TensorShape& s = images.shape();
  if (!s.has_unknown_rank() && s.rank() < 3) ctx.fail("input must be at least 3-D, got shape" + s.debug_string());
  if (!factor.shape().has_unknown_rank() && factor.shape().rank() != 0)
    ctx.fail(what + " must be scalar: " + factor.shape().debug_string());
  if (!s.has_unknown_rank() && s.dim(-1) != None && s.dim(-1) != 3)
    ctx.fail("input must have 3 channels but instead has " + channels_of(s) + " channels.");
  ctx.add_output(float32, s);
}

// TensorFlow's AdjustSaturation helpers; note the hue offsets are added in double.
void saturation_rgb_to_hsv(float r, float g, float b, float& h, float& s, float& v) {
  const float vv = std::max(r, std::max(g, b));
  const float range = vv - std::min(r, std::min(g, b));
  s = vv > 0 ? range / vv : 0;
  const float norm = 1.0f / (6.0f * range);
  float hh;
  if (r == vv) hh = norm * (g - b);
  else if (g == vv) hh = static_cast<float>(norm * (b - r) + 2.0 / 6.0);
  else hh = static_cast<float>(norm * (r - g) + 4.0 / 6.0);
  if (range <= 0.0) hh = 0;
  if (hh < 0.0) hh = hh + 1;
  v = vv;
  h = hh;
}

void saturation_hsv_to_rgb(float h, float s, float v, float* rgb) {
  const float c = s * v, m = v - c, dh = h * 6;
  float fmodu = dh;
  while (fmodu <= 0) fmodu += 2.0f;
  while (fmodu >= 2.0f) fmodu -= 2.0f;
  const float x = c * (1 - std::abs(fmodu - 1));
  float rr = 0, gg = 0, bb = 0;
  switch (static_cast<int>(dh)) {
    case 0: rr = c, gg = x; break;
    case 1: rr = x, gg = c; break;
    case 2: gg = c, bb = x; break;
    case 3: gg = x, bb = c; break;
    case 4: rr = x, bb = c; break;
    case 5: rr = c, bb = x; break;
    default: break;
  }
  rgb[0] = rr + m;
  rgb[1] = gg + m;
  rgb[2] = bb + m;
}

void adjust_saturation_kernel(KernelContext& ctx) {
  const std::int64_t pixels = ctx.input(0).num_elements() / 3;
  const float scale = ctx.input(1).item<float>();
  const float* in = ctx.input(0).data<float>();
  float* out = ctx.output(0).mutable_data<float>();
  for (std::int64_t i = 0; i < pixels; ++i, in += 3, out += 3) {
    float h, s, v;
    saturation_rgb_to_hsv(in[0], in[1], in[2], h, s, v);
    saturation_hsv_to_rgb(h, std::min(1.0f, std::max(0.0f, s * scale)), v, out);
  }
}

// Hue in [0, 6) with the smallest and largest channel, as TensorFlow's AdjustHue keeps them.
struct HueRange {
  float h, v_min, v_max;
};

HueRange rgb_to_hue_range(float r, float g, float b) {
  float v_min, v_mid, v_max;
  int category;
  if (r < g) {
    if (b < r) v_max = g, v_mid = r, v_min = b, category = 1;
    else if (b > g) v_max = b, v_mid = g, v_min = r, category = 3;
    else v_max = g, v_mid = b, v_min = r, category = 2;
  } else {
    if (b < g) v_max = r, v_mid = g, v_min = b, category = 0;
    else if (b > r) v_max = b, v_mid = r, v_min = g, category = 4;
    else v_max = r, v_mid = b, v_min = g, category = 5;
  }
  if (v_max == v_min) return {0, v_min, v_max};
  const float ratio = (v_mid - v_min) / (v_max - v_min);
  return {category + ((category & 1) == 0 ? ratio : 1 - ratio), v_min, v_max};
}

void hue_range_to_rgb(const HueRange& hr, float* rgb) {
  const int category = static_cast<int>(hr.h);
  float ratio = hr.h - category;
  if (category & 1) ratio = 1 - ratio;
  const float v_mid = hr.v_min + ratio * (hr.v_max - hr.v_min);
  const float lo = hr.v_min, mid = v_mid, hi = hr.v_max;
  switch (category) {
    case 0: rgb[0] = hi, rgb[1] = mid, rgb[2] = lo; break;
    case 1: rgb[0] = mid, rgb[1] = hi, rgb[2] = lo; break;
    case 2: rgb[0] = lo, rgb[1] = hi, rgb[2] = mid; break;
    case 3: rgb[0] = lo, rgb[1] = mid, rgb[2] = hi; break;
    case 4: rgb[0] = mid, rgb[1] = lo, rgb[2] = hi; break;
    default: rgb[0] = hi, rgb[1] = lo, rgb[2] = mid; break;
  }
}

void adjust_hue_kernel(KernelContext& ctx) {
  const std::int64_t pixels = ctx.input(0).num_elements() / 3;
  const float delta = ctx.input(1).item<float>();
  const float* in = ctx.input(0).data<float>();
  float* out = ctx.output(0).mutable_data<float>();
  constexpr int kRange = 6;
  for (std::int64_t i = 0; i < pixels; ++i, in += 3, out += 3) {
    HueRange hr = rgb_to_hue_range(in[0], in[1], in[2]);
    hr.h += delta * kRange;
    while (hr.h < 0) hr.h += kRange;
    while (hr.h >= kRange) hr.h -= kRange;
    hue_range_to_rgb(hr, out);
  }
}

const auto kRgbToHsvKernels = []<class T>() -> KernelFn { return &rgb_to_hsv_kernel<T>; };
const auto kHsvToRgbKernels = []<class T>() -> KernelFn { return &hsv_to_rgb_kernel<T>; };

const OpDef& kRGBToHSV = OpBuilder("RGBToHSV").inputs(1).shape(colorspace_shape).kernels<float, double>(kRgbToHsvKernels);
// The gradients live in autodiff/image_grad.cc: RGBToHSV has one, HSVToRGB none (as in TensorFlow).
const OpDef& kHSVToRGB = OpBuilder("HSVToRGB").inputs(1).shape(colorspace_shape).kernels<float, double>(kHsvToRgbKernels);
const OpDef& kAdjustSaturation =
    OpBuilder("AdjustSaturation").inputs(2).shape(adjust_shape).kernel(float32, adjust_saturation_kernel);
const OpDef& kAdjustHue = OpBuilder("AdjustHue").inputs(2).shape(adjust_shape).kernel(float32, adjust_hue_kernel);

// TensorFlow computes saturation and hue on float32 and converts back to the image's dtype.
Tensor adjusted_in_float32(const OpDef& op, const Tensor& image, const Tensor& factor) {
  const DType dtype = image.dtype();
  const Tensor flt = dtype == float32 ? image : image::convert_image_dtype(image, float32);
  const Tensor adjusted = ops::execute1(op, {flt, factor.dtype() == float32 ? factor : cast(factor, float32)});
  return image::convert_image_dtype(adjusted, dtype);
}

}  // namespace

namespace image {

Tensor rgb_to_hsv(const Tensor& images) { return ops::execute1(kRGBToHSV, {images}); }
Tensor hsv_to_rgb(const Tensor& images) { return ops::execute1(kHSVToRGB, {images}); }

Tensor adjust_saturation(const Tensor& image, double saturation_factor) {
  return detail::adjust_saturation_by(image, constant(static_cast<float>(saturation_factor)));
}

Tensor adjust_hue(const Tensor& image, double delta) {
  if (delta < -1 || delta > 1) detail::fail("adjust_hue", "delta must be in the interval [-1, 1]");
  return detail::adjust_hue_by(image, constant(static_cast<float>(delta)));
}

Tensor detail::adjust_saturation_by(const Tensor& image, const Tensor& factor) {
  return adjusted_in_float32(kAdjustSaturation, image, factor);
}

Tensor detail::adjust_hue_by(const Tensor& image, const Tensor& delta) { return adjusted_in_float32(kAdjustHue, image, delta); }

}  // namespace image
}  // namespace tf

// ExtractGlimpseV2 (float32): TensorFlow's GlimpseExtractionOp (version 2) on NHWC images: the
// window's corner from the offsets, truncated toward zero; a window that reaches an edge is first
// filled with noise (uniform between the image's minimum and maximum, per-channel Gaussian of the
// channel's mean and deviation clipped to its range, or zeros) and then gets the pixels it covers.
// The noise draws from tfpp's generator, so only its distribution matches TensorFlow's.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "tfpp/image_glimpse.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

enum Attr { kCentered, kNormalized, kUniformNoise, kNoise };

void glimpse_shape(ShapeContext& ctx) {
  const Tensor& input = ctx.input(0);
  const Tensor& size = ctx.input(1);
  const Tensor& offsets = ctx.input(2);
  if (input.dtype() != float32 || offsets.dtype() != float32)
    ctx.fail("input and offsets must be float32, got " + std::string(dtype_name(input.dtype())) + " and " +
             std::string(dtype_name(offsets.dtype())));
  if (size.dtype() != int32) ctx.fail("size must be int32, got " + std::string(dtype_name(size.dtype())));
  const std::string& noise = ctx.attr<std::string>(kNoise);
  if (noise != "uniform" && noise != "gaussian" && noise != "zero" && !noise.empty())
    ctx.fail("The noise could only be uniform, gaussian, or zero, got" + noise);
  const TensorShape& in = input.shape();
  if (!in.has_unknown_rank() && in.rank() != 4)
    ctx.fail("input must be 4-dimensional (batch_size, height, width, depth)" + in.debug_string());
  const TensorShape& s = size.shape();
  if (!s.has_unknown_rank() && (s.rank() != 1 || (s.dim(0) != None && s.dim(0) != 2)))
    ctx.fail("input must be a vector of size 2 (height, width)" + s.debug_string());
  const TensorShape& o = offsets.shape();
  if (!o.has_unknown_rank() && o.rank() != 2) ctx.fail("input must be a matrix" + o.debug_string());
  if (!o.has_unknown_rank() && !in.has_unknown_rank() && o.dim(0) != None && in.dim(0) != None && o.dim(0) != in.dim(0))
    ctx.fail("first dimension should be batch" + o.debug_string());
  if (!o.has_unknown_rank() && o.dim(1) != None && o.dim(1) != 2) ctx.fail("second dimension should be of size 2 (y,x)" + o.debug_string());
  std::int64_t h = None, w = None;
  if (!size.is_symbolic()) {
    h = size.data<std::int32_t>()[0];
    w = size.data<std::int32_t>()[1];
  }
  const bool known = !in.has_unknown_rank();
  ctx.add_output(float32, TensorShape({known ? in.dim(0) : None, h, w, known ? in.dim(3) : None}));
}

// One axis of the window: where it starts in the image, its length there, and where that lands in the glimpse.
struct Span {
  std::int64_t source = 0, length = 0, target = 0;
  bool partial = false;
};

Span span(std::int64_t offset, std::int64_t window, std::int64_t extent) {
  Span s{offset, window, 0, false};
  if (offset < 0) {
    s.source = 0;
    s.length = std::max<std::int64_t>(0, window + offset);
    s.target = window - s.length;
    s.partial = true;
  } else if (offset + window >= extent) {
    s.length = std::max<std::int64_t>(0, extent - offset);
    s.partial = true;
  }
  s.length = std::min(extent, s.length);
  return s;
}

void glimpse_kernel(KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  const std::int64_t batch = input.shape().dim(0), height = input.shape().dim(1), width = input.shape().dim(2),
                     channels = input.shape().dim(3);
  const std::int64_t gh = ctx.input(1).data<std::int32_t>()[0], gw = ctx.input(1).data<std::int32_t>()[1];
  if (gh < 0 || gw < 0) ctx.fail("size must be non-negative, got [" + std::to_string(gh) + ", " + std::to_string(gw) + "]");
  Tensor out = core::empty(float32, TensorShape({batch, gh, gw, channels}));
  float* dst = out.mutable_data<float>();
  const float* src = input.data<float>();
  const bool centered = ctx.attr<bool>(kCentered), normalized = ctx.attr<bool>(kNormalized);
  const std::string& noise = ctx.attr<std::string>(kNoise);
  std::mt19937 rng{std::random_device{}()};
  for (std::int64_t b = 0; b < batch && out.num_elements() > 0; ++b) {
    float y = ctx.input(2).data<float>()[2 * b], x = ctx.input(2).data<float>()[2 * b + 1];
    if (normalized) {
      x *= width;
      y *= height;
      if (centered) {
        x = x / 2.0f + width / 2.0f - gw / 2.0f;
        y = y / 2.0f + height / 2.0f - gh / 2.0f;
      }
    } else if (centered) {
      x += width / 2.0f;
      y += height / 2.0f;
    }
    const Span sx = span(static_cast<std::int64_t>(x), gw, width), sy = span(static_cast<std::int64_t>(y), gh, height);
    const float* image = src + b * height * width * channels;
    float* glimpse = dst + b * gh * gw * channels;
    const std::int64_t pixels = height * width, n = gh * gw * channels;
    if (sx.partial || sy.partial) {
      if (noise == "zero") {
        std::fill(glimpse, glimpse + n, 0.0f);
      } else if (noise == "gaussian") {
        for (std::int64_t c = 0; c < channels; ++c) {
          float lo = image[c], hi = image[c];
          double sum = 0;
          for (std::int64_t p = 0; p < pixels; ++p) {
            lo = std::min(lo, image[p * channels + c]);
            hi = std::max(hi, image[p * channels + c]);
            sum += image[p * channels + c];
          }
          const double mean = sum / pixels;
          double squares = 0;
          for (std::int64_t p = 0; p < pixels; ++p) squares += (image[p * channels + c] - mean) * (image[p * channels + c] - mean);
          std::normal_distribution<float> normal(static_cast<float>(mean), static_cast<float>(std::sqrt(squares / pixels)));
          for (std::int64_t p = 0; p < gh * gw; ++p) glimpse[p * channels + c] = std::clamp(normal(rng), lo, hi);
        }
      } else {  // uniform between the image's minimum and maximum
        const auto [lo, hi] = std::minmax_element(image, image + pixels * channels);
        std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
        for (std::int64_t i = 0; i < n; ++i) glimpse[i] = *lo + uniform(rng) * (*hi - *lo);
      }
    }
    for (std::int64_t r = 0; r < sy.length; ++r)
      std::copy_n(image + ((sy.source + r) * width + sx.source) * channels, sx.length * channels,
                  glimpse + ((sy.target + r) * gw + sx.target) * channels);
  }
  ctx.output(0) = std::move(out);
}

const OpDef& kExtractGlimpseV2 = OpBuilder("ExtractGlimpseV2")
                                     .inputs(3)
                                     .attrs({"centered", "normalized", "uniform_noise", "noise"})
                                     .shape(glimpse_shape)
                                     .kernel(float32, glimpse_kernel)
                                     .kernel_allocates_outputs()
                                     .stateful()
                                     .no_gradient();

}  // namespace

namespace image {

Tensor extract_glimpse(const Tensor& input, const Tensor& size, const Tensor& offsets, const GlimpseOptions& options) {
  const ops::AttrValue attrs[] = {options.centered, options.normalized, false, options.noise};
  return ops::execute1(kExtractGlimpseV2, {input, size, offsets}, attrs);
}

}  // namespace image
}  // namespace tf

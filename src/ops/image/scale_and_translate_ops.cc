// ScaleAndTranslate and ScaleAndTranslateGrad: resampling with a named filter (lanczos1/3/5,
// gaussian, box, triangle, keyscubic, mitchellcubic), optionally widened when downsampling
// (antialias), as TensorFlow's kernels do it: per axis, each output pixel gets a span of
// input pixels and normalized filter weights; rows are gathered first, then columns.
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "ops/allowed_dtypes.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/image/resize_common.h"
#include "ops/image/resize_ops.h"

namespace tf::ops::image {
namespace {

constexpr std::size_t kKernelType = 0, kAntialias = 1;

// A sampling filter: its weight at distance x (x >= 0) and its radius.
struct Filter {
  std::function<float(float)> weight;
  float radius;
};

Filter lanczos(float radius) {
  return {[radius](float x) {
            constexpr float kPi = 3.14159265359f;
            x = std::abs(x);
            if (x > radius) return 0.0f;
            if (x <= 1e-3f) return 1.0f;  // the limit of sin(x) / x at 0
            return radius * std::sin(kPi * x) * std::sin(kPi * x / radius) / (kPi * kPi * x * x);
          },
          radius};
}

// The filter named by the kernel_type attribute, or nullopt for an unknown name.
std::optional<Filter> filter_named(const std::string& name) {
  if (name == "lanczos1") return lanczos(1.0f);
  if (name == "lanczos3") return lanczos(3.0f);
  if (name == "lanczos5") return lanczos(5.0f);
  if (name == "gaussian") {
    constexpr float kRadius = 1.5f, kSigma = kRadius / 3.0f;
    return Filter{[](float x) {
                    x = std::abs(x);
                    return x >= kRadius ? 0.0f : static_cast<float>(std::exp(-x * x / (2.0 * kSigma * kSigma)));
                  },
                  kRadius};
  }
  if (name == "box")
    return Filter{[](float x) {
                    x = std::abs(x);
                    return x < 0.5f ? 1.0f : x == 0.5f ? 0.5f : 0.0f;
                  },
                  1.0f};
  if (name == "triangle") return Filter{[](float x) { return std::abs(x) < 1.0f ? 1.0f - std::abs(x) : 0.0f; }, 1.0f};
  if (name == "keyscubic")
    return Filter{[](float x) {
                    x = std::abs(x);
                    if (x >= 2.0f) return 0.0f;
                    if (x >= 1.0f) return ((-0.5f * x + 2.5f) * x - 4.0f) * x + 2.0f;
                    return ((1.5f * x - 2.5f) * x) * x + 1.0f;
                  },
                  2.0f};
  if (name == "mitchellcubic")
    return Filter{[](float x) {
                    x = std::abs(x);
                    if (x >= 2.0f) return 0.0f;
                    if (x >= 1.0f) return (((-7.0f / 18.0f) * x + 2.0f) * x - 10.0f / 3.0f) * x + 16.0f / 9.0f;
                    return (((7.0f / 6.0f) * x - 2.0f) * x) * x + 8.0f / 9.0f;
                  },
                  2.0f};
  return std::nullopt;
}

// Per output pixel of one axis: the first input pixel it reads and span_size weights.
struct Spans {
  int span_size = 0;
  std::vector<std::int32_t> starts;
  std::vector<float> weights;
};

Spans compute_spans(const Filter& filter, std::int64_t output_size, std::int64_t input_size, float scale, float translate,
                    bool antialias) {
  const auto inv_scale = static_cast<float>(1.0 / scale);
  const float inv_translate = -inv_scale * translate;
  // Downsampling widens the filter (a low-pass filter as well as an interpolation).
  const float kernel_scale = antialias ? std::max(inv_scale, 1.0f) : 1.0f;
  Spans spans;
  spans.span_size = std::min(2 * static_cast<int>(std::ceil(filter.radius * kernel_scale)) + 1, static_cast<int>(input_size));
  spans.starts.assign(output_size, 0);
  spans.weights.assign(static_cast<std::size_t>(spans.span_size) * output_size, 0.0f);
  const float one_over_kernel_scale = 1.0f / kernel_scale;
  std::vector<float> weights;
  for (std::int64_t x = 0; x < output_size; ++x) {
    const float sample = (static_cast<float>(x) + 0.5f) * inv_scale + inv_translate;
    if (sample < 0 || sample > static_cast<float>(input_size)) continue;  // outside the source: an empty span
    auto start = static_cast<std::int64_t>(std::ceil(sample - filter.radius * kernel_scale - 0.5f));
    auto end = static_cast<std::int64_t>(std::floor(sample + filter.radius * kernel_scale - 0.5f));
    start = std::clamp<std::int64_t>(start, 0, input_size - 1);
    end = std::clamp<std::int64_t>(end, 0, input_size - 1) + 1;
    float total = 0.0f;
    weights.clear();
    for (std::int64_t source = start; source < end; ++source) {
      const float w = filter.weight(std::abs((static_cast<float>(source) + 0.5f - sample) * one_over_kernel_scale));
      total += w;
      weights.push_back(w);
    }
    if (std::abs(total) >= 1000.0f * std::numeric_limits<float>::min()) {
      const float inverse = 1.0f / total;
      for (std::size_t k = 0; k < weights.size(); ++k) spans.weights[x * spans.span_size + k] = weights[k] * inverse;
    }
    spans.starts[x] = static_cast<std::int32_t>(start);
  }
  return spans;
}

// The spans of the gradient: per forward input pixel, the forward outputs that read it.
Spans gradient_spans(const Spans& forward, std::int64_t forward_output_size, std::int64_t forward_input_size) {
  std::vector<std::vector<std::pair<std::int64_t, float>>> readers(forward_input_size);
  for (std::int64_t out = 0; out < forward_output_size; ++out)
    for (int j = 0; j < forward.span_size; ++j) {
      const float w = forward.weights[out * forward.span_size + j];
      const std::int64_t in = forward.starts[out] + j;
      if (w != 0.0f && in < forward_input_size) readers[in].push_back({out, w});
    }
  Spans spans;
  for (const auto& r : readers)
    if (!r.empty()) spans.span_size = std::max<int>(spans.span_size, static_cast<int>(r.back().first - r.front().first + 1));
  spans.starts.assign(forward_input_size, 0);
  spans.weights.assign(static_cast<std::size_t>(spans.span_size) * forward_input_size, 0.0f);
  for (std::int64_t in = 0; in < forward_input_size; ++in) {
    if (readers[in].empty()) continue;
    spans.starts[in] = static_cast<std::int32_t>(readers[in].front().first);
    for (const auto& [out, w] : readers[in]) spans.weights[in * spans.span_size + out - spans.starts[in]] += w;
  }
  return spans;
}

// out[b] = columns(rows(image[b])): each pass sums span weights times input lines in order.
template <class T>
void gather_spans(const Spans& rows, const Spans& cols, const T* image, std::int64_t batch, std::int64_t in_h, std::int64_t in_w,
                  std::int64_t out_h, std::int64_t out_w, std::int64_t channels, float* out) {
  std::vector<float> middle(out_h * in_w * channels);
  const std::int64_t in_row = in_w * channels;
  for (std::int64_t b = 0; b < batch; ++b, image += in_h * in_row, out += out_h * out_w * channels) {
    std::fill(middle.begin(), middle.end(), 0.0f);
    for (std::int64_t y = 0; y < out_h; ++y) {
      float* dst = middle.data() + y * in_row;
      const std::int64_t count = std::min<std::int64_t>(rows.starts[y] + rows.span_size, in_h) - rows.starts[y];
      for (std::int64_t k = 0; k < count; ++k) {
        const float w = rows.weights[y * rows.span_size + k];
        const T* src = image + (rows.starts[y] + k) * in_row;
        for (std::int64_t i = 0; i < in_row; ++i) dst[i] += w * static_cast<float>(src[i]);
      }
    }
    for (std::int64_t y = 0; y < out_h; ++y)
      for (std::int64_t x = 0; x < out_w; ++x) {
        float* pix = out + (y * out_w + x) * channels;
        std::fill_n(pix, channels, 0.0f);
        const std::int64_t count = std::min<std::int64_t>(cols.starts[x] + cols.span_size, in_w) - cols.starts[x];
        const float* src = middle.data() + y * in_row + cols.starts[x] * channels;
        for (std::int64_t k = 0; k < count; ++k, src += channels) {
          const float w = cols.weights[x * cols.span_size + k];
          for (std::int64_t c = 0; c < channels; ++c) pix[c] += w * src[c];
        }
      }
  }
}

// Inputs 2 and 3 (scale, translation): two float32 values each.
std::pair<float, float> pair_input(const OpContext& ctx, std::size_t i) {
  const float* v = ctx.input(i).data<float>();
  return {v[0], v[1]};
}

void check_pair(const ShapeContext& ctx, std::size_t i) {
  const Tensor& t = ctx.input(i);
  const char* what = i == 2 ? "scale" : "translation";
  if (t.dtype() != DType::kFloat32) ctx.fail(std::string(what) + " must be float32, got " + std::string(dtype_name(t.dtype())));
  if (!t.shape().has_unknown_rank() && t.shape().rank() != 1) ctx.fail("t must be 1-dimensional" + t.shape().debug_string());
  if (!t.shape().has_unknown_rank() && t.shape().dim(0) != None && t.shape().dim(0) != 2)
    ctx.fail("t must have two elements" + t.shape().debug_string());
  if (i == 2 && !t.is_symbolic()) {
    const auto [row, col] = pair_input(ctx, 2);
    if (!(row > 0 && col > 0)) ctx.fail("Scale must be greater than zero.");
  }
}

void check_kernel_type(const ShapeContext& ctx) {
  const std::string& name = ctx.attr<std::string>(kKernelType);
  if (!filter_named(name)) ctx.fail("Unrecognized kernel type: " + name);
}

void scale_and_translate_shape(ShapeContext& ctx) {
  check_kernel_type(ctx);
  check_pair(ctx, 2);
  check_pair(ctx, 3);
  resize_shape(ctx, false, kBfloat16FirstTypes);
}

template <class T>
void scale_and_translate_kernel(KernelContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  const TensorShape& out = ctx.output(0).shape();
  const Filter filter = *filter_named(ctx.attr<std::string>(kKernelType));
  const bool antialias = ctx.attr<bool>(kAntialias);
  const auto [row_scale, col_scale] = pair_input(ctx, 2);
  const auto [row_translate, col_translate] = pair_input(ctx, 3);
  const Spans cols = compute_spans(filter, out.dim(2), in.dim(2), col_scale, col_translate, antialias);
  const Spans rows = compute_spans(filter, out.dim(1), in.dim(1), row_scale, row_translate, antialias);
  gather_spans(rows, cols, ctx.input(0).data<T>(), in.dim(0), in.dim(1), in.dim(2), out.dim(1), out.dim(2), in.dim(3),
               ctx.output(0).mutable_data<float>());
}

void scale_and_translate_grad_shape(ShapeContext& ctx) {
  check_kernel_type(ctx);
  check_pair(ctx, 2);
  check_pair(ctx, 3);
  const Tensor& grads = ctx.input(0);
  const Tensor& original = ctx.input(1);
  ops::check_type_attr(ctx, grads.dtype(), std::array{DType::kFloat32});  // T comes from the gradient
  ctx.expect_input_dtype(1, DType::kFloat32);
  if (!grads.shape().has_unknown_rank() && grads.shape().rank() != 4)
    ctx.fail("input_grad must be 4-dimensional" + grads.shape().debug_string());
  if (!original.shape().has_unknown_rank() && original.shape().rank() != 4)
    ctx.fail("original_image must be 4-dimensional" + original.shape().debug_string());
  const bool g = !grads.shape().has_unknown_rank(), o = !original.shape().has_unknown_rank();
  ctx.add_output(DType::kFloat32, TensorShape({g ? grads.shape().dim(0) : None, o ? original.shape().dim(1) : None,
                                               o ? original.shape().dim(2) : None, g ? grads.shape().dim(3) : None}));
}

void scale_and_translate_grad_kernel(KernelContext& ctx) {
  const TensorShape& grads = ctx.input(0).shape();
  const TensorShape& out = ctx.output(0).shape();
  const Filter filter = *filter_named(ctx.attr<std::string>(kKernelType));
  const bool antialias = ctx.attr<bool>(kAntialias);
  const auto [row_scale, col_scale] = pair_input(ctx, 2);
  const auto [row_translate, col_translate] = pair_input(ctx, 3);
  const Spans cols = gradient_spans(compute_spans(filter, grads.dim(2), out.dim(2), col_scale, col_translate, antialias),
                                    grads.dim(2), out.dim(2));
  const Spans rows = gradient_spans(compute_spans(filter, grads.dim(1), out.dim(1), row_scale, row_translate, antialias),
                                    grads.dim(1), out.dim(1));
  gather_spans(rows, cols, ctx.input(0).data<float>(), grads.dim(0), grads.dim(1), grads.dim(2), out.dim(1), out.dim(2),
               grads.dim(3), ctx.output(0).mutable_data<float>());
}

const OpDef& kScaleAndTranslate = OpBuilder("ScaleAndTranslate")
                                      .inputs(4)
                                      .attrs({"kernel_type", "antialias"})
                                      .shape(scale_and_translate_shape)
                                      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t>(
                                          []<class T>() -> KernelFn { return &scale_and_translate_kernel<T>; });
const OpDef& kScaleAndTranslateGrad = OpBuilder("ScaleAndTranslateGrad")
                                          .inputs(4)
                                          .attrs({"kernel_type", "antialias"})
                                          .shape(scale_and_translate_grad_shape)
                                          .kernel(DType::kFloat32, scale_and_translate_grad_kernel);

}  // namespace

Tensor scale_and_translate(const Tensor& images, const Tensor& size, const Tensor& scale, const Tensor& translation,
                           const std::string& kernel_type, bool antialias) {
  const AttrValue attrs[] = {kernel_type, antialias};
  return execute1(kScaleAndTranslate, {images, size, scale, translation}, attrs);
}

Tensor scale_and_translate_grad(const Tensor& grads, const Tensor& original_image, const Tensor& scale,
                                const Tensor& translation, const std::string& kernel_type, bool antialias) {
  const AttrValue attrs[] = {kernel_type, antialias};
  return execute1(kScaleAndTranslateGrad, {grads, original_image, scale, translation}, attrs);
}

}  // namespace tf::ops::image

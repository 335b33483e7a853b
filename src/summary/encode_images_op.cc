// SummaryEncodeImages: the tensor of an image summary, [width, height, png...] as strings
// (TensorBoard's images plugin). Pixels are converted as tf.image.convert_image_dtype(...,
// tf.uint8, saturate=True) does: uint8 as they are; floats x * 255.5, clipped to [0, 255],
// truncated; wider integers scaled down from their range (int32 floor-divided by 2^23, int64 by
// 2^55) and clipped at 0.
#include <algorithm>
#include <cmath>
#include <vector>

#include "ops/execute.h"
#include "summary/png_encoder.h"
#include "summary/summary_ops.h"

namespace tf::summary::detail {
namespace {

template <class T>
std::uint8_t to_pixel(T v) {
  if constexpr (std::is_floating_point_v<T>)
    return std::isnan(v) ? 0 : static_cast<std::uint8_t>(std::clamp(v * static_cast<T>(255.5), T{0}, T{255}));  // in T, as TensorFlow
  else if constexpr (std::is_same_v<T, std::uint8_t>)
    return v;
  else  // an arithmetic shift is floor division by 2^(bits - 9)
    return static_cast<std::uint8_t>(std::max<T>(v >> (8 * sizeof(T) - 9), 0));
}

template <class T>
void encode_images_kernel(ops::KernelContext& ctx) {
  const Tensor& images = ctx.input(0);
  const auto& dims = images.shape().dims();
  const std::int64_t h = dims[1], w = dims[2], c = dims[3];
  std::string* out = ctx.output(0).mutable_data<std::string>();
  out[0] = std::to_string(w);
  out[1] = std::to_string(h);
  const std::int64_t count = ctx.output(0).num_elements() - 2, pixels = h * w * c;
  std::vector<std::uint8_t> image(static_cast<std::size_t>(pixels));
  for (std::int64_t i = 0; i < count; ++i) {
    const T* src = images.data<T>() + i * pixels;
    std::transform(src, src + pixels, image.begin(), to_pixel<T>);
    out[2 + i] = encode_png(image.data(), static_cast<int>(h), static_cast<int>(w), static_cast<int>(c));
  }
}

void encode_images_shape(ops::ShapeContext& ctx) {
  const Tensor& images = ctx.input(0);
  const DType d = images.dtype();
  if (!is_numeric(d)) ctx.fail("images must be a real number tensor, got " + std::string(dtype_name(d)));
  const TensorShape& s = images.shape();
  if (!s.has_unknown_rank() && s.rank() != 4)
    ctx.fail("images must have shape [batch, height, width, channels], got " + s.debug_string());
  const std::int64_t max_outputs = ctx.attr<std::int64_t>(0);
  if (max_outputs < 0) ctx.fail("max_outputs must be non-negative, got " + std::to_string(max_outputs));
  if (!s.has_unknown_rank() && s.dim(3) >= 0 && (s.dim(3) < 1 || s.dim(3) > 4))
    ctx.fail("images must have 1, 2, 3 or 4 channels, got shape " + s.debug_string());
  const std::int64_t batch = s.has_unknown_rank() ? -1 : s.dim(0);
  ctx.add_output(DType::kString, TensorShape{batch < 0 ? -1 : 2 + std::min(batch, max_outputs)});
}

const ops::OpDef& kEncodeImages = [] {
  ops::OpBuilder b("SummaryEncodeImages");
  b.inputs(1).attrs({"max_outputs"}).shape(encode_images_shape).no_gradient();
  b.kernels<float, double, std::int32_t, std::int64_t, std::uint8_t>([]<class T>() { return &encode_images_kernel<T>; });
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

const ops::OpDef& encode_images_op() { return kEncodeImages; }

}  // namespace tf::summary::detail

#include "ops/image/resize_common.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ops/allowed_dtypes.h"
#include "ops/array/array_common.h"

namespace tf::ops::image {
namespace {

constexpr std::int64_t kTableSize = 1 << 10;

// Keys' cubic convolution weights sampled at 1/1024 steps, for taps at distance x and x + 1.
std::vector<float> coefficient_table(double a) {
  std::vector<float> table((kTableSize + 1) * 2);
  for (std::int64_t i = 0; i <= kTableSize; ++i) {
    float x = static_cast<float>(i * 1.0 / kTableSize);
    table[i * 2] = static_cast<float>(((a + 2) * x - (a + 3)) * x * x + 1);
    x += 1.0;
    table[i * 2 + 1] = static_cast<float>(((a * x - 5 * a) * x + 8 * a) * x - 4 * a);
  }
  return table;
}

const std::vector<float>& coefficients(bool keys) {
  static const std::vector<float> keys_table = coefficient_table(-0.5f);
  static const std::vector<float> legacy_table = coefficient_table(-0.75f);
  return keys ? keys_table : legacy_table;
}

std::int64_t bound(std::int64_t v, std::int64_t limit) { return std::min(limit - 1, std::max<std::int64_t>(0, v)); }

}  // namespace

std::int64_t nearest_index(std::int64_t out, std::int64_t in_size, float scale, bool align_corners, bool half_pixel_centers) {
  // Half-pixel centres floor (x + 0.5) * scale: the -0.5 and the floor fold into one rounding.
  const float at = half_pixel_centers ? (static_cast<float>(out) + 0.5f) * scale : static_cast<float>(out) * scale;
  std::int64_t i = std::min(static_cast<std::int64_t>(align_corners ? std::round(at) : std::floor(at)), in_size - 1);
  if (half_pixel_centers) i = std::max<std::int64_t>(0, i);
  return i;
}

void resize_shape(ShapeContext& ctx, bool keep_dtype, std::span<const DType> allowed, std::string_view unlisted) {
  const Tensor& images = ctx.input(0);
  const Tensor& size = ctx.input(1);
  const TensorShape& s = images.shape();
  check_type_attr(ctx, images.dtype(), allowed, unlisted);
  if (!s.has_unknown_rank() && s.rank() != 4) ctx.fail("input must be 4-dimensional" + s.debug_string());
  if (size.dtype() != DType::kInt32) ctx.fail("size must be int32, got " + std::string(dtype_name(size.dtype())));
  if (!size.shape().has_unknown_rank() && size.shape().rank() != 1)
    ctx.fail("shape_t must be 1-dimensional" + size.shape().debug_string());
  if (!size.shape().has_unknown_rank() && size.shape().dim(0) != None && size.shape().dim(0) != 2)
    ctx.fail("shape_t must have two elements" + size.shape().debug_string());
  std::int64_t height = None, width = None;
  if (const auto values = array::known_int_values(ctx, 1)) {
    if ((*values)[0] <= 0 || (*values)[1] <= 0) ctx.fail("output dimensions must be positive");
    height = (*values)[0];
    width = (*values)[1];
  }
  const bool known = !s.has_unknown_rank();
  if (known && s.dim(3) == 0) ctx.fail("image must have at least one channel");
  if (known && (s.dim(1) == 0 || s.dim(2) == 0)) ctx.fail("input image must be of non-zero size");
  ctx.add_output(keep_dtype ? images.dtype() : DType::kFloat32,
                 TensorShape({known ? s.dim(0) : None, height, width, known ? s.dim(3) : None}));
}

ResizeGeometry forward_geometry(KernelContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  const TensorShape& out = ctx.output(0).shape();
  const bool align_corners = ctx.attr<bool>(0);
  ResizeGeometry g{in.dim(0), in.dim(1), in.dim(2), out.dim(1), out.dim(2), in.dim(3)};
  g.height_scale = resize_scale(g.in_height, g.out_height, align_corners);
  g.width_scale = resize_scale(g.in_width, g.out_width, align_corners);
  return g;
}

CubicTaps cubic_taps(float scale, std::int64_t out_loc, std::int64_t limit, bool half_pixel_centers) {
  const float in_loc_f = source_coordinate(out_loc, scale, half_pixel_centers);
  const auto in_loc = static_cast<std::int64_t>(std::floor(in_loc_f));
  const float delta = in_loc_f - static_cast<float>(in_loc);
  const std::int64_t offset = std::lrintf(delta * kTableSize);
  const std::vector<float>& table = coefficients(half_pixel_centers);
  const float raw[4] = {table[offset * 2 + 1], table[offset * 2], table[(kTableSize - offset) * 2],
                        table[(kTableSize - offset) * 2 + 1]};
  CubicTaps taps{};
  for (int k = 0; k < 4; ++k) {
    taps.index[k] = bound(in_loc - 1 + k, limit);
    // Half-pixel centres give taps outside the image no weight, then renormalize (as ScaleAndTranslate).
    taps.weight[k] = !half_pixel_centers || taps.index[k] == in_loc - 1 + k ? raw[k] : 0.0f;
  }
  if (half_pixel_centers) {
    const float sum = taps.weight[0] + taps.weight[1] + taps.weight[2] + taps.weight[3];
    if (std::abs(sum) >= 1000.0f * std::numeric_limits<float>::min()) {
      const float inverse = 1.0f / sum;
      for (float& w : taps.weight) w *= inverse;
    }
  }
  return taps;
}

}  // namespace tf::ops::image

// What TensorFlow's resize kernels share (its image_resizer_state.h): the scale between input
// and output sizes, the two pixel-centre conventions, the argument checks of the forward and
// gradient ops, and the Keys cubic weights ResizeBicubic and its gradient both sample.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "ops/op_def.h"

namespace tf::ops::image {

/// Attribute positions of the ops with both flags (ResizeArea has only align_corners).
inline constexpr std::size_t kAlignCorners = 0, kHalfPixelCenters = 1;

/// Fails unless at most one of align_corners and half_pixel_centers is set.
inline void check_flags(const ShapeContext& ctx) {
  if (ctx.attr<bool>(kAlignCorners) && ctx.attr<bool>(kHalfPixelCenters))
    ctx.fail("If half_pixel_centers is True, align_corners must be False.");
}

/// The input-pixels-per-output-pixel scale (CalculateResizeScale).
inline float resize_scale(std::int64_t in_size, std::int64_t out_size, bool align_corners) {
  return align_corners && out_size > 1 ? static_cast<float>(in_size - 1) / static_cast<float>(out_size - 1)
                                       : static_cast<float>(in_size) / static_cast<float>(out_size);
}

/// The input coordinate of output pixel x: pixel centres at +0.5 (half_pixel_centers) or the legacy corners.
inline float source_coordinate(std::int64_t x, float scale, bool half_pixel_centers) {
  return half_pixel_centers ? (static_cast<float>(x) + 0.5f) * scale - 0.5f : static_cast<float>(x) * scale;
}

/// The source index of output pixel `out` in a nearest-neighbour resize.
std::int64_t nearest_index(std::int64_t out, std::int64_t in_size, float scale, bool align_corners, bool half_pixel_centers);

/// The sizes of a resize: batch, input and output height and width, channels, and the scales.
struct ResizeGeometry {
  std::int64_t batch = 0, in_height = 0, in_width = 0, out_height = 0, out_width = 0, channels = 0;
  float height_scale = 0, width_scale = 0;
};

/// The image dtypes of TensorFlow's resize ops, in their op definitions' order.
inline constexpr std::array kResizeTypes = {DType::kInt8,    DType::kUInt8,   DType::kInt16,   DType::kUInt16,
                                            DType::kInt32,   DType::kInt64,   DType::kFloat16, DType::kFloat32,
                                            DType::kFloat64, DType::kBFloat16};
/// ResizeBilinear's and ScaleAndTranslate's order (ResizeBilinear's list names bfloat16 once
/// more at its end: its resize_shape passes "bfloat16" as `unlisted`).
inline constexpr std::array kBfloat16FirstTypes = {DType::kInt8,  DType::kUInt8,    DType::kInt16,   DType::kUInt16,
                                                   DType::kInt32, DType::kInt64,    DType::kBFloat16, DType::kFloat16,
                                                   DType::kFloat32, DType::kFloat64};

/// Shape function of ResizeBilinear / NearestNeighbor / Bicubic / Area and ScaleAndTranslate
/// (images, size, ...): a 4-D image of one of `allowed` (check_type_attr's message otherwise) and
/// a 2-element int32 size; output [batch, size..., channels] of float32, or of the images'
/// dtype when `keep_dtype`.
void resize_shape(ShapeContext& ctx, bool keep_dtype, std::span<const DType> allowed, std::string_view unlisted = {});
/// The kernel's view of a forward resize; `align_corners` / `half_pixel_centers` are attributes 0 / 1 (when present).
ResizeGeometry forward_geometry(KernelContext& ctx);

/// The four taps and weights of ResizeBicubic at one output position (half-pixel centres use
/// Keys' a = -0.5 with weights renormalized at the borders; legacy a = -0.75 repeats edge pixels).
struct CubicTaps {
  float weight[4];
  std::int64_t index[4];
};
CubicTaps cubic_taps(float scale, std::int64_t out_loc, std::int64_t limit, bool half_pixel_centers);

}  // namespace tf::ops::image

// ResizeBilinear, ResizeNearestNeighbor, ResizeBicubic and ResizeArea: TensorFlow's image
// resizing kernels (NHWC), with its arithmetic in float so results round alike. All but
// nearest-neighbour return float32 for any real input dtype, as TensorFlow's do.
#include <algorithm>
#include <cmath>
#include <vector>

#include "ops/execute.h"
#include "ops/image/resize_common.h"
#include "ops/image/resize_ops.h"

namespace tf::ops::image {
namespace {


void bilinear_shape(ShapeContext& ctx) {
  check_flags(ctx);
  resize_shape(ctx, false, kBfloat16FirstTypes, "bfloat16");
}

void bicubic_shape(ShapeContext& ctx) {
  check_flags(ctx);
  resize_shape(ctx, false, kResizeTypes);
}

void nearest_shape(ShapeContext& ctx) {
  check_flags(ctx);
  resize_shape(ctx, true, kResizeTypes);
}

void area_shape(ShapeContext& ctx) { resize_shape(ctx, false, kResizeTypes); }

// One axis of a bilinear resize: the two source indices and the weight of the upper one.
struct Lerp {
  std::int64_t lower, upper;
  float lerp;
};

std::vector<Lerp> lerps(std::int64_t out_size, std::int64_t in_size, float scale, bool half_pixel_centers) {
  std::vector<Lerp> out(out_size);
  for (std::int64_t i = 0; i < out_size; ++i) {
    const float in = source_coordinate(i, scale, half_pixel_centers);
    const float in_f = std::floor(in);
    out[i] = {std::max(static_cast<std::int64_t>(in_f), std::int64_t{0}),
              std::min(static_cast<std::int64_t>(std::ceil(in)), in_size - 1), in - in_f};
  }
  return out;
}

template <class T>
void bilinear_kernel(KernelContext& ctx) {
  const ResizeGeometry g = forward_geometry(ctx);
  const T* in = ctx.input(0).data<T>();
  float* out = ctx.output(0).mutable_data<float>();
  if (g.out_height == g.in_height && g.out_width == g.in_width) {
    std::transform(in, in + ctx.input(0).num_elements(), out, [](T v) { return static_cast<float>(v); });
    return;
  }
  const bool half = ctx.attr<bool>(kHalfPixelCenters);
  const std::vector<Lerp> ys = lerps(g.out_height, g.in_height, g.height_scale, half);
  const std::vector<Lerp> xs = lerps(g.out_width, g.in_width, g.width_scale, half);
  const std::int64_t row = g.in_width * g.channels;
  for (std::int64_t b = 0; b < g.batch; ++b) {
    const T* image = in + b * g.in_height * row;
    for (const Lerp& y : ys) {
      const T* top = image + y.lower * row;
      const T* bottom = image + y.upper * row;
      for (const Lerp& x : xs)
        for (std::int64_t c = 0; c < g.channels; ++c) {
          const float top_left = static_cast<float>(top[x.lower * g.channels + c]);
          const float top_right = static_cast<float>(top[x.upper * g.channels + c]);
          const float bottom_left = static_cast<float>(bottom[x.lower * g.channels + c]);
          const float bottom_right = static_cast<float>(bottom[x.upper * g.channels + c]);
          const float t = top_left + (top_right - top_left) * x.lerp;
          const float d = bottom_left + (bottom_right - bottom_left) * x.lerp;
          *out++ = t + (d - t) * y.lerp;
        }
    }
  }
}

template <class T>
void nearest_kernel(KernelContext& ctx) {
  const ResizeGeometry g = forward_geometry(ctx);
  const bool align = ctx.attr<bool>(kAlignCorners), half = ctx.attr<bool>(kHalfPixelCenters);
  const T* in = ctx.input(0).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  for (std::int64_t b = 0; b < g.batch; ++b)
    for (std::int64_t y = 0; y < g.out_height; ++y) {
      const std::int64_t iy = nearest_index(y, g.in_height, g.height_scale, align, half);
      for (std::int64_t x = 0; x < g.out_width; ++x) {
        const std::int64_t ix = nearest_index(x, g.in_width, g.width_scale, align, half);
        out = std::copy_n(in + ((b * g.in_height + iy) * g.in_width + ix) * g.channels, g.channels, out);
      }
    }
}

template <class T>
void bicubic_kernel(KernelContext& ctx) {
  const ResizeGeometry g = forward_geometry(ctx);
  const bool half = ctx.attr<bool>(kHalfPixelCenters);
  std::vector<CubicTaps> xs(g.out_width);
  for (std::int64_t x = 0; x < g.out_width; ++x) xs[x] = cubic_taps(g.width_scale, x, g.in_width, half);
  const T* in = ctx.input(0).data<T>();
  float* out = ctx.output(0).mutable_data<float>();
  const std::int64_t row = g.in_width * g.channels;
  for (std::int64_t b = 0; b < g.batch; ++b) {
    const T* image = in + b * g.in_height * row;
    for (std::int64_t y = 0; y < g.out_height; ++y) {
      const CubicTaps yt = cubic_taps(g.height_scale, y, g.in_height, half);
      const T* rows[4] = {image + yt.index[0] * row, image + yt.index[1] * row, image + yt.index[2] * row,
                          image + yt.index[3] * row};
      for (const CubicTaps& xt : xs)
        for (std::int64_t c = 0; c < g.channels; ++c) {
          // Interpolate each of the four columns vertically, then those four values horizontally.
          float column[4];
          for (int k = 0; k < 4; ++k) {
            const std::int64_t at = xt.index[k] * g.channels + c;
            column[k] = static_cast<float>(rows[0][at]) * yt.weight[0] + static_cast<float>(rows[1][at]) * yt.weight[1] +
                        static_cast<float>(rows[2][at]) * yt.weight[2] + static_cast<float>(rows[3][at]) * yt.weight[3];
          }
          *out++ = column[0] * xt.weight[0] + column[1] * xt.weight[1] + column[2] * xt.weight[2] + column[3] * xt.weight[3];
        }
    }
  }
}

// One output cell of an area resize along one axis: the source cells it covers, with the
// fractions of the first and last (TensorFlow's CachedInterpolation of ResizeArea).
float area_fraction(std::int64_t v, float in_start, float in_end, float scale) {
  const auto vf = static_cast<float>(v);
  if (vf < in_start) return vf + 1 > in_end ? scale : static_cast<float>(v + 1) - in_start;
  return vf + 1 > in_end ? in_end - vf : 1.0f;
}

template <class T>
void area_kernel(KernelContext& ctx) {
  const ResizeGeometry g = forward_geometry(ctx);
  const T* in = ctx.input(0).data<T>();
  float* out = ctx.output(0).mutable_data<float>();
  const auto bound = [](std::int64_t v, std::int64_t limit) { return std::min(limit - 1, std::max<std::int64_t>(0, v)); };
  // 1 / (cell area), computed in double from the float product as TensorFlow does.
  const auto scale = static_cast<float>(1.0 / static_cast<double>(g.height_scale * g.width_scale));
  for (std::int64_t b = 0; b < g.batch; ++b)
    for (std::int64_t y = 0; y < g.out_height; ++y) {
      const float in_y = static_cast<float>(y) * g.height_scale, in_y1 = static_cast<float>(y + 1) * g.height_scale;
      const auto y_start = static_cast<std::int64_t>(std::floor(in_y)), y_end = static_cast<std::int64_t>(std::ceil(in_y1));
      for (std::int64_t x = 0; x < g.out_width; ++x) {
        const float in_x = static_cast<float>(x) * g.width_scale, in_x1 = static_cast<float>(x + 1) * g.width_scale;
        const auto x_start = static_cast<std::int64_t>(std::floor(in_x)), x_end = static_cast<std::int64_t>(std::ceil(in_x1));
        const float start_scale = area_fraction(x_start, in_x, in_x1, g.width_scale);
        const float end_scale = area_fraction(x_end - 1, in_x, in_x1, g.width_scale);
        for (std::int64_t c = 0; c < g.channels; ++c) {
          float sum = 0;
          for (std::int64_t i = y_start; i < y_end; ++i) {
            const T* row = in + ((b * g.in_height + bound(i, g.in_height)) * g.in_width) * g.channels + c;
            const auto value = [&](std::int64_t xi) { return static_cast<float>(row[bound(xi, g.in_width) * g.channels]); };
            float sum_y = value(x_start) * start_scale;
            if (x_start + 1 != x_end) {
              for (std::int64_t xi = x_start + 1; xi < x_end - 1; ++xi) sum_y += value(xi);
              sum_y += value(x_end - 1) * end_scale;
            }
            sum += sum_y * area_fraction(i, in_y, in_y1, g.height_scale);
          }
          *out++ = sum * scale;
        }
      }
    }
}

const OpDef& kResizeBilinear = OpBuilder("ResizeBilinear")
                                   .inputs(2)
                                   .attrs({"align_corners", "half_pixel_centers"})
                                   .shape(bilinear_shape)
                                   .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t>(
                                       []<class T>() -> KernelFn { return &bilinear_kernel<T>; });
const OpDef& kResizeNearestNeighbor = OpBuilder("ResizeNearestNeighbor")
                                          .inputs(2)
                                          .attrs({"align_corners", "half_pixel_centers"})
                                          .shape(nearest_shape)
                                          .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t>(
                                              []<class T>() -> KernelFn { return &nearest_kernel<T>; });
const OpDef& kResizeBicubic = OpBuilder("ResizeBicubic")
                                  .inputs(2)
                                  .attrs({"align_corners", "half_pixel_centers"})
                                  .shape(bicubic_shape)
                                  .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t>(
                                      []<class T>() -> KernelFn { return &bicubic_kernel<T>; });
// TensorFlow registers no gradient for ResizeArea (autodiff/image_resize_grad.cc).
const OpDef& kResizeArea = OpBuilder("ResizeArea")
                               .inputs(2)
                               .attrs({"align_corners"})
                               .shape(area_shape)
                               .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t>(
                                   []<class T>() -> KernelFn { return &area_kernel<T>; });

Tensor run(const OpDef& op, const Tensor& images, const Tensor& size, bool align_corners, bool half_pixel_centers) {
  const AttrValue attrs[] = {align_corners, half_pixel_centers};
  return execute1(op, {images, size}, attrs);
}

}  // namespace

Tensor resize_bilinear(const Tensor& images, const Tensor& size, bool align_corners, bool half_pixel_centers) {
  return run(kResizeBilinear, images, size, align_corners, half_pixel_centers);
}
Tensor resize_nearest_neighbor(const Tensor& images, const Tensor& size, bool align_corners, bool half_pixel_centers) {
  return run(kResizeNearestNeighbor, images, size, align_corners, half_pixel_centers);
}
Tensor resize_bicubic(const Tensor& images, const Tensor& size, bool align_corners, bool half_pixel_centers) {
  return run(kResizeBicubic, images, size, align_corners, half_pixel_centers);
}
Tensor resize_area(const Tensor& images, const Tensor& size, bool align_corners) {
  const AttrValue attrs[] = {align_corners};
  return execute1(kResizeArea, {images, size}, attrs);
}

}  // namespace tf::ops::image

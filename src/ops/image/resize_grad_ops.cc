// ResizeBilinearGrad, ResizeNearestNeighborGrad and ResizeBicubicGrad: each output pixel's
// gradient spread back over the input pixels it was interpolated from, with the weights and
// summation order of TensorFlow's CPU kernels.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "core/tensor_impl.h"
#include "ops/allowed_dtypes.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/half/half_convert.h"
#include "ops/image/resize_common.h"
#include "ops/image/resize_ops.h"

namespace tf::ops::image {
namespace {


// (grads float32 [b, h, w, c], original_image [b, H, W, c] of one of `allowed`) -> original_image's
// dtype and shape.
void image_grad_shape(ShapeContext& ctx, std::span<const DType> allowed) {
  check_flags(ctx);
  const Tensor& grads = ctx.input(0);
  const Tensor& original = ctx.input(1);
  if (grads.dtype() != DType::kFloat32) ctx.fail("input_grad must be of type float" + std::string(dtype_name(grads.dtype())));
  check_type_attr(ctx, original.dtype(), allowed);
  if (!grads.shape().has_unknown_rank() && grads.shape().rank() != 4)
    ctx.fail("input_grad must be 4-dimensional" + grads.shape().debug_string());
  if (!original.shape().has_unknown_rank() && original.shape().rank() != 4)
    ctx.fail("original_image must be 4-dimensional" + original.shape().debug_string());
  ctx.add_output(original.dtype(), original.shape());
}

void bilinear_grad_shape(ShapeContext& ctx) {
  image_grad_shape(ctx, std::array{DType::kFloat32, DType::kBFloat16, DType::kFloat16, DType::kFloat64});
}

void bicubic_grad_shape(ShapeContext& ctx) { image_grad_shape(ctx, std::array{DType::kFloat32, DType::kFloat64}); }

void nearest_grad_shape(ShapeContext& ctx) {
  check_flags(ctx);
  const TensorShape& s = ctx.input(0).shape();
  if (!s.has_unknown_rank() && s.rank() != 4) ctx.fail("input must be 4-dimensional" + s.debug_string());
  std::int64_t height = None, width = None;
  if (const auto values = array::known_int_values(ctx, 1)) {
    if (values->size() != 2) ctx.fail("shape_t must have two elements" + ctx.input(1).shape().debug_string());
    if ((*values)[0] <= 0 || (*values)[1] <= 0) ctx.fail("shape_t's elements must be positive");
    height = (*values)[0];
    width = (*values)[1];
  }
  const bool known = !s.has_unknown_rank();
  ctx.add_output(ctx.input(0).dtype(), TensorShape({known ? s.dim(0) : None, height, width, known ? s.dim(3) : None}));
}

// The sizes seen from the gradient: "in" is the original image, "out" the resized one.
ResizeGeometry grad_geometry(const KernelContext& ctx, const TensorShape& original) {
  const TensorShape& grads = ctx.input(0).shape();
  const bool align_corners = ctx.attr<bool>(kAlignCorners);
  ResizeGeometry g{grads.dim(0), original.dim(1), original.dim(2), grads.dim(1), grads.dim(2), grads.dim(3)};
  if (g.out_height <= 0 || g.out_width <= 0) ctx.fail("resized dimensions must be positive");
  if (g.in_height <= 0 || g.in_width <= 0) ctx.fail("original dimensions must be positive");
  g.height_scale = resize_scale(g.in_height, g.out_height, align_corners);
  g.width_scale = resize_scale(g.in_width, g.out_width, align_corners);
  return g;
}

template <class T>
void bilinear_grad_kernel(KernelContext& ctx) {
  const ResizeGeometry g = grad_geometry(ctx, ctx.input(1).shape());
  const bool half = ctx.attr<bool>(kHalfPixelCenters);
  const float* dy = ctx.input(0).data<float>();
  T* dx = ctx.output(0).mutable_data<T>();
  std::fill_n(dx, ctx.output(0).num_elements(), T(0));
  const auto at = [&](std::int64_t b, std::int64_t y, std::int64_t x) { return ((b * g.in_height + y) * g.in_width + x) * g.channels; };
  for (std::int64_t b = 0; b < g.batch; ++b)
    for (std::int64_t y = 0; y < g.out_height; ++y) {
      const float in_y = source_coordinate(y, g.height_scale, half);
      const std::int64_t top = std::max(static_cast<std::int64_t>(std::floor(in_y)), std::int64_t{0});
      const std::int64_t bottom = std::min(static_cast<std::int64_t>(std::ceil(in_y)), g.in_height - 1);
      const float y_lerp = in_y - std::floor(in_y), inverse_y_lerp = 1.0f - y_lerp;
      for (std::int64_t x = 0; x < g.out_width; ++x) {
        const float in_x = source_coordinate(x, g.width_scale, half);
        const std::int64_t left = std::max(static_cast<std::int64_t>(std::floor(in_x)), std::int64_t{0});
        const std::int64_t right = std::min(static_cast<std::int64_t>(std::ceil(in_x)), g.in_width - 1);
        const float x_lerp = in_x - std::floor(in_x), inverse_x_lerp = 1.0f - x_lerp;
        for (std::int64_t c = 0; c < g.channels; ++c) {
          const float grad = *dy++;
          dx[at(b, top, left) + c] += T(grad * inverse_y_lerp * inverse_x_lerp);
          dx[at(b, top, right) + c] += T(grad * inverse_y_lerp * x_lerp);
          dx[at(b, bottom, left) + c] += T(grad * y_lerp * inverse_x_lerp);
          dx[at(b, bottom, right) + c] += T(grad * y_lerp * x_lerp);
        }
      }
    }
}

template <class T>
void bicubic_grad_kernel(KernelContext& ctx) {
  const ResizeGeometry g = grad_geometry(ctx, ctx.input(1).shape());
  const bool half = ctx.attr<bool>(kHalfPixelCenters);
  std::vector<CubicTaps> xs(g.out_width);
  for (std::int64_t x = 0; x < g.out_width; ++x) xs[x] = cubic_taps(g.width_scale, x, g.in_width, half);
  const float* dy = ctx.input(0).data<float>();
  T* dx = ctx.output(0).mutable_data<T>();
  std::fill_n(dx, ctx.output(0).num_elements(), T(0));
  for (std::int64_t b = 0; b < g.batch; ++b)
    for (std::int64_t y = 0; y < g.out_height; ++y) {
      const CubicTaps yt = cubic_taps(g.height_scale, y, g.in_height, half);
      for (const CubicTaps& xt : xs)
        for (std::int64_t c = 0; c < g.channels; ++c) {
          const T grad = static_cast<T>(*dy++);
          for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
              dx[((b * g.in_height + yt.index[i]) * g.in_width + xt.index[j]) * g.channels + c] +=
                  T(grad * yt.weight[i] * xt.weight[j]);
        }
    }
}

template <class T>
void nearest_grad_kernel(KernelContext& ctx) {
  const TensorShape& out = ctx.output(0).shape();
  const ResizeGeometry g = grad_geometry(ctx, out);
  const bool align = ctx.attr<bool>(kAlignCorners), half = ctx.attr<bool>(kHalfPixelCenters);
  const T* dy = ctx.input(0).data<T>();
  T* dx = ctx.output(0).mutable_data<T>();
  std::fill_n(dx, ctx.output(0).num_elements(), T(0));
  for (std::int64_t b = 0; b < g.batch; ++b)
    for (std::int64_t y = 0; y < g.out_height; ++y) {
      const std::int64_t iy = nearest_index(y, g.in_height, g.height_scale, align, half);
      for (std::int64_t x = 0; x < g.out_width; ++x) {
        const std::int64_t ix = nearest_index(x, g.in_width, g.width_scale, align, half);
        T* target = dx + ((b * g.in_height + iy) * g.in_width + ix) * g.channels;
        for (std::int64_t c = 0; c < g.channels; ++c) target[c] += *dy++;
      }
    }
}

// The gradient ops dispatch on input 0 (grads, always float32); the output dtype is original_image's.
// A float16 / bfloat16 image's gradient is summed in float32 and rounded once (TensorFlow sums in
// the image's dtype, so pixels that many output pixels reach may differ in the last bit).
void bilinear_grad_dispatch(KernelContext& ctx) {
  const DType dtype = ctx.input(1).dtype();
  if (dtype == DType::kFloat64) {
    bilinear_grad_kernel<double>(ctx);
  } else if (half::is_half(dtype)) {
    Tensor sums = core::empty(DType::kFloat32, ctx.output(0).shape());
    KernelContext float_ctx(ctx.op(), ctx.inputs(), ctx.attrs(), std::span<Tensor>(&sums, 1));
    bilinear_grad_kernel<float>(float_ctx);
    half::round_into(sums, ctx.output(0));
  } else {
    bilinear_grad_kernel<float>(ctx);
  }
}

void bicubic_grad_dispatch(KernelContext& ctx) {
  if (ctx.input(1).dtype() == DType::kFloat64) bicubic_grad_kernel<double>(ctx);
  else bicubic_grad_kernel<float>(ctx);
}

const OpDef& kResizeBilinearGrad = OpBuilder("ResizeBilinearGrad")
                                       .inputs(2)
                                       .attrs({"align_corners", "half_pixel_centers"})
                                       .shape(bilinear_grad_shape)
                                       .kernel(DType::kFloat32, bilinear_grad_dispatch);
const OpDef& kResizeBicubicGrad = OpBuilder("ResizeBicubicGrad")
                                      .inputs(2)
                                      .attrs({"align_corners", "half_pixel_centers"})
                                      .shape(bicubic_grad_shape)
                                      .kernel(DType::kFloat32, bicubic_grad_dispatch);
const OpDef& kResizeNearestNeighborGrad = OpBuilder("ResizeNearestNeighborGrad")
                                              .inputs(2)
                                              .attrs({"align_corners", "half_pixel_centers"})
                                              .shape(nearest_grad_shape)
                                              .kernels<float, double, std::int32_t, std::uint8_t, std::int8_t>(
                                                  []<class T>() -> KernelFn { return &nearest_grad_kernel<T>; });

}  // namespace

Tensor resize_bilinear_grad(const Tensor& grads, const Tensor& original_image, bool align_corners, bool half_pixel_centers) {
  const AttrValue attrs[] = {align_corners, half_pixel_centers};
  return execute1(kResizeBilinearGrad, {grads, original_image}, attrs);
}

Tensor resize_nearest_neighbor_grad(const Tensor& grads, const Tensor& size, bool align_corners, bool half_pixel_centers) {
  const AttrValue attrs[] = {align_corners, half_pixel_centers};
  return execute1(kResizeNearestNeighborGrad, {grads, size}, attrs);
}

Tensor resize_bicubic_grad(const Tensor& grads, const Tensor& original_image, bool align_corners, bool half_pixel_centers) {
  const AttrValue attrs[] = {align_corners, half_pixel_centers};
  return execute1(kResizeBicubicGrad, {grads, original_image}, attrs);
}

}  // namespace tf::ops::image

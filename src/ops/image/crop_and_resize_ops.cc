// CropAndResize and its gradient ops CropAndResizeGradImage and CropAndResizeGradBoxes, with
// TensorFlow's sampling arithmetic (align-corners style: a box edge maps to a pixel centre).
#include <array>
#include <cmath>
#include <string>

#include "ops/allowed_dtypes.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/image/crop_and_resize_ops.h"
#include "tfpp/errors.h"
#include "tfpp/image_crop_and_resize.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// Checks boxes [n, 4] float32 and box indices [n] int32 (inputs `b` and `b + 1`); returns n or None.
std::int64_t check_boxes(const ShapeContext& ctx, std::size_t b) {
  const Tensor& boxes = ctx.input(b);
  const Tensor& index = ctx.input(b + 1);
  if (boxes.dtype() != float32) ctx.fail("boxes must be float32, got " + std::string(dtype_name(boxes.dtype())));
  if (index.dtype() != int32) ctx.fail("box_index must be int32, got " + std::string(dtype_name(index.dtype())));
  const TensorShape& bs = boxes.shape();
  const TensorShape& is = index.shape();
  if (bs.has_unknown_rank() || is.has_unknown_rank()) return None;
  if (bs.num_elements() == 0 && is.num_elements() == 0) return 0;
  if (bs.rank() != 2) ctx.fail("boxes must be 2-D, got: " + bs.debug_string());
  if (bs.dim(1) != None && bs.dim(1) != 4) ctx.fail("boxes must have 4 columns");
  if (is.rank() != 1) ctx.fail("box_indices must be rank 1 but is shape " + is.debug_string());
  if (bs.dim(0) != None && is.dim(0) != None && bs.dim(0) != is.dim(0)) ctx.fail("box_index has incompatible shape");
  return bs.dim(0);
}

void check_method(const OpContext& ctx, std::size_t attr, bool bilinear_only) {
  const std::string& m = ctx.attr<std::string>(attr);
  if (bilinear_only ? m != "bilinear" : m != "bilinear" && m != "nearest")
    ctx.fail(bilinear_only ? "method must be 'bilinear'" + m : "method must be 'bilinear' or 'nearest'" + m);
}

// One crop pixel: box k (of image b), row i, column j, where it samples the image, and the
// four pixels and weights bilinear sampling uses there.
struct Sample {
  std::int64_t k, b, i, j;
  float in_y, in_x;
  bool inside;  // outside the image, the crop takes extrapolation_value
  std::int64_t top, bottom, left, right;
  float y_lerp, x_lerp;
};

// Where crop pixel i of a box from lo to hi samples an axis of `in` pixels (`out` crop pixels);
// TensorFlow's boxes gradient scales by (hi - lo) * ratio instead of (hi - lo) * (in - 1) / (out - 1).
struct Axis {
  float lo, hi, scale;
  std::int64_t in, out;
  Axis(float l, float h, std::int64_t in_size, std::int64_t out_size, bool by_ratio)
      : lo(l), hi(h), scale(0), in(in_size), out(out_size) {
    if (out > 1)
      scale = by_ratio ? (hi - lo) * (static_cast<float>(in - 1) / static_cast<float>(out - 1))
                       : (hi - lo) * static_cast<float>(in - 1) / static_cast<float>(out - 1);
  }
  float at(std::int64_t i) const {
    return out > 1 ? lo * static_cast<float>(in - 1) + static_cast<float>(i) * scale
                   : static_cast<float>(0.5 * (lo + hi) * static_cast<double>(in - 1));
  }
  bool outside(float v) const { return v < 0 || v > static_cast<float>(in - 1); }
};

// Calls fn(sample) for every pixel of every crop, row by row.
template <class Fn>
void for_each_sample(const float* boxes, const std::int32_t* index, std::int64_t n, std::int64_t h, std::int64_t w, std::int64_t ch,
                     std::int64_t cw, bool by_ratio, Fn fn) {
  for (std::int64_t k = 0; k < n; ++k) {
    const float* box = boxes + 4 * k;
    const Axis ya(box[0], box[2], h, ch, by_ratio), xa(box[1], box[3], w, cw, by_ratio);
    for (std::int64_t i = 0; i < ch; ++i)
      for (std::int64_t j = 0; j < cw; ++j) {
        Sample s{k, index[k], i, j, ya.at(i), xa.at(j), false, 0, 0, 0, 0, 0, 0};
        s.inside = !ya.outside(s.in_y) && !xa.outside(s.in_x);
        if (s.inside) {
          s.top = static_cast<std::int64_t>(std::floor(s.in_y));
          s.bottom = static_cast<std::int64_t>(std::ceil(s.in_y));
          s.left = static_cast<std::int64_t>(std::floor(s.in_x));
          s.right = static_cast<std::int64_t>(std::ceil(s.in_x));
          s.y_lerp = s.in_y - static_cast<float>(s.top);
          s.x_lerp = s.in_x - static_cast<float>(s.left);
        }
        fn(s);
      }
  }
}

void crop_shape(ShapeContext& ctx) {
  check_method(ctx, 0, false);
  ops::check_type_attr(ctx, ctx.input(0).dtype(),
                       std::array{DType::kUInt8, DType::kUInt16, DType::kInt8, DType::kInt16, DType::kInt32, DType::kInt64,
                                  DType::kFloat16, DType::kFloat32, DType::kFloat64});
  const TensorShape& s = ctx.input(0).shape();
  if (!s.has_unknown_rank() && s.rank() != 4) ctx.fail("input image must be 4-D" + s.debug_string());
  if (!s.has_unknown_rank() && (s.dim(1) == 0 || s.dim(2) == 0)) ctx.fail("image dimensions must be positive");
  const std::int64_t n = check_boxes(ctx, 1);
  if (ctx.input(3).dtype() != int32) ctx.fail("crop_size must be int32");
  std::int64_t h = None, w = None;
  if (const auto v = ops::array::known_int_values(ctx, 3)) {
    if (v->size() != 2) ctx.fail("crop_size must have two elements" + ctx.input(3).shape().debug_string());
    if ((*v)[0] <= 0 || (*v)[1] <= 0) ctx.fail("crop dimensions must be positive");
    h = (*v)[0];
    w = (*v)[1];
  }
  ctx.add_output(float32, TensorShape({n, h, w, s.has_unknown_rank() ? None : s.dim(3)}));
}

void check_box_values(const KernelContext& ctx, const Tensor& boxes, const Tensor& index, std::int64_t batch) {
  const float* b = boxes.data<float>();
  for (std::int64_t i = 0; i < boxes.num_elements(); ++i)
    if (!std::isfinite(b[i])) ctx.fail("Boxes contains at least one element that is not finite");
  const std::int32_t* idx = index.data<std::int32_t>();
  for (std::int64_t i = 0; i < index.num_elements(); ++i)
    if (idx[i] < 0 || idx[i] >= batch)
      throw OutOfRangeError("[" + ctx.op().name + "] box_index has values outside [0, batch_size)");
}

template <class T>
void crop_kernel(KernelContext& ctx) {
  const Tensor& image = ctx.input(0);
  const TensorShape& is = image.shape();
  const std::int64_t batch = is.dim(0), h = is.dim(1), w = is.dim(2), depth = is.dim(3);
  check_box_values(ctx, ctx.input(1), ctx.input(2), batch);
  const TensorShape& os = ctx.output(0).shape();
  const std::int64_t n = os.dim(0), ch = os.dim(1), cw = os.dim(2);
  const bool bilinear = ctx.attr<std::string>(0) == "bilinear";
  const auto extrapolation = static_cast<float>(ctx.attr<double>(1));
  const T* x = image.data<T>();
  const float* boxes = ctx.input(1).data<float>();
  const std::int32_t* index = ctx.input(2).data<std::int32_t>();
  float* out = ctx.output(0).mutable_data<float>();
  const auto pixel = [&](std::int64_t b, std::int64_t y, std::int64_t xx, std::int64_t d) {
    return static_cast<float>(x[((b * h + y) * w + xx) * depth + d]);
  };
  for_each_sample(boxes, index, n, h, w, ch, cw, false, [&](const Sample& s) {
    float* o = out + ((s.k * ch + s.i) * cw + s.j) * depth;
    if (!s.inside) {
      std::fill_n(o, depth, extrapolation);
    } else if (!bilinear) {
      const auto yy = static_cast<std::int64_t>(std::round(s.in_y)), xx = static_cast<std::int64_t>(std::round(s.in_x));
      for (std::int64_t d = 0; d < depth; ++d) o[d] = pixel(s.b, yy, xx, d);
    } else {
      for (std::int64_t d = 0; d < depth; ++d) {
        const float tl = pixel(s.b, s.top, s.left, d), bl = pixel(s.b, s.bottom, s.left, d);
        const float t = tl + (pixel(s.b, s.top, s.right, d) - tl) * s.x_lerp;
        const float bo = bl + (pixel(s.b, s.bottom, s.right, d) - bl) * s.x_lerp;
        o[d] = t + (bo - t) * s.y_lerp;
      }
    }
  });
}

// CropAndResizeGradImage(grads, boxes, box_ind, image_size; T, method).
void grad_image_shape(ShapeContext& ctx) {
  check_method(ctx, 1, false);
  if (ctx.input(0).dtype() != float32) ctx.fail("grads must be float32");
  const DType t = ctx.attr<DType>(0);
  ops::check_type_attr(ctx, t, std::array{DType::kFloat32, DType::kFloat16, DType::kFloat64});
  check_boxes(ctx, 1);
  TensorShape out({None, None, None, None});
  if (const auto v = ops::array::known_int_values(ctx, 3)) {
    if (v->size() != 4) ctx.fail("image_size must have 4 elements" + ctx.input(3).shape().debug_string());
    out = TensorShape({(*v)[0], (*v)[1], (*v)[2], (*v)[3]});
  }
  ctx.add_output(t, out);
}

template <class T>
void grad_image_kernel(KernelContext& ctx) {
  const TensorShape& gs = ctx.input(0).shape();
  const TensorShape& os = ctx.output(0).shape();
  const std::int64_t batch = os.dim(0), h = os.dim(1), w = os.dim(2), depth = os.dim(3);
  check_box_values(ctx, ctx.input(1), ctx.input(2), batch);
  const std::int64_t n = gs.dim(0), ch = gs.dim(1), cw = gs.dim(2);
  const bool bilinear = ctx.attr<std::string>(1) == "bilinear";
  const float* g = ctx.input(0).data<float>();
  const float* boxes = ctx.input(1).data<float>();
  const std::int32_t* index = ctx.input(2).data<std::int32_t>();
  T* out = ctx.output(0).mutable_data<T>();
  std::fill_n(out, ctx.output(0).num_elements(), T(0));
  const auto at = [&](std::int64_t b, std::int64_t y, std::int64_t x) { return out + ((b * h + y) * w + x) * depth; };
  for_each_sample(boxes, index, n, h, w, ch, cw, false, [&](const Sample& s) {
    if (!s.inside) return;
    const float* gd = g + ((s.k * ch + s.i) * cw + s.j) * depth;
    if (!bilinear) {
      T* dst = at(s.b, static_cast<std::int64_t>(std::round(s.in_y)), static_cast<std::int64_t>(std::round(s.in_x)));
      for (std::int64_t d = 0; d < depth; ++d) dst[d] += static_cast<T>(gd[d]);
      return;
    }
    for (std::int64_t d = 0; d < depth; ++d) {
      const float dtop = (1 - s.y_lerp) * gd[d], dbottom = s.y_lerp * gd[d];
      at(s.b, s.top, s.left)[d] += static_cast<T>((1 - s.x_lerp) * dtop);
      at(s.b, s.top, s.right)[d] += static_cast<T>(s.x_lerp * dtop);
      at(s.b, s.bottom, s.left)[d] += static_cast<T>((1 - s.x_lerp) * dbottom);
      at(s.b, s.bottom, s.right)[d] += static_cast<T>(s.x_lerp * dbottom);
    }
  });
}

// CropAndResizeGradBoxes(grads, image, boxes, box_ind; method): float32 [num_boxes, 4].
void grad_boxes_shape(ShapeContext& ctx) {
  check_method(ctx, 0, true);
  if (ctx.input(0).dtype() != float32) ctx.fail("grads must be float32");
  const std::int64_t n = check_boxes(ctx, 2);
  ctx.add_output(float32, TensorShape({n, 4}));
}

template <class T>
void grad_boxes_kernel(KernelContext& ctx) {
  const TensorShape& gs = ctx.input(0).shape();
  const TensorShape& is = ctx.input(1).shape();
  const std::int64_t batch = is.dim(0), h = is.dim(1), w = is.dim(2), depth = is.dim(3);
  if (depth != gs.dim(3)) ctx.fail("image, grads depth differ");
  check_box_values(ctx, ctx.input(2), ctx.input(3), batch);
  const std::int64_t n = gs.dim(0), ch = gs.dim(1), cw = gs.dim(2);
  const float* g = ctx.input(0).data<float>();
  const T* x = ctx.input(1).data<T>();
  const float* boxes = ctx.input(2).data<float>();
  const std::int32_t* index = ctx.input(3).data<std::int32_t>();
  float* out = ctx.output(0).mutable_data<float>();
  std::fill_n(out, ctx.output(0).num_elements(), 0.0f);
  const auto pixel = [&](std::int64_t b, std::int64_t y, std::int64_t xx, std::int64_t d) {
    return static_cast<float>(x[((b * h + y) * w + xx) * depth + d]);
  };
  const float height_ratio = ch > 1 ? static_cast<float>(h - 1) / static_cast<float>(ch - 1) : 0.0f;
  const float width_ratio = cw > 1 ? static_cast<float>(w - 1) / static_cast<float>(cw - 1) : 0.0f;
  for_each_sample(boxes, index, n, h, w, ch, cw, true, [&](const Sample& s) {
    if (!s.inside) return;
    float* dbox = out + 4 * s.k;
    const auto y = static_cast<float>(s.i), x0 = static_cast<float>(s.j);
    for (std::int64_t d = 0; d < depth; ++d) {
      const float tl = pixel(s.b, s.top, s.left, d), tr = pixel(s.b, s.top, s.right, d);
      const float bl = pixel(s.b, s.bottom, s.left, d), br = pixel(s.b, s.bottom, s.right, d);
      const float top_grad = g[((s.k * ch + s.i) * cw + s.j) * depth + d];
      const float grad_y = ((1 - s.x_lerp) * (bl - tl) + s.x_lerp * (br - tr)) * top_grad;
      const float grad_x = ((1 - s.y_lerp) * (tr - tl) + s.y_lerp * (br - bl)) * top_grad;
      if (ch > 1) {
        dbox[0] += grad_y * (static_cast<float>(h - 1) - y * height_ratio);
        dbox[2] += grad_y * (y * height_ratio);
      } else {  // a one-row crop samples the box's middle
        dbox[0] += static_cast<float>(grad_y * 0.5 * static_cast<double>(h - 1));
        dbox[2] += static_cast<float>(grad_y * 0.5 * static_cast<double>(h - 1));
      }
      if (cw > 1) {
        dbox[1] += grad_x * (static_cast<float>(w - 1) - x0 * width_ratio);
        dbox[3] += grad_x * (x0 * width_ratio);
      } else {
        dbox[1] += static_cast<float>(grad_x * 0.5 * static_cast<double>(w - 1));
        dbox[3] += static_cast<float>(grad_x * 0.5 * static_cast<double>(w - 1));
      }
    }
  });
}

// The grad-boxes kernel dispatches on input 0 (grads, float32); the image's dtype picks T.
void grad_boxes_dispatch(KernelContext& ctx) {
  switch (ctx.input(1).dtype()) {
    case DType::kFloat64: return grad_boxes_kernel<double>(ctx);
    case DType::kInt32: return grad_boxes_kernel<std::int32_t>(ctx);
    case DType::kInt64: return grad_boxes_kernel<std::int64_t>(ctx);
    case DType::kUInt8: return grad_boxes_kernel<std::uint8_t>(ctx);
    default: return grad_boxes_kernel<float>(ctx);
  }
}

void grad_image_dispatch(KernelContext& ctx) {
  if (ctx.output(0).dtype() == DType::kFloat64) grad_image_kernel<double>(ctx);
  else grad_image_kernel<float>(ctx);
}

const OpDef& kCropAndResize = OpBuilder("CropAndResize")
                                  .inputs(4)
                                  .attrs({"method", "extrapolation_value"})
                                  .shape(crop_shape)
                                  .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t, std::int8_t, std::int16_t>(
                                      []<class T>() -> KernelFn { return &crop_kernel<T>; });
const OpDef& kCropAndResizeGradImage =
    OpBuilder("CropAndResizeGradImage").inputs(4).attrs({"T", "method"}).shape(grad_image_shape).kernel(float32, grad_image_dispatch);
const OpDef& kCropAndResizeGradBoxes =
    OpBuilder("CropAndResizeGradBoxes").inputs(4).attrs({"method"}).shape(grad_boxes_shape).kernel(float32, grad_boxes_dispatch);

}  // namespace

namespace ops::image {

Tensor crop_and_resize_grad_image(const Tensor& grads, const Tensor& boxes, const Tensor& box_indices, const Tensor& image_size,
                                  DType dtype, const std::string& method) {
  const AttrValue attrs[] = {dtype, method};
  return execute1(kCropAndResizeGradImage, {grads, boxes, box_indices, image_size}, attrs);
}

Tensor crop_and_resize_grad_boxes(const Tensor& grads, const Tensor& image, const Tensor& boxes, const Tensor& box_indices) {
  const AttrValue attrs[] = {std::string("bilinear")};
  return execute1(kCropAndResizeGradBoxes, {grads, image, boxes, box_indices}, attrs);
}

}  // namespace ops::image

namespace image {

Tensor crop_and_resize(const Tensor& image, const Tensor& boxes, const Tensor& box_indices, const IntArray& crop_size,
                       const CropAndResizeOptions& options) {
  const Tensor size = crop_size.tensor().dtype() == int32 ? crop_size.tensor() : cast(crop_size.tensor(), int32);
  const ops::AttrValue attrs[] = {options.method, options.extrapolation_value};
  return ops::execute1(kCropAndResize, {image, boxes, box_indices, size}, attrs);
}

}  // namespace image
}  // namespace tf

// tf.image's measures and filters, as image_ops_impl.py builds them: total_variation,
// image_gradients, sobel_edges (a reflect-padded depthwise convolution), psnr and ssim (a
// Gaussian-weighted depthwise convolution of the images, their squares and their product).
#include "tfpp/image_metrics.h"

#include <cmath>
#include <string>
#include <vector>

#include "ops/array/gradient_shape_ops.h"
#include "ops/image/image_checks.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::image {
namespace {

using detail::fail;

// x[..., 1:, ...] - x[..., :-1, ...] along `axis` of a rank-`rank` tensor.
Tensor neighbour_difference(const Tensor& x, int rank, int axis) {
  std::vector<std::int64_t> zeros(rank, 0), ones(rank, 1), begin(rank, 0), end(rank, 0);
  begin[axis] = 1;
  end[axis] = -1;
  const std::int64_t all = (std::int64_t{1} << rank) - 1, except = all & ~(std::int64_t{1} << axis);
  const Tensor next = strided_slice(x, begin, zeros, ones, {.end_mask = all});
  const Tensor here = strided_slice(x, zeros, end, ones, {.end_mask = except});
  return next - here;
}

// TensorFlow's _verify_compatible_image_shapes: rank >= 3 and compatible height, width and channels.
void check_compatible(const char* function, const Tensor& a, const Tensor& b) {
  for (const Tensor* t : {&a, &b})
    if (!t->shape().has_unknown_rank() && t->shape().rank() < 3)
      fail(function, "Shape " + t->shape().to_string() + " must have rank at least 3");
  if (a.shape().has_unknown_rank() || b.shape().has_unknown_rank()) return;
  for (int i = -3; i < 0; ++i) {
    const std::int64_t x = a.shape().dim(i), y = b.shape().dim(i);
    if (x != None && y != None && x != y)
      fail(function, "Shapes " + a.shape().to_string() + " and " + b.shape().to_string() + " are incompatible");
  }
}

// max_val in the image's dtype, converted to float32 as the images are.
Tensor float_max(const Tensor& like, double max_val) { return convert_image_dtype(constant(max_val, like.dtype()), float32); }

// The normalized filter_size x filter_size Gaussian window [size, size, 1, 1] (_fspecial_gauss).
Tensor gaussian_window(std::int64_t size, const Tensor& sigma) {
  Tensor coords = cast(range(constant(std::int32_t{0}), constant(static_cast<std::int32_t>(size)), constant(std::int32_t{1})), float32);
  coords = coords - cast(constant(static_cast<std::int32_t>(size - 1)), float32) / 2.0;
  Tensor g = math::square(coords);
  g = g * (scalar_like(sigma, -0.5) / math::square(sigma));
  g = reshape(g, {1, -1}) + reshape(g, {-1, 1});
  return reshape(nn::softmax(reshape(g, {1, -1})), {size, size, 1, 1});
}

// Tiles a [h, w, 1, k] depthwise filter over the image's channels: [1, 1, channels, 1].
IntArray channel_multiples(const Tensor& image) {
  const std::int64_t c = image.shape().dim(-1);
  if (c != None) return {1, 1, c, 1};
  const Tensor channels = slice(shape(image), {image.shape().rank() - 1}, {1});
  return concat({constant(std::vector<std::int32_t>{1, 1}, TensorShape({2})), channels,
                 constant(std::vector<std::int32_t>{1}, TensorShape({1}))},
                0);
}

}  // namespace

Tensor total_variation(const Tensor& images) {
  const TensorShape& s = images.shape();
  if (s.has_unknown_rank() || (s.rank() != 3 && s.rank() != 4))
    fail("total_variation", "'images' must be either 3 or 4-dimensional.");
  const int r = s.rank(), h = r - 3, w = r - 2;
  const Tensor dif1 = math::abs(neighbour_difference(images, r, h));
  const Tensor dif2 = math::abs(neighbour_difference(images, r, w));
  if (r == 3) return reduce_sum(dif1) + reduce_sum(dif2);
  return reduce_sum(dif1, {1, 2, 3}) + reduce_sum(dif2, {1, 2, 3});
}

std::pair<Tensor, Tensor> image_gradients(const Tensor& image) {
  if (image.shape().has_unknown_rank() || image.shape().rank() != 4)
    fail("image_gradients", "image_gradients expects a 4D tensor [batch_size, h, w, d], not " + image.shape().to_string() + ".");
  // The last row (column) has no next pixel: its difference is zero.
  const Tensor dy = pad(neighbour_difference(image, 4, 1), {{0, 0}, {0, 1}, {0, 0}, {0, 0}});
  const Tensor dx = pad(neighbour_difference(image, 4, 2), {{0, 0}, {0, 0}, {0, 1}, {0, 0}});
  return {dy, dx};
}

Tensor sobel_edges(const Tensor& image) {
  const TensorShape& s = image.shape();
  if (s.has_unknown_rank() || s.rank() != 4)
    fail("sobel_edges", "image must be a 4-D [batch, h, w, channels] tensor, got shape " + s.to_string());
  // The two 3x3 kernels (vertical, horizontal) as a [3, 3, 1, 2] depthwise filter, repeated per channel.
  const std::vector<double> k = {-1, -1, -2, 0, -1, 1, 0, -2, 0, 0, 0, 2, 1, -1, 2, 0, 1, 1};
  const Tensor kernels = cast(constant(k, TensorShape({3, 3, 1, 2})), image.dtype());
  const Tensor filters = tile(kernels, channel_multiples(image));
  const Tensor padded = pad(image, {{0, 0}, {1, 1}, {1, 1}, {0, 0}}, {.mode = "REFLECT"});
  const Tensor output = nn::depthwise_conv2d(padded, filters, 1, "VALID");
  TensorShape out = s;
  out.append(2);
  const Tensor dims = concat({shape(image), constant(std::vector<std::int32_t>{2}, TensorShape({1}))}, 0);
  if (out.is_fully_defined()) return reshape(output, std::vector<std::int64_t>(out.dims().begin(), out.dims().end()));
  return ops::array::ensure_shape(reshape(output, dims), out);
}

Tensor psnr(const Tensor& a, const Tensor& b, double max_val) {
  const Tensor max = float_max(a, max_val);
  const Tensor fa = convert_image_dtype(a, float32), fb = convert_image_dtype(b, float32);
  const Tensor mse = reduce_mean(math::squared_difference(fa, fb), {-3, -2, -1});
  const auto ten_over_ln10 = static_cast<float>(10 / std::log(10.0));
  const Tensor value = subtract(20.0f * math::log(max) / math::log(constant(10.0f)), constant(ten_over_ln10) * math::log(mse));
  check_compatible("psnr", a, b);  // after the ops, as TensorFlow: shapes that do not broadcast fail in them first
  return value;
}

Tensor ssim(const Tensor& img1, const Tensor& img2, double max_val, const SsimOptions& o) {
  check_compatible("ssim", img1, img2);
  if (img1.shape().has_unknown_rank() || img2.shape().has_unknown_rank())
    fail("ssim", "the images need a known rank when traced");
  for (const Tensor* t : {&img1, &img2})
    for (int i : {-3, -2})
      if (!t->shape().has_unknown_rank() && t->shape().dim(i) != None && t->shape().dim(i) < o.filter_size)
        fail("ssim", "the images' height and width must be at least filter_size " + std::to_string(o.filter_size) +
                         ", got shape " + t->shape().to_string());
  const Tensor max = float_max(img1, max_val);
  const Tensor x = convert_image_dtype(img1, float32), y = convert_image_dtype(img2, float32);
  const Tensor sigma = constant(static_cast<float>(o.filter_sigma));
  const Tensor kernel = tile(gaussian_window(o.filter_size, sigma), channel_multiples(x));
  // The Gaussian-weighted mean over each window, for any number of leading batch dimensions.
  const auto reducer = [&](const Tensor& t) {
    const Tensor dims = shape(t);
    const int rank = t.shape().rank();
    const Tensor flat = reshape(t, concat({constant(std::vector<std::int32_t>{-1}, TensorShape({1})), slice(dims, {rank - 3}, {3})}, 0));
    const Tensor filtered = nn::depthwise_conv2d(flat, kernel, 1, "VALID");
    return reshape(filtered, concat({slice(dims, {0}, {rank - 3}), slice(shape(filtered), {1}, {3})}, 0));
  };
  const Tensor c1 = pow(static_cast<float>(o.k1) * max, constant(2.0f));
  const Tensor c2 = pow(static_cast<float>(o.k2) * max, constant(2.0f));
  const Tensor mean0 = reducer(x), mean1 = reducer(y);
  const Tensor num0 = mean0 * mean1 * 2.0f;
  const Tensor den0 = math::square(mean0) + math::square(mean1);
  const Tensor luminance = (num0 + c1) / (den0 + c1);
  const Tensor num1 = reducer(x * y) * 2.0f;
  const Tensor den1 = reducer(math::square(x) + math::square(y));
  const Tensor cs = (num1 - num0 + c2) / (den1 - den0 + c2);
  const Tensor per_channel = o.return_index_map ? luminance * cs : reduce_mean(luminance * cs, {-3, -2});
  return reduce_mean(per_channel, {-1});
}

}  // namespace tf::image

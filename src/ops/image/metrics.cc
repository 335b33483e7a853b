// tf.image's measures and filters, as image_ops_impl.py builds them: total_variation,
// image_gradients, sobel_edges (a reflect-padded depthwise convolution), psnr, ssim (a
// Gaussian-weighted depthwise convolution of the images, their squares and their product) and
// ssim_multiscale (ssim's terms at 2x average-pooled scales).
#include "tfpp/image_metrics.h"

#include <cmath>
#include <string>
#include <vector>

#include "ops/array/gradient_shape_ops.h"
#include "ops/image/image_checks.h"
#include "tfpp/activation_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/image_ssim_multiscale.h"
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

namespace {

// [-1, height, width, channels]: the images of any number of leading batch dimensions in one batch.
Tensor flatten_batch(const Tensor& t) {
  const int rank = t.shape().rank();
  const std::int64_t h = t.shape().dim(-3), w = t.shape().dim(-2), c = t.shape().dim(-1);
  if (h != None && w != None && c != None) return reshape(t, {-1, h, w, c});
  return reshape(t, concat({constant(std::vector<std::int32_t>{-1}, TensorShape({1})), slice(shape(t), {rank - 3}, {3})}, 0));
}

// A flattened batch's result back under the leading dimensions of `like`, statically shaped
// whenever the shapes are known (as TensorFlow's constant-folded shapes are when traced).
Tensor unflatten_batch(const Tensor& flat, const Tensor& like) {
  const int rank = like.shape().rank();
  TensorShape known(like.shape().dims().subspan(0, static_cast<std::size_t>(rank - 3)));
  for (int i = 1; i < 4; ++i) known.append(flat.shape().dim(i));
  if (known.is_fully_defined()) return reshape(flat, std::vector<std::int64_t>(known.dims().begin(), known.dims().end()));
  return reshape(flat, concat({slice(shape(like), {0}, {rank - 3}), slice(shape(flat), {1}, {3})}, 0));
}

// `minimum` names the smallest height and width ("filter_size 11"); images smaller than it fail
// as `size_function`.
void check_ssim_inputs(const char* function, const Tensor& img1, const Tensor& img2, std::int64_t min_size, const std::string& minimum,
                       const char* size_function) {
  check_compatible(function, img1, img2);
  if (img1.shape().has_unknown_rank() || img2.shape().has_unknown_rank())
    fail(function, "the images need a known rank when traced");
  for (const Tensor* t : {&img1, &img2})
    for (int i : {-3, -2})
      if (t->shape().dim(i) != None && t->shape().dim(i) < min_size)
        fail(size_function, "the images' height and width must be at least " + minimum + ", got shape " +
                           t->shape().to_string());
}

// TensorFlow's _ssim_per_channel on float32 images: the SSIM map's and the contrast-structure
// map's means over height and width (or the SSIM map itself for return_index_map).
std::pair<Tensor, Tensor> ssim_per_channel(const Tensor& x, const Tensor& y, const Tensor& max, const SsimOptions& o) {
  const Tensor sigma = constant(static_cast<float>(o.filter_sigma));
  const Tensor kernel = tile(gaussian_window(o.filter_size, sigma), channel_multiples(x));
  // The Gaussian-weighted mean over each window, for any number of leading batch dimensions.
  const auto reducer = [&](const Tensor& t) { return unflatten_batch(nn::depthwise_conv2d(flatten_batch(t), kernel, 1, "VALID"), t); };
  const Tensor c1 = pow(static_cast<float>(o.k1) * max, constant(2.0f));
  const Tensor c2 = pow(static_cast<float>(o.k2) * max, constant(2.0f));
  const Tensor mean0 = reducer(x), mean1 = reducer(y);
  const Tensor num0 = mean0 * mean1 * 2.0f;
  const Tensor den0 = math::square(mean0) + math::square(mean1);
  const Tensor luminance = (num0 + c1) / (den0 + c1);
  const Tensor num1 = reducer(x * y) * 2.0f;
  const Tensor den1 = reducer(math::square(x) + math::square(y));
  const Tensor cs = (num1 - num0 + c2) / (den1 - den0 + c2);
  if (o.return_index_map) return {luminance * cs, cs};
  return {reduce_mean(luminance * cs, {-3, -2}), reduce_mean(cs, {-3, -2})};
}

// One 2x2 average-pooling step of MS-SSIM, the odd height or width first padded by repeating
// the last row or column (SYMMETRIC), over any number of leading batch dimensions.
Tensor downscale(const Tensor& image) {
  const std::int64_t h = image.shape().dim(-3), w = image.shape().dim(-2);
  if (h == None || w == None) fail("ssim_multiscale", "the images need a known height and width when traced");
  Tensor flat = flatten_batch(image);
  if (h % 2 != 0 || w % 2 != 0) flat = pad(flat, {{0, 0}, {0, h % 2}, {0, w % 2}, {0, 0}}, {.mode = "SYMMETRIC"});
  return unflatten_batch(nn::avg_pool2d(flat, {1, 2, 2, 1}, {1, 2, 2, 1}, "VALID"), image);
}

}  // namespace

Tensor ssim(const Tensor& img1, const Tensor& img2, double max_val, const SsimOptions& o) {
  check_ssim_inputs("ssim", img1, img2, o.filter_size, "filter_size " + std::to_string(o.filter_size), "ssim");
  const Tensor max = float_max(img1, max_val);
  const Tensor per_channel = ssim_per_channel(convert_image_dtype(img1, float32), convert_image_dtype(img2, float32), max, o).first;
  return reduce_mean(per_channel, {-1});
}

Tensor ssim_multiscale(const Tensor& img1, const Tensor& img2, double max_val, const std::vector<double>& power_factors,
                       const SsimOptions& o) {
  if (power_factors.empty()) fail("ssim_multiscale", "power_factors must not be empty");
  if (o.return_index_map) fail("ssim_multiscale", "return_index_map is not an option of ssim_multiscale");
  check_compatible("ssim_multiscale", img1, img2);
  const Tensor max = float_max(img1, max_val);
  Tensor x = convert_image_dtype(img1, float32), y = convert_image_dtype(img2, float32);
  // The contrast-structure term of every scale but the coarsest, then SSIM at the coarsest.
  std::vector<Tensor> terms;
  for (std::size_t k = 0; k < power_factors.size(); ++k) {
    if (k > 0) x = downscale(x), y = downscale(y);
    // Too small images (at this scale): an InvalidArgumentError as TensorFlow's assertion op
    // raises, not the ValueError of a bad argument.
    check_ssim_inputs("ssim_multiscale", x, y, o.filter_size,
                      "filter_size " + std::to_string(o.filter_size) + " at scale " + std::to_string(k),
                      "ssim_multiscale/assert_greater_equal");
    auto [ssim_value, cs] = ssim_per_channel(x, y, max, o);
    terms.push_back(nn::relu(k + 1 < power_factors.size() ? cs : ssim_value));
  }
  std::vector<float> exponents(power_factors.begin(), power_factors.end());
  const Tensor weights = constant(exponents, TensorShape({static_cast<std::int64_t>(exponents.size())}));
  const Tensor ms_ssim = reduce_prod(pow(stack(terms, -1), weights), {-1});
  return reduce_mean(ms_ssim, {-1});
}

}  // namespace tf::image

// keras/src/layers/preprocessing/image_preprocessing/random_gaussian_blur.py and the TensorFlow
// backend's gaussian_blur: a depthwise convolution with the outer product of two normalized 1-D
// Gaussians (sizes kernel_size, sigmas drawn per call), applied to the images drawn to be blurred.
#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/image_augmentation_geometry.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {

// exp(-x^2 / (2 sigma^2)) at x = i - (size - 1) / 2, normalized; sigma a scalar tensor.
Tensor gaussian_1d(std::int64_t size, const Tensor& sigma) {
  const Tensor x = range(0.0, double(size), 1.0, sigma.dtype()) - static_cast<float>(double(size - 1) / 2);
  const Tensor scaled = x / sigma;
  const Tensor kernel = exp(-0.5f * scaled * scaled);
  return kernel / reduce_sum(kernel);
}

}  // namespace

RandomGaussianBlur::RandomGaussianBlur(RandomGaussianBlurOptions options)
    : ImageAugmentation(layer_options(options, "RandomGaussianBlur")), factor_(image_util::base_factor_range(name(), options.factor, 0, 1)),
      sigma_(image_util::base_factor_range(name(), options.sigma, 0, 1)), options_(std::move(options)),
      generator_(image_util::make_generator(options_.seed)) {
  image_util::check_data_format(name(), options_.data_format);
  const auto [h, w] = options_.kernel_size;
  if (h % 2 == 0 || w % 2 == 0 || h < 1 || w < 1)
    throw InvalidArgumentError("[" + name() + "] kernel_size must be an odd number. Received: kernel_size=(" + std::to_string(h) + ", " +
                               std::to_string(w) + ")");
}

Tensor RandomGaussianBlur::call(const Tensor& inputs, bool training) {
  const Tensor x = cast(inputs, dtype());
  if (!training) return x;
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, options_.data_format);
  const Tensor& images = form.images;
  const std::int64_t channels = images.shape().dim(3);
  if (channels == None)
    throw InvalidArgumentError("[" + name() + "] needs a known number of channels. Received: images.shape=" + inputs.shape().to_string());
  const Tensor probability = image_util::per_image_uniform(generator_, images, {1, 1, 1}, factor_.first, factor_.second);
  const Tensor blur = image_util::per_image_uniform(generator_, images, {1, 1, 1}, 0.0, 1.0) < probability;
  const Tensor sigmas = generator_.uniform({2}, sigma_.first, sigma_.second, dtype()) + 1e-6f;
  const auto [k0, k1] = options_.kernel_size;
  // As Keras: the outer product [k1, k0] of the y and x kernels, reshaped (not transposed) to [k0, k1].
  const Tensor kx = gaussian_1d(k0, reshape(slice(sigmas, {0}, {1}), {}));
  const Tensor ky = gaussian_1d(k1, reshape(slice(sigmas, {1}, {1}), {}));
  const Tensor kernel = tile(reshape(tensordot(ky, kx, 0), {k0, k1, 1, 1}), {1, 1, channels, 1});
  const Tensor blurred = nn::depthwise_conv2d(images, kernel, {1, 1, 1, 1}, "SAME");
  const Tensor out = clip_by_value(where(blur, blurred, images), options_.value_range.first, options_.value_range.second);
  return image_util::from_nhwc(form, out);
}

Config RandomGaussianBlur::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["factor"] = color_util::range_config(factor_);
  c["kernel_size"] = ConfigValue::List{options_.kernel_size.first, options_.kernel_size.second};
  c["sigma"] = color_util::range_config(sigma_);
  c["value_range"] = color_util::range_config(options_.value_range);
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

RandomGaussianBlur RandomGaussianBlur::from_config(const Config& c) {
  RandomGaussianBlurOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  o.value_range = color_util::range_from(c, "value_range", "RandomGaussianBlur", o.value_range);
  if (auto it = c.find("factor"); it != c.end() && !it->second.is_null()) o.factor = image_util::factor_from(it->second, "RandomGaussianBlur");
  if (auto it = c.find("sigma"); it != c.end() && !it->second.is_null()) o.sigma = image_util::factor_from(it->second, "RandomGaussianBlur");
  if (auto it = c.find("kernel_size"); it != c.end() && !it->second.is_null()) {
    if (it->second.holds<ConfigValue::List>()) {
      const auto [h, w] = image_util::pair_from(it->second, "RandomGaussianBlur", "kernel_size");
      o.kernel_size = {static_cast<std::int64_t>(h), static_cast<std::int64_t>(w)};
    } else {
      o.kernel_size = {it->second.get<std::int64_t>(), it->second.get<std::int64_t>()};
    }
  }
  return RandomGaussianBlur(o);
}

}  // namespace tf::keras::layers

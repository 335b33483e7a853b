// keras/src/layers/preprocessing/image_preprocessing/mix_up.py and cut_mix.py: a random
// permutation of the batch, Beta-distributed mixing weights (from two Gamma draws), and either a
// blend of whole images (MixUp) or a pasted box (CutMix); labels mix with the same weights.
#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/functional_ops.h"
#include "tfpp/keras/layers/image_augmentation_mixing.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_distributions.h"
#include "tfpp/random_sampling.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {

// Beta(alpha, alpha) samples of `shape` as X / (X + Y) of two Gamma(alpha) draws.
Tensor beta(random::Generator& generator, const TensorShape& shape, const Tensor& alpha) {
  const Tensor seeds = generator.make_seeds(2);
  const Tensor x = random::stateless_gamma(shape, reshape(slice(seeds, {0, 0}, {2, 1}), {2}), alpha);
  const Tensor y = random::stateless_gamma(shape, reshape(slice(seeds, {0, 1}, {2, 1}), {2}), alpha);
  return x / (x + y);
}

// One Beta(alpha, alpha) weight per image of `images` (NHWC), also for run-time batch sizes.
Tensor per_image_beta(random::Generator& generator, const Tensor& images, const Tensor& alpha) {
  const std::int64_t batch = images.shape().dim(0);
  if (batch != None) return beta(generator, TensorShape({batch}), alpha);
  return map_fn([&](const Tensor&) { return beta(generator, TensorShape({}), alpha); }, images, alpha.dtype());
}

// A random permutation of the batch: the order of uniform draws, one per image; when the batch
// size is known only at run time, a shuffle of its indices (op-seeded by the layer's seed).
Tensor permutation(random::Generator& generator, const Tensor& images, std::optional<std::int64_t> seed) {
  if (images.shape().dim(0) != None) return argsort(image_util::per_image_uniform(generator, images, {}, 0.0, 1.0));
  const Tensor batch = reshape(slice(shape(images), {0}, {1}), {});
  return random::shuffle(range(constant(0), batch, constant(1)), seed);
}

// `labels` [batch, ...] mixed as w * labels + (1 - w) * labels[order].
Tensor mix_labels(const Tensor& labels, const Tensor& weight, const Tensor& order) {
  const Tensor y = cast(labels, weight.dtype());
  std::vector<std::int64_t> dims{-1};
  for (int d = 1; d < labels.shape().rank(); ++d) dims.push_back(1);
  const Tensor w = reshape(weight, dims);
  return w * y + (1.0f - w) * gather(y, order);
}

}  // namespace

// ---- MixUp ----

MixUp::MixUp(MixUpOptions options)
    : ImageAugmentation(layer_options(options, "MixUp")), options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  image_util::check_data_format(name(), options_.data_format);
  if (!(options_.alpha > 0))
    throw InvalidArgumentError("[" + name() + "] `alpha` must be positive. Received: alpha=" + std::to_string(options_.alpha));
}

Tensor MixUp::call(const Tensor& inputs, bool training) {
  if (!training) return image_util::autocast(inputs, dtype());
  return call_with_labels(inputs, Tensor(), true).first;
}

std::pair<Tensor, Tensor> MixUp::call_with_labels(const Tensor& images, const Tensor& labels, bool training) {
  if (!training) return {image_util::autocast(images, dtype()), labels};
  const image_util::Nhwc form = image_util::to_nhwc(name(), cast(images, dtype()), options_.data_format);
  const Tensor& x = form.images;
  const Tensor order = permutation(generator_, x, options_.seed);
  const Tensor weight = per_image_beta(generator_, x, cast(constant(options_.alpha), dtype()));
  const Tensor w = reshape(weight, {-1, 1, 1, 1});
  const Tensor mixed = w * x + (1.0f - w) * gather(x, order);
  return {image_util::from_nhwc(form, mixed), labels.defined() ? mix_labels(labels, weight, order) : labels};
}

Config MixUp::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["alpha"] = options_.alpha;
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

MixUp MixUp::from_config(const Config& c) {
  MixUpOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  detail::read_if_present(c, "alpha", o.alpha, [](const ConfigValue& v) { return v.as_double(); });
  return MixUp(o);
}

// ---- CutMix ----

CutMix::CutMix(Factor factor, CutMixOptions options)
    : ImageAugmentation(layer_options(options, "CutMix")), range_(image_util::base_factor_range(name(), factor, 0, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  image_util::check_data_format(name(), options_.data_format);
}

Tensor CutMix::call(const Tensor& inputs, bool training) { return call_with_labels(inputs, Tensor(), training).first; }

std::pair<Tensor, Tensor> CutMix::call_with_labels(const Tensor& images, const Tensor& labels, bool training) {
  const Tensor cast_images = cast(images, dtype());
  const image_util::Nhwc form = image_util::to_nhwc(name(), cast_images, options_.data_format);
  if (!training || form.single) return {cast_images, labels};
  const Tensor& x = form.images;
  const auto [height, width] = image_util::known_height_width(name(), x);
  const Tensor alpha = generator_.uniform({}, range_.first, range_.second, dtype()) + 1e-6f;
  const Tensor ratio = sqrt(1.0f - per_image_beta(generator_, x, alpha));
  // The box: ratio of each side, each at a uniform place.
  const auto bounds = [&](std::int64_t length) {
    const Tensor size = ratio * static_cast<float>(length);
    const Tensor start = image_util::per_image_uniform(generator_, x, {}, 0.0, 1.0, dtype()) * (static_cast<float>(length) - size);
    return std::pair{start, start + size};
  };
  const auto [x0, x1] = bounds(width);
  const auto [y0, y1] = bounds(height);
  const auto column = [](const Tensor& t) { return reshape(t, {-1, 1, 1, 1}); };
  const Tensor grid_x = reshape(range(0.0, static_cast<double>(width), 1.0, dtype()), {1, 1, -1, 1});
  const Tensor grid_y = reshape(range(0.0, static_cast<double>(height), 1.0, dtype()), {1, -1, 1, 1});
  const Tensor in_box = logical_and(logical_and(grid_x >= column(x0), grid_x < column(x1)),
                                    logical_and(grid_y >= column(y0), grid_y < column(y1)));
  const Tensor order = permutation(generator_, x, options_.seed);
  const Tensor mixed = where(broadcast_to(in_box, shape(x)), gather(x, order), x);
  if (!labels.defined()) return {image_util::from_nhwc(form, mixed), labels};
  // Keras weighs the labels by the box's real area, not by the drawn weight.
  const Tensor weight = 1.0f - (x1 - x0) * (y1 - y0) / static_cast<float>(width * height);
  return {image_util::from_nhwc(form, mixed), mix_labels(labels, weight, order)};
}

Config CutMix::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["factor"] = color_util::range_config(range_);
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

CutMix CutMix::from_config(const Config& c) {
  CutMixOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  Factor factor = 1.0;
  if (auto it = c.find("factor"); it != c.end() && !it->second.is_null()) factor = image_util::factor_from(it->second, "CutMix");
  return CutMix(factor, o);
}

}  // namespace tf::keras::layers

// keras/src/layers/preprocessing/image_preprocessing/aug_mix.py: the augmentations built from
// one factor and one seed as Keras builds them, chains of host-side picks (an augmentation or
// none), Dirichlet chain weights from Gamma draws, a Beta weight for the original image.
#include <algorithm>
#include <random>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/image_augmentation_augmix.h"
#include "tfpp/keras/layers/image_augmentation_color.h"
#include "tfpp/keras/layers/image_augmentation_geometry.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_distributions.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {

// Gamma(alpha) draws of `shape` from the generator's next seed.
Tensor gamma_draws(random::Generator& generator, const TensorShape& shape, const Tensor& alpha) {
  return random::stateless_gamma(shape, reshape(generator.make_seeds(1), {2}), alpha);
}

std::mt19937_64 make_picker(const std::optional<std::int64_t>& seed) {
  if (seed) return std::mt19937_64(static_cast<std::uint64_t>(*seed));
  std::random_device device;
  return std::mt19937_64((static_cast<std::uint64_t>(device()) << 32) ^ device());
}

}  // namespace

AugMix::AugMix(AugMixOptions options)
    : ImageAugmentation(layer_options(options, "AugMix")),
      range_(image_util::base_factor_range(name(), options.factor, 0, 1)),
      options_(std::move(options)),
      generator_(image_util::make_generator(options_.seed)),
      picks_(std::make_shared<std::mt19937_64>(make_picker(options_.seed))) {
  image_util::check_data_format(name(), options_.data_format);
  image_util::check_choice(name(), "interpolation", options_.interpolation, {"nearest", "bilinear"});
  // Keras accepts these and mixes nothing, or NaNs; tfpp refuses them.
  if (options_.num_chains < 1)
    throw InvalidArgumentError("[" + name() + "] `num_chains` must be positive. Received: num_chains=" + std::to_string(options_.num_chains));
  if (options_.chain_depth < 0)
    throw InvalidArgumentError("[" + name() + "] `chain_depth` must be non-negative. Received: chain_depth=" +
                               std::to_string(options_.chain_depth));
  if (!(options_.alpha > 0))
    throw InvalidArgumentError("[" + name() + "] `alpha` must be positive. Received: alpha=" + std::to_string(options_.alpha));
  // Keras gives every augmentation the factor's range and the layer's seed.
  const Factor f(range_.first, range_.second);
  const std::string& format = options_.data_format;
  const auto& vr = options_.value_range;
  const RandomAffineOptions affine{.interpolation = options_.interpolation, .seed = options_.seed, .data_format = format};
  const RandomColorOptions color{.value_range = vr, .seed = options_.seed, .data_format = format};
  const auto posterize_bits = std::max<std::int64_t>(1, static_cast<std::int64_t>(8 * range_.second));
  augmentations_ = {
      {"random_shear", std::make_shared<RandomShear>(f, f, affine)},
      {"random_translation", std::make_shared<RandomTranslation>(f, f, affine)},
      {"random_rotation", std::make_shared<RandomRotation>(f, affine)},
      {"random_posterization", std::make_shared<RandomPosterization>(static_cast<double>(posterize_bits), color)},
      {"solarization", std::make_shared<Solarization>(SolarizationOptions{.addition_factor = f, .threshold_factor = f,
                                                                          .value_range = vr, .seed = options_.seed,
                                                                          .data_format = format})},
      {"auto_contrast", std::make_shared<AutoContrast>(AutoContrastOptions{.value_range = vr, .data_format = format})},
      {"equalization", std::make_shared<Equalization>(EqualizationOptions{.value_range = vr, .data_format = format})},
  };
  if (options_.all_ops) {
    augmentations_.emplace_back("random_brightness", std::make_shared<RandomBrightness>(f, color));
    augmentations_.emplace_back("random_color_degeneration", std::make_shared<RandomColorDegeneration>(f, color));
    augmentations_.emplace_back("random_contrast", std::make_shared<RandomContrast>(f, color));
    augmentations_.emplace_back("random_sharpness", std::make_shared<RandomSharpness>(f, color));
  }
}

std::vector<std::string> AugMix::augmentation_names() const {
  std::vector<std::string> names;
  for (const auto& [augmentation, layer] : augmentations_) names.push_back(augmentation);
  return names;
}

AugMixTransformation AugMix::get_random_transformation() {
  AugMixTransformation t;
  const Tensor alpha = constant(static_cast<float>(options_.alpha));
  const Tensor gamma = gamma_draws(generator_, TensorShape({options_.num_chains}), alpha);
  t.chain_mixing_weights = gamma / reduce_sum(gamma, {-1}, {.keepdims = true});
  const Tensor x = gamma_draws(generator_, TensorShape({}), alpha);
  const Tensor y = gamma_draws(generator_, TensorShape({}), alpha);
  t.weight_sample = x / (x + y);
  // Keras' py_random.choice(augmentations + [None]) at every depth: None skips it.
  std::uniform_int_distribution<std::size_t> pick(0, augmentations_.size());
  for (std::int64_t chain = 0; chain < options_.num_chains; ++chain) {
    std::vector<std::string> names;
    for (std::int64_t depth = 0; depth < options_.chain_depth; ++depth)
      if (const std::size_t k = pick(*picks_); k < augmentations_.size()) names.push_back(augmentations_[k].first);
    t.chain_transforms.push_back(std::move(names));
  }
  return t;
}

Tensor AugMix::transform_images(const Tensor& inputs, const AugMixTransformation& t) {
  if (t.chain_mixing_weights.shape().rank() != 1 ||
      t.chain_mixing_weights.shape().dim(0) != static_cast<std::int64_t>(t.chain_transforms.size()))
    throw InvalidArgumentError("[" + name() + "] chain_mixing_weights of shape " + t.chain_mixing_weights.shape().to_string() +
                               " does not give one weight to each of the " + std::to_string(t.chain_transforms.size()) +
                               " chains");
  const Tensor images = cast(inputs, dtype());
  const Tensor weights = cast(t.chain_mixing_weights, dtype());
  const Tensor original = cast(t.weight_sample, dtype());
  Tensor mixed = zeros_like(images);
  for (std::size_t chain = 0; chain < t.chain_transforms.size(); ++chain) {
    Tensor augmented = images;
    for (const std::string& augmentation : t.chain_transforms[chain]) {
      auto it = std::find_if(augmentations_.begin(), augmentations_.end(), [&](const auto& a) { return a.first == augmentation; });
      if (it == augmentations_.end())
        throw InvalidArgumentError("[" + name() + "] has no augmentation '" + augmentation + "'");
      augmented = cast(it->second->call(augmented, true), dtype());
    }
    mixed = mixed + augmented * reshape(slice(weights, {std::int64_t(chain)}, {1}), {});
  }
  const Tensor blended = original * images + (1.0 - original) * mixed;
  return clip_by_value(blended, constant(options_.value_range.first, dtype()), constant(options_.value_range.second, dtype()));
}

Tensor AugMix::call(const Tensor& inputs, bool training) {
  if (!training) return cast(inputs, dtype());
  return transform_images(inputs, get_random_transformation());
}

Config AugMix::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["value_range"] = color_util::range_config(options_.value_range);
  c["num_chains"] = options_.num_chains;
  c["chain_depth"] = options_.chain_depth;
  c["factor"] = color_util::range_config(range_);
  c["alpha"] = options_.alpha;
  c["all_ops"] = options_.all_ops;
  c["interpolation"] = options_.interpolation;
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

AugMix AugMix::from_config(const Config& c) {
  AugMixOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  o.value_range = color_util::range_from(c, "value_range", "AugMix", o.value_range);
  detail::read_if_present(c, "num_chains", o.num_chains, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  detail::read_if_present(c, "chain_depth", o.chain_depth, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  detail::read_if_present(c, "alpha", o.alpha, [](const ConfigValue& v) { return v.as_double(); });
  detail::read_if_present(c, "all_ops", o.all_ops, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_if_present(c, "interpolation", o.interpolation, [](const ConfigValue& v) { return v.get<std::string>(); });
  if (auto it = c.find("factor"); it != c.end() && !it->second.is_null()) o.factor = image_util::factor_from(it->second, "AugMix");
  return AugMix(o);
}

}  // namespace tf::keras::layers

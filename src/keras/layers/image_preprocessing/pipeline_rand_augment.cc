// keras/src/layers/preprocessing/pipeline.py and image_preprocessing/rand_augment.py: layers
// run in turn; RandAugment's eleven augmentations built from one factor, num_ops of them picked
// per call. As Keras, every augmentation runs and the pick is a `where`, so the choice also
// works inside traced functions.
#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/keras/layers/image_augmentation_color.h"
#include "tfpp/keras/layers/image_augmentation_geometry.h"
#include "tfpp/keras/layers/image_augmentation_pipeline.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

// ---- Pipeline ----

Pipeline::Pipeline(std::vector<LayerRef> layers, BasicOptions options) : RandomAugmentation(layer_options(options, "Pipeline")) {
  for (const LayerRef& layer : layers) {
    layers_.push_back(layer.ptr());
    track_state(layers_.back()->shared_layer_state(), layers_.back());
  }
}

Tensor Pipeline::call(const Tensor& inputs, bool training) {
  Tensor x = inputs;
  for (const std::shared_ptr<Layer>& layer : layers_) x = (*layer)(x, training);
  return x;
}

Config Pipeline::get_config() const {
  ConfigValue::List serialized;
  for (const std::shared_ptr<Layer>& layer : layers_) serialized.push_back(serialize(*layer));
  return Config{{"layers", serialized}, {"name", name()}};
}

Pipeline Pipeline::from_config(const Config& c) {
  const ConfigValue& list = detail::config_at(c, "layers", "Pipeline");
  if (!list.holds<ConfigValue::List>())
    throw InvalidArgumentError("[Pipeline] `Pipeline` config must contain a `layers` key mapping to a list of serialized layers. "
                               "Received config with layers=" + to_json(list));
  std::vector<LayerRef> layers;
  for (const ConfigValue& layer : list.get<ConfigValue::List>()) layers.emplace_back(deserialize(layer));
  BasicOptions o;
  detail::read_common(c, o);
  return Pipeline(std::move(layers), o);
}

// ---- RandAugment ----

namespace {

std::optional<std::int64_t> seed_plus(const std::optional<std::int64_t>& seed, int i) {
  return seed ? std::optional<std::int64_t>(*seed + i) : std::nullopt;
}

}  // namespace

RandAugment::RandAugment(RandAugmentOptions options)
    : ImageAugmentation(layer_options(options, "RandAugment")), range_(image_util::base_factor_range(name(), options.factor, 0, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  image_util::check_data_format(name(), options_.data_format);
  image_util::check_choice(name(), "interpolation", options_.interpolation, {"nearest", "bilinear"});
  if (options_.num_ops < 1) throw InvalidArgumentError("[" + name() + "] `num_ops` must be positive. Received: num_ops=" + std::to_string(options_.num_ops));
  // Keras passes the factor's range (lower, upper) as each augmentation's factor.
  const Factor f(range_.first, range_.second);
  const std::string& format = options_.data_format;
  const auto& vr = options_.value_range;
  const RandomAffineOptions affine{.interpolation = options_.interpolation, .data_format = format};
  const auto affine_seeded = [&](int i) {
    RandomAffineOptions o = affine;
    o.seed = seed_plus(options_.seed, i);
    return o;
  };
  const auto color = [&](int i) { return RandomColorOptions{.value_range = vr, .seed = seed_plus(options_.seed, i), .data_format = format}; };
  const auto posterize_bits = std::max<std::int64_t>(1, static_cast<std::int64_t>(8 * range_.second));
  augmentations_ = {
      std::make_shared<RandomShear>(f, f, affine_seeded(1)),
      std::make_shared<RandomTranslation>(f, f, affine_seeded(2)),
      std::make_shared<RandomRotation>(f, affine_seeded(3)),
      std::make_shared<RandomBrightness>(f, color(4)),
      std::make_shared<RandomColorDegeneration>(f, color(5)),
      std::make_shared<RandomContrast>(f, color(6)),
      std::make_shared<RandomSharpness>(f, color(7)),
      std::make_shared<RandomPosterization>(static_cast<double>(posterize_bits), color(8)),
      std::make_shared<Solarization>(SolarizationOptions{.addition_factor = f, .threshold_factor = f, .value_range = vr,
                                                         .seed = seed_plus(options_.seed, 9), .data_format = format}),
      std::make_shared<AutoContrast>(AutoContrastOptions{.value_range = vr, .data_format = format}),
      std::make_shared<Equalization>(EqualizationOptions{.value_range = vr, .data_format = format}),
  };
}

Tensor RandAugment::call(const Tensor& inputs, bool training) {
  Tensor images = cast(inputs, dtype());
  if (!training) return images;
  const auto count = static_cast<double>(augmentations_.size());
  const Tensor picks = generator_.uniform({options_.num_ops}, 0.0, count, int32);
  for (std::int64_t i = 0; i < options_.num_ops; ++i) {
    const Tensor pick = reshape(slice(picks, {i}, {1}), {});
    Tensor out = images;
    for (std::size_t k = 0; k < augmentations_.size(); ++k)
      out = where(equal(pick, constant(static_cast<int>(k))), cast(augmentations_[k]->call(images, true), dtype()), out);
    images = out;
  }
  return images;
}

Config RandAugment::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["value_range"] = color_util::range_config(options_.value_range);
  c["num_ops"] = options_.num_ops;
  c["factor"] = color_util::range_config(range_);
  c["interpolation"] = options_.interpolation;
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

RandAugment RandAugment::from_config(const Config& c) {
  RandAugmentOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  o.value_range = color_util::range_from(c, "value_range", "RandAugment", o.value_range);
  detail::read_if_present(c, "num_ops", o.num_ops, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  detail::read_if_present(c, "interpolation", o.interpolation, [](const ConfigValue& v) { return v.get<std::string>(); });
  if (auto it = c.find("factor"); it != c.end() && !it->second.is_null()) o.factor = image_util::factor_from(it->second, "RandAugment");
  return RandAugment(o);
}

}  // namespace tf::keras::layers

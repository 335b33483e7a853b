// keras/src/layers/preprocessing/image_preprocessing/random_flip.py: one uniform draw per image,
// flipped where it is <= 0.5; "horizontal_and_vertical" flips both axes on that one draw.
#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

RandomFlip::RandomFlip(std::string mode, RandomFlipOptions options)
    : RandomAugmentation(layer_options(options, "RandomFlip")), mode_(std::move(mode)), options_(std::move(options)),
      generator_(image_util::make_generator(options_.seed)) {
  image_util::check_choice(name(), "mode", mode_, {"horizontal", "vertical", "horizontal_and_vertical"});
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomFlip::call(const Tensor& inputs, bool training) {
  const Tensor x = cast(inputs, dtype());
  if (!training) return x;
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, options_.data_format);
  Tensor images = form.images;
  const Tensor flips = image_util::per_image_uniform(generator_, images, {1, 1, 1}, 0.0, 1.0) <= 0.5;
  if (mode_ != "vertical") images = where(flips, reverse(images, {2}), images);
  if (mode_ != "horizontal") images = where(flips, reverse(images, {1}), images);
  return image_util::from_nhwc(form, images);
}

Config RandomFlip::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["seed"] = image_util::seed_config(options_.seed);
  c["mode"] = mode_;
  return c;
}

RandomFlip RandomFlip::from_config(const Config& c) {
  RandomFlipOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  std::string mode = "horizontal_and_vertical";
  detail::read_if_present(c, "mode", mode, [](const ConfigValue& v) { return v.get<std::string>(); });
  return RandomFlip(mode, o);
}

}  // namespace tf::keras::layers

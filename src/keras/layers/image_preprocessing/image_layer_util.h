// What the image preprocessing layers share: the [batch, height, width, channels] form they
// compute in, Keras' factor rules and config forms, their generators, and Keras' resizing and
// affine-transform helpers (keras/src/backend/tensorflow/image.py, utils/image_utils.py).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "tfpp/keras/config.h"
#include "tfpp/keras/layers/image_preprocessing.h"
#include "tfpp/random_generator.h"
#include "tfpp/tensor.h"

namespace tf::keras::layers::image_util {

/// Images in channels-last batch form, and how to put results back into the caller's form.
struct Nhwc {
  Tensor images;               ///< [batch, height, width, channels]
  bool single = false;         ///< the input was one image (rank 3)
  bool channels_first = false; ///< the input had channels before height and width
};

/// Throws Keras' error unless `shape` is an image's or a batch's (rank 3 or 4, known).
void check_image_rank(const std::string& layer, const TensorShape& shape);
/// Checks the rank (3 or 4, known) and brings `x` into batch, channels-last form.
Nhwc to_nhwc(const std::string& layer, const Tensor& x, const std::string& data_format);
/// `y` (computed in batch, channels-last form) in the form of the input `form` came from.
Tensor from_nhwc(const Nhwc& form, const Tensor& y);
/// Throws unless data_format is "channels_last" or "channels_first".
void check_data_format(const std::string& layer, const std::string& data_format);
/// Floating inputs in the layer's dtype, as Keras autocasts them; others unchanged.
Tensor autocast(const Tensor& x, DType dtype);
/// Uniform values in [low, high) of shape [batch] + per_image, one draw per image of `images`
/// (NHWC): in one call when the batch size is known, else image by image when the (traced)
/// function runs, as random ops need static shapes.
Tensor per_image_uniform(random::Generator& generator, const Tensor& images, const TensorShape& per_image, double low,
                         double high, DType dtype = float32);

/// Throws unless `name` is one of `allowed` (a comma-separated list in the message).
void check_choice(const std::string& layer, const std::string& argument, const std::string& name,
                  std::initializer_list<const char*> allowed);

/// The generator of a layer: seeded, or nondeterministic without a seed.
random::Generator make_generator(std::optional<std::int64_t> seed);
/// Keras' BaseImagePreprocessingLayer._set_factor: the range of `factor` within [low, high].
std::pair<double, double> base_factor_range(const std::string& layer, const Factor& factor, double low, double high);
/// The range of a zoom or translation factor whose numbers must lie in [low, high] (`open_low`:
/// (low, high]); `what` names the argument.
std::pair<double, double> checked_factor_range(const std::string& layer, const std::string& what, const Factor& factor,
                                               double low, double high, bool open_low);

/// A factor as given: a number, or a [lower, upper] list.
ConfigValue factor_config(const Factor& factor);
/// A factor from one number, or a range from two.
Factor factor_of(std::initializer_list<double> values, const std::string& layer);
/// A factor from factor_config's output (or any number or two-number list).
Factor factor_from(const ConfigValue& value, const std::string& layer);
/// [first, second].
ConfigValue pair_config(const std::pair<double, double>& pair);
/// Two numbers from a list.
std::pair<double, double> pair_from(const ConfigValue& value, const std::string& layer, const std::string& key);
/// A seed or None.
ConfigValue seed_config(const std::optional<std::int64_t>& seed);
/// Reads "seed" and "data_format" where present.
template <class O>
void read_seed_and_format(const Config& c, O& o) {
  if (auto it = c.find("seed"); it != c.end() && !it->second.is_null()) o.seed = it->second.template get<std::int64_t>();
  if (auto it = c.find("data_format"); it != c.end() && !it->second.is_null())
    o.data_format = it->second.template get<std::string>();
}

/// Keras' smart_resize arithmetic: the central window of the target aspect ratio,
/// {top, left, height, width}, for an image of in_h x in_w.
struct Window {
  std::int64_t top, left, height, width;
};
Window aspect_window(std::int64_t in_h, std::int64_t in_w, std::int64_t target_h, std::int64_t target_w);
/// The images (NHWC) cropped to `window`.
Tensor crop(const Tensor& images, const Window& window);
/// Keras' crop to the target aspect ratio (aspect_window) of NHWC images, whose height and width
/// may be known only when the function runs (then computed in float32 as Keras' TensorFlow code).
Tensor crop_to_aspect(const Tensor& images, std::int64_t target_h, std::int64_t target_w);
/// Keras' pad to the target aspect ratio: the short side padded evenly (the same amount on both
/// sides) with fill_value, for known or run-time sizes.
Tensor pad_to_aspect(const Tensor& images, std::int64_t target_h, std::int64_t target_w, double fill_value);
/// The central height x width window of NHWC images that are at least that large (CenterCrop),
/// for known or run-time sizes.
Tensor center_window(const Tensor& images, std::int64_t height, std::int64_t width);
/// The static height and width of NHWC images, which must be known.
std::pair<std::int64_t, std::int64_t> known_height_width(const std::string& layer, const Tensor& images);

/// Keras' affine_transform: NHWC images through ImageProjectiveTransformV3 with float32
/// transforms [batch, 8], the output keeping the images' shape.
Tensor affine_transform(const Tensor& images, const Tensor& transforms, const std::string& interpolation,
                        const std::string& fill_mode, double fill_value);
/// The [batch, 1] float32 column of a value per image.
Tensor column(const Tensor& values);

}  // namespace tf::keras::layers::image_util

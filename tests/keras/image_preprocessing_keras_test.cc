// The image preprocessing layers compared with Keras 3 on TensorFlow 2.21 in the same test run:
// the deterministic ones (Resizing, CenterCrop, and the random layers with a one-value factor
// range or on the paths that draw nothing) by value, shape, dtype and gradient; every layer's config.
// What Keras draws at random cannot match (its generator is not tfpp's), so
// image_preprocessing_test.cc checks the random layers' structural facts.
#include <gtest/gtest.h>

#include <tfpp/gradient_tape.h>
#include <tfpp/keras/layers/image_preprocessing.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/tfpp.h>

#include "keras/keras_reference.h"

namespace {

namespace layers = tf::keras::layers;
using tf::Tensor;
using tf::testing::pattern_tensor;

// case(name, layer, x, training): prints the output, its shape and dtype.
const char* kScript = R"PY(
import json
import numpy as np
import tensorflow as tf
import keras
from keras import layers
def case(name, layer, x, training=False):
    y = layer(x, training=training)
    emit(name, y)
    emit(name + '_shape', list(y.shape))
    print('dtype', name, y.dtype.name)
x = pattern((2, 5, 6, 3), 0.1) * 100 + 100
u8 = np.round(pattern((2, 5, 6, 3), 0.2) * 120 + 125).astype('uint8')
case('resize_bilinear', layers.Resizing(3, 4), x)
case('resize_nearest', layers.Resizing(7, 9, interpolation='nearest'), x)
case('resize_bicubic_single', layers.Resizing(4, 4, interpolation='bicubic'), x[0])
case('resize_area', layers.Resizing(2, 3, interpolation='area'), x)
case('resize_crop', layers.Resizing(4, 4, crop_to_aspect_ratio=True), x)
case('resize_pad', layers.Resizing(4, 2, pad_to_aspect_ratio=True, fill_value=9.0), x)
case('resize_pad_wide', layers.Resizing(2, 6, pad_to_aspect_ratio=True), x)
case('resize_uint8', layers.Resizing(3, 4), u8)
case('resize_channels_first', layers.Resizing(3, 2, data_format='channels_first'), pattern((2, 3, 5, 4), 0.3))
case('center_crop', layers.CenterCrop(3, 4), x)
case('center_crop_uint8_single', layers.CenterCrop(2, 2), u8[1])
case('center_crop_smaller', layers.CenterCrop(7, 4), x)
case('center_crop_cf', layers.CenterCrop(2, 3, data_format='channels_first'), pattern((2, 3, 5, 4), 0.4))
case('rotation_quarter', layers.RandomRotation((0.25, 0.25)), x, True)
case('rotation_constant', layers.RandomRotation((0.1, 0.1), fill_mode='constant', fill_value=-5.0), x, True)
case('rotation_wrap_nearest', layers.RandomRotation((-0.15, -0.15), fill_mode='wrap', interpolation='nearest'), x, True)
case('rotation_single', layers.RandomRotation((0.3, 0.3), fill_mode='nearest'), x[0], True)
case('rotation_inference', layers.RandomRotation(0.3), x, False)
case('zoom_in', layers.RandomZoom((-0.4, -0.4)), x, True)
case('zoom_out_width', layers.RandomZoom((0.5, 0.5), (-0.2, -0.2), fill_mode='constant'), x, True)
case('translation', layers.RandomTranslation((0.2, 0.2), (-0.25, -0.25)), x, True)
case('translation_wrap', layers.RandomTranslation((-0.4, -0.4), (0.5, 0.5), fill_mode='wrap', interpolation='nearest'), x, True)
case('translation_cf', layers.RandomTranslation((0.2, 0.2), (0.0, 0.0), fill_mode='constant', data_format='channels_first'),
     pattern((2, 3, 5, 4), 0.5), True)
case('brightness', layers.RandomBrightness((0.1, 0.1)), x, True)
case('brightness_range', layers.RandomBrightness((-0.3, -0.3), value_range=(60, 10)), x, True)
case('contrast_none', layers.RandomContrast(0.0, value_range=(50, 150)), x, True)
case('crop_small', layers.RandomCrop(7, 4), x, True)
case('crop_inference', layers.RandomCrop(2, 2), x, False)
case('flip_inference', layers.RandomFlip(), u8, False)
def grad_case(name, layer, x, training=False):
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = layer(xt, training=training)
        loss = tf.reduce_sum(y * pattern(tuple(y.shape), 9.0))
    emit(name + '_grad', tape.gradient(loss, xt))
grad_case('resize_bilinear', layers.Resizing(3, 4), x)
grad_case('center_crop_smaller', layers.CenterCrop(7, 4), x)
grad_case('rotation_constant', layers.RandomRotation((0.1, 0.1), fill_mode='constant', fill_value=-5.0), x, True)
grad_case('zoom_in', layers.RandomZoom((-0.4, -0.4)), x, True)
def config(name, layer):
    c = layer.get_config()
    c.pop('name'); c.pop('dtype'); c.pop('trainable')
    print('config', name, json.dumps(c, sort_keys=True))
config('Resizing', layers.Resizing(3, 4, interpolation='nearest', pad_to_aspect_ratio=True, fill_value=1.5))
config('CenterCrop', layers.CenterCrop(3, 4))
config('RandomFlip', layers.RandomFlip('vertical', seed=3))
config('RandomRotation', layers.RandomRotation(0.2, fill_mode='constant', seed=1))
config('RandomZoom', layers.RandomZoom(0.2, (-0.1, 0.3)))
config('RandomZoomScalar', layers.RandomZoom((0.2, -0.1)))
config('RandomTranslation', layers.RandomTranslation((0.1, -0.2), 0.3, interpolation='nearest'))
config('RandomContrast', layers.RandomContrast((0.2, 0.4), value_range=(0.0, 1.0), seed=4))
config('RandomBrightness', layers.RandomBrightness(0.5, value_range=(1.0, 0.0)))
config('RandomCrop', layers.RandomCrop(3, 4, seed=5))
)PY";

class ImagePreprocessingKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    output_ = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript);
    values_ = tf::testing::parse_values(output_);
  }
  void SetUp() override { ASSERT_FALSE(values_.empty()) << "the Keras script printed nothing"; }

  // The line "<kind> <name> <rest>" of Keras' output.
  static std::string line(const std::string& kind, const std::string& name) {
    const std::string head = kind + " " + name + " ";
    const std::size_t at = output_.find("\n" + head);
    if (at == std::string::npos) return "";
    const std::size_t start = at + 1 + head.size();
    return output_.substr(start, output_.find('\n', start) - start);
  }

  // Calls `layer` and compares output values, shape and dtype with Keras' case `name`.
  static void expect_case(const std::string& name, tf::keras::LayerRef layer, const Tensor& x, bool training = false,
                          double tol = 1e-4) {
    ASSERT_TRUE(values_.count(name)) << name << " missing from Keras' output:\n" << output_;
    const Tensor y = (*layer)(x, training);
    const std::vector<double>& want_shape = values_.at(name + "_shape");
    ASSERT_EQ(y.shape().rank(), static_cast<int>(want_shape.size())) << name;
    for (int d = 0; d < y.shape().rank(); ++d) EXPECT_EQ(y.shape().dim(d), static_cast<std::int64_t>(want_shape[d])) << name;
    EXPECT_EQ(std::string(tf::dtype_name(y.dtype())), line("dtype", name)) << name;
    const std::vector<double>& want = values_.at(name);
    const std::vector<double> got = tf::cast(y, tf::float64).numpy<double>();
    ASSERT_EQ(got.size(), want.size()) << name;
    for (std::size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], want[i], tol * (1 + std::abs(want[i]))) << name << " at " << i;
  }

  // get_config() without name, dtype and trainable, as sorted JSON, against Keras'.
  static void expect_config(const std::string& name, const tf::keras::Layer& layer) {
    tf::keras::Config c = layer.get_config();
    c.erase("name");
    c.erase("dtype");
    c.erase("trainable");
    EXPECT_EQ(tf::keras::to_json(c), line("config", name)) << name;
  }

  static Tensor x() { return pattern_tensor({2, 5, 6, 3}, 0.1) * 100.0f + 100.0f; }
  static Tensor u8() { return tf::cast(tf::round(pattern_tensor({2, 5, 6, 3}, 0.2) * 120.0f + 125.0f), tf::uint8); }
  static Tensor first(const Tensor& t) { return tf::squeeze(tf::slice(t, {0, 0, 0, 0}, {1, -1, -1, -1}), {0}); }
  static Tensor second(const Tensor& t) { return tf::squeeze(tf::slice(t, {1, 0, 0, 0}, {1, -1, -1, -1}), {0}); }

  static inline std::string output_;
  static inline std::map<std::string, std::vector<double>> values_;
};

TEST_F(ImagePreprocessingKeras, ResizingMatchesKeras) {
  expect_case("resize_bilinear", layers::Resizing(3, 4), x());
  expect_case("resize_nearest", layers::Resizing(7, 9, {.interpolation = "nearest"}), x());
  expect_case("resize_bicubic_single", layers::Resizing(4, 4, {.interpolation = "bicubic"}), first(x()));
  expect_case("resize_area", layers::Resizing(2, 3, {.interpolation = "area"}), x());
  expect_case("resize_crop", layers::Resizing(4, 4, {.crop_to_aspect_ratio = true}), x());
  expect_case("resize_pad", layers::Resizing(4, 2, {.pad_to_aspect_ratio = true, .fill_value = 9.0}), x());
  expect_case("resize_pad_wide", layers::Resizing(2, 6, {.pad_to_aspect_ratio = true}), x());
  expect_case("resize_uint8", layers::Resizing(3, 4), u8(), false, 0);
  expect_case("resize_channels_first", layers::Resizing(3, 2, {.data_format = "channels_first"}), pattern_tensor({2, 3, 5, 4}, 0.3));
}

TEST_F(ImagePreprocessingKeras, CenterCropMatchesKeras) {
  expect_case("center_crop", layers::CenterCrop(3, 4), x());
  expect_case("center_crop_uint8_single", layers::CenterCrop(2, 2), second(u8()), false, 0);
  expect_case("center_crop_smaller", layers::CenterCrop(7, 4), x());
  expect_case("center_crop_cf", layers::CenterCrop(2, 3, {.data_format = "channels_first"}), pattern_tensor({2, 3, 5, 4}, 0.4));
}

TEST_F(ImagePreprocessingKeras, AffineLayersWithOneValueFactorsMatchKeras) {
  expect_case("rotation_quarter", layers::RandomRotation({0.25, 0.25}), x(), true, 1e-3);
  expect_case("rotation_constant", layers::RandomRotation({0.1, 0.1}, {.fill_mode = "constant", .fill_value = -5.0}), x(), true, 1e-3);
  expect_case("rotation_wrap_nearest", layers::RandomRotation({-0.15, -0.15}, {.fill_mode = "wrap", .interpolation = "nearest"}),
              x(), true, 1e-3);
  expect_case("rotation_single", layers::RandomRotation({0.3, 0.3}, {.fill_mode = "nearest"}), first(x()), true, 1e-3);
  expect_case("rotation_inference", layers::RandomRotation(0.3), x(), false);
  expect_case("zoom_in", layers::RandomZoom({-0.4, -0.4}), x(), true, 1e-3);
  expect_case("zoom_out_width", layers::RandomZoom({0.5, 0.5}, layers::Factor(-0.2, -0.2), {.fill_mode = "constant"}), x(), true, 1e-3);
  expect_case("translation", layers::RandomTranslation({0.2, 0.2}, {-0.25, -0.25}), x(), true, 1e-3);
  expect_case("translation_wrap",
              layers::RandomTranslation({-0.4, -0.4}, {0.5, 0.5}, {.fill_mode = "wrap", .interpolation = "nearest"}), x(), true, 1e-3);
  expect_case("translation_cf",
              layers::RandomTranslation({0.2, 0.2}, {0.0, 0.0}, {.fill_mode = "constant", .data_format = "channels_first"}),
              pattern_tensor({2, 3, 5, 4}, 0.5), true, 1e-3);
}

TEST_F(ImagePreprocessingKeras, ColorAndCropLayersOnTheirDeterministicPathsMatchKeras) {
  expect_case("brightness", layers::RandomBrightness({0.1, 0.1}), x(), true);
  expect_case("brightness_range", layers::RandomBrightness({-0.3, -0.3}, {.value_range = {60, 10}}), x(), true);
  expect_case("contrast_none", layers::RandomContrast(0.0, {.value_range = {50, 150}}), x(), true);
  expect_case("crop_small", layers::RandomCrop(7, 4), x(), true);
  expect_case("crop_inference", layers::RandomCrop(2, 2), x(), false);
  expect_case("flip_inference", layers::RandomFlip(), u8(), false);
}

// The layers differentiate as Keras' do (through ResizeBilinear, slicing and ImageProjectiveTransformV3).
TEST_F(ImagePreprocessingKeras, GradientsWithRespectToTheImagesAreKeras) {
  auto expect_gradient = [](const std::string& name, tf::keras::LayerRef layer, bool training) {
    const Tensor input = x();
    tf::GradientTape tape;
    tape.watch(input);
    const Tensor y = (*layer)(input, training);
    const Tensor grad = tape.gradient(tf::reduce_sum(y * pattern_tensor(y.shape(), 9.0)), input);
    ASSERT_TRUE(values_.count(name + "_grad")) << name;
    const std::vector<double>& want = values_.at(name + "_grad");
    const std::vector<double> got = tf::cast(grad, tf::float64).numpy<double>();
    ASSERT_EQ(got.size(), want.size()) << name;
    for (std::size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], want[i], 1e-3 * (1 + std::abs(want[i]))) << name << " at " << i;
  };
  expect_gradient("resize_bilinear", layers::Resizing(3, 4), false);
  expect_gradient("center_crop_smaller", layers::CenterCrop(7, 4), false);
  expect_gradient("rotation_constant", layers::RandomRotation({0.1, 0.1}, {.fill_mode = "constant", .fill_value = -5.0}), true);
  expect_gradient("zoom_in", layers::RandomZoom({-0.4, -0.4}), true);
}

TEST_F(ImagePreprocessingKeras, ConfigsAreKeras) {
  expect_config("Resizing", layers::Resizing(3, 4, {.interpolation = "nearest", .pad_to_aspect_ratio = true, .fill_value = 1.5}));
  expect_config("CenterCrop", layers::CenterCrop(3, 4));
  expect_config("RandomFlip", layers::RandomFlip("vertical", {.seed = 3}));
  expect_config("RandomRotation", layers::RandomRotation(0.2, {.fill_mode = "constant", .seed = 1}));
  expect_config("RandomZoom", layers::RandomZoom(0.2, layers::Factor(-0.1, 0.3)));
  expect_config("RandomZoomScalar", layers::RandomZoom({0.2, -0.1}));
  expect_config("RandomTranslation", layers::RandomTranslation({0.1, -0.2}, 0.3, {.interpolation = "nearest"}));
  expect_config("RandomContrast", layers::RandomContrast({0.2, 0.4}, {.value_range = {0.0, 1.0}, .seed = 4}));
  expect_config("RandomBrightness", layers::RandomBrightness(0.5, {.value_range = {1.0, 0.0}}));
  expect_config("RandomCrop", layers::RandomCrop(3, 4, {.seed = 5}));
}

// Every layer comes back from its serialized form with the same config.
TEST_F(ImagePreprocessingKeras, SerializeAndDeserializeRoundTrip) {
  const std::vector<tf::keras::LayerRef> all = {
      layers::Resizing(3, 4, {.crop_to_aspect_ratio = true}), layers::CenterCrop(2, 5),
      layers::RandomFlip("horizontal", {.seed = 1}), layers::RandomRotation({-0.2, 0.1}, {.fill_mode = "wrap"}),
      layers::RandomZoom(0.3), layers::RandomTranslation(0.1, {0.0, 0.2}), layers::RandomContrast(0.3, {.seed = 2}),
      layers::RandomBrightness({-0.1, 0.2}, {.value_range = {0, 1}}), layers::RandomCrop(4, 4)};
  for (const tf::keras::LayerRef& layer : all) {
    const std::shared_ptr<tf::keras::Layer> copy = layers::deserialize(layers::serialize(*layer));
    EXPECT_EQ(copy->class_name(), layer->class_name());
    EXPECT_EQ(tf::keras::to_json(copy->get_config()), tf::keras::to_json(layer->get_config())) << layer->class_name();
  }
}

}  // namespace

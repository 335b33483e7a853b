// AutoContrast, Equalization, ContrastLimitedAdaptiveHistogramEqualization, MaxNumBoundingBoxes,
// Solarization, RandomGrayscale, RandomInvert and RandomPosterization against Keras 3 on
// TensorFlow 2.21 in the same test run: values, shapes and dtypes where the result does not
// depend on a random draw (the deterministic layers; the random ones at factors that pin the
// draw), configs read from Keras and written back, and a .keras file of all of them going from
// Keras to tfpp and back. image_augmentation_test.cc checks what the random draws do.
#include <gtest/gtest.h>

#include "keras/augmentation_reference.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/saving.h"
#include "tfpp/math_ops.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::Tensor;
using tf::testing::pattern_tensor;

// Keras' side (after augmentation_reference.h's helpers); it saves a model to keras.keras beside
// itself, or with arguments "load FILE" loads tfpp's file.
const char* kScript = R"PY(
x = pattern((2, 5, 6, 3), 0.1) * 100 + 100
u8 = np.round(pattern((2, 5, 6, 3), 0.2) * 120 + 125).astype('uint8')
unit = pattern((2, 5, 6, 3), 0.3) * 0.5 + 0.5
cf = pattern((2, 3, 5, 4), 0.4) * 100 + 120
flat = x.copy()
flat[1, :, :, 2] = 7.0
big = pattern((2, 10, 12, 3), 0.5) * 110 + 120
CLAHE = layers.ContrastLimitedAdaptiveHistogramEqualization
case('auto_contrast', layers.AutoContrast(), x)
case('auto_contrast_u8', layers.AutoContrast(), u8)
case('auto_contrast_unit', layers.AutoContrast(value_range=(0, 1)), unit)
case('auto_contrast_flat', layers.AutoContrast(), flat)
case('auto_contrast_single', layers.AutoContrast(), x[0])
case('auto_contrast_inference', layers.AutoContrast(), x, False)
case('equalization', layers.Equalization(), x)
case('equalization_u8', layers.Equalization(), u8)
case('equalization_unit_bins', layers.Equalization(value_range=(1, 0), bins=32), unit)
case('equalization_cf', layers.Equalization(data_format='channels_first'), cf)
case('equalization_single', layers.Equalization(), x[1])
case('equalization_inference_u8', layers.Equalization(), u8, False)
case('clahe', CLAHE(tile_grid_size=(4, 4)), big)
case('clahe_default', CLAHE(), big)
case('clahe_u8', CLAHE(tile_grid_size=(2, 3)), u8)
case('clahe_unit', CLAHE(value_range=(0, 1), clip_limit=2.0, tile_grid_size=(2, 2)), unit)
case('clahe_noclip_cf', CLAHE(clip_limit=0, tile_grid_size=(2, 2), data_format='channels_first'), cf, False)
case('solarization', layers.Solarization(), x)
case('solarization_unit', layers.Solarization(value_range=(0, 1)), unit)
case('solarization_u8', layers.Solarization(), u8)
case('solarization_inference', layers.Solarization(), u8, False)
case('grayscale', layers.RandomGrayscale(1.0), x)
case('grayscale_u8', layers.RandomGrayscale(1.0), u8)
case('grayscale_cf', layers.RandomGrayscale(1.0, data_format='channels_first'), pattern((2, 3, 4, 5), 0.6))
case('grayscale_never', layers.RandomGrayscale(0.0), x)
case('grayscale_one_channel', layers.RandomGrayscale(1.0), x[..., :1])
case('grayscale_inference_u8', layers.RandomGrayscale(1.0), u8, False)
case('invert', layers.RandomInvert((1.0, 1.0)), x)
case('invert_unit', layers.RandomInvert((1, 1), value_range=(0, 1)), unit)
case('invert_u8', layers.RandomInvert((1, 1)), u8)
case('invert_never', layers.RandomInvert(0.0), x)
case('invert_inference_u8', layers.RandomInvert(), u8, False)
case('posterize', layers.RandomPosterization((3, 3)), x)
case('posterize_u8', layers.RandomPosterization((5, 5)), u8)
case('posterize_unit', layers.RandomPosterization((2, 2), value_range=(0, 1)), unit)
case('posterize_eight', layers.RandomPosterization((8, 8)), x)
case('posterize_inference_u8', layers.RandomPosterization(4), u8, False)
case('max_boxes_images', layers.MaxNumBoundingBoxes(3), u8)
boxes = pattern((2, 5, 4), 0.7) * 10 + 20
labels = np.arange(10, dtype='int32').reshape(2, 5)
for n in (3, 7):
    out = layers.MaxNumBoundingBoxes(n, bounding_box_format='xyxy')(
        {'images': x, 'bounding_boxes': {'boxes': boxes, 'labels': labels}})['bounding_boxes']
    emit('max_boxes_%d_boxes' % n, out['boxes'])
    emit('max_boxes_%d_labels' % n, out['labels'])
config('AutoContrast', layers.AutoContrast(value_range=(1.0, 0.5)))
config('Equalization', layers.Equalization(value_range=(0, 1), bins=64, data_format='channels_first'))
config('CLAHE', CLAHE(value_range=(0, 1), clip_limit=2.5, tile_grid_size=(3, 4)))
config('MaxNumBoundingBoxes', layers.MaxNumBoundingBoxes(4, fill_value=-2, bounding_box_format='xyxy'))
config('Solarization', layers.Solarization(0.5, (0.2, 0.4), value_range=(0, 1), seed=3))
config('SolarizationDefault', layers.Solarization())
config('RandomGrayscale', layers.RandomGrayscale(0.25, data_format='channels_first', seed=2))
config('RandomInvert', layers.RandomInvert(0.5, value_range=(1, 0), seed=5))
config('RandomInvertRange', layers.RandomInvert((0.7, 0.2)))
config('RandomPosterization', layers.RandomPosterization(4, value_range=(1.0, 0.0), seed=1))
config('RandomPosterizationRange', layers.RandomPosterization((6, 2)))

# A model of every layer saved to a .keras file for tfpp, its predictions on x; then the file
# tfpp wrote back, loaded, its predictions and layer configs.
def model_facts(tag, model):
    emit(tag + '_predict', model.predict(x, verbose=0))
    for layer in model.layers:
        config(tag + '.' + type(layer).__name__, layer)
if sys.argv[1:] and sys.argv[1] == 'load':
    model_facts('tfpp_file', keras.models.load_model(sys.argv[2]))
else:
    model = keras.Sequential([
        keras.Input((5, 6, 3)), layers.AutoContrast(value_range=(0, 255)), CLAHE(tile_grid_size=(2, 2)),
        layers.Solarization(0.2, (0.1, 0.3), seed=3), layers.RandomGrayscale(0.3, seed=1),
        layers.RandomInvert(0.4), layers.RandomPosterization(4, seed=2), layers.MaxNumBoundingBoxes(5)])
    model.save(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'keras.keras'))
    model_facts('keras_file', model)
)PY";

class ImageAugmentationKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    keras_ = new tf::testing::KerasScript(std::string(tf::testing::kAugmentationHelpers) + kScript, "image_augmentation", "");
  }
  static void TearDownTestSuite() { delete keras_; }
  void SetUp() override { ASSERT_FALSE(keras_->values().empty()) << "the Keras script printed nothing:\n" << keras_->output(); }

  static void expect_case(const std::string& name, keras::LayerRef layer, const Tensor& x, bool training = true, double tol = 1e-5) {
    tf::testing::expect_case(*keras_, name, std::move(layer), x, training, tol);
  }
  static void expect_configs(const std::string& name, const std::string& class_name, const keras::Layer& built) {
    tf::testing::expect_configs(*keras_, name, class_name, built);
  }

  static Tensor x() { return pattern_tensor({2, 5, 6, 3}, 0.1) * 100.0f + 100.0f; }
  static Tensor u8() { return tf::cast(tf::round(pattern_tensor({2, 5, 6, 3}, 0.2) * 120.0f + 125.0f), tf::uint8); }
  static Tensor unit() { return pattern_tensor({2, 5, 6, 3}, 0.3) * 0.5f + 0.5f; }
  static Tensor cf() { return pattern_tensor({2, 3, 5, 4}, 0.4) * 100.0f + 120.0f; }
  static Tensor big() { return pattern_tensor({2, 10, 12, 3}, 0.5) * 110.0f + 120.0f; }
  // x with image 1's last channel constant.
  static Tensor flat() {
    const Tensor mask = tf::reshape(tf::constant({0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f}), {2, 1, 1, 3});
    return x() * (1.0f - mask) + 7.0f * mask;
  }
  static Tensor image(const Tensor& t, std::int64_t i) { return tf::squeeze(tf::slice(t, {i, 0, 0, 0}, {1, -1, -1, -1}), {0}); }

  static inline tf::testing::KerasScript* keras_ = nullptr;
};

using Clahe = layers::ContrastLimitedAdaptiveHistogramEqualization;

TEST_F(ImageAugmentationKeras, AutoContrastIsKeras) {
  expect_case("auto_contrast", layers::AutoContrast(), x());
  expect_case("auto_contrast_u8", layers::AutoContrast(), u8());
  expect_case("auto_contrast_unit", layers::AutoContrast({.value_range = {0, 1}}), unit());
  expect_case("auto_contrast_flat", layers::AutoContrast(), flat());
  expect_case("auto_contrast_single", layers::AutoContrast(), image(x(), 0));
  expect_case("auto_contrast_inference", layers::AutoContrast(), x(), false);
}

TEST_F(ImageAugmentationKeras, EqualizationIsKeras) {
  expect_case("equalization", layers::Equalization(), x());
  expect_case("equalization_u8", layers::Equalization(), u8());
  expect_case("equalization_unit_bins", layers::Equalization({.value_range = {1, 0}, .bins = 32}), unit());
  expect_case("equalization_cf", layers::Equalization({.data_format = "channels_first"}), cf());
  expect_case("equalization_single", layers::Equalization(), image(x(), 1));
  expect_case("equalization_inference_u8", layers::Equalization(), u8(), false);
}

TEST_F(ImageAugmentationKeras, ContrastLimitedAdaptiveHistogramEqualizationIsKeras) {
  expect_case("clahe", Clahe({.tile_grid_size = {4, 4}}), big(), true, 1e-4);
  expect_case("clahe_default", Clahe(), big(), true, 1e-4);
  expect_case("clahe_u8", Clahe({.tile_grid_size = {2, 3}}), u8(), true, 0.01);  // truncated to integers
  expect_case("clahe_unit", Clahe({.value_range = {0, 1}, .clip_limit = 2.0, .tile_grid_size = {2, 2}}), unit(), true, 1e-4);
  expect_case("clahe_noclip_cf", Clahe({.clip_limit = 0, .tile_grid_size = {2, 2}, .data_format = "channels_first"}), cf(), false, 1e-4);
}

TEST_F(ImageAugmentationKeras, SolarizationWithZeroFactorsIsKeras) {
  expect_case("solarization", layers::Solarization(), x());
  expect_case("solarization_unit", layers::Solarization({.value_range = {0, 1}}), unit());
  expect_case("solarization_u8", layers::Solarization(), u8());
  expect_case("solarization_inference", layers::Solarization(), u8(), false);
}

TEST_F(ImageAugmentationKeras, GrayscaleAtFactorsZeroAndOneIsKeras) {
  expect_case("grayscale", layers::RandomGrayscale(1.0), x());
  expect_case("grayscale_u8", layers::RandomGrayscale(1.0), u8(), true, 0);
  expect_case("grayscale_cf", layers::RandomGrayscale(1.0, {.data_format = "channels_first"}), pattern_tensor({2, 3, 4, 5}, 0.6));
  expect_case("grayscale_never", layers::RandomGrayscale(0.0), x());
  expect_case("grayscale_one_channel", layers::RandomGrayscale(1.0), tf::slice(x(), {0, 0, 0, 0}, {-1, -1, -1, 1}));
  expect_case("grayscale_inference_u8", layers::RandomGrayscale(1.0), u8(), false, 0);
}

TEST_F(ImageAugmentationKeras, InvertAtPinnedProbabilitiesIsKeras) {
  expect_case("invert", layers::RandomInvert({1.0, 1.0}), x());
  expect_case("invert_unit", layers::RandomInvert({1, 1}, {.value_range = {0, 1}}), unit());
  expect_case("invert_u8", layers::RandomInvert({1, 1}), u8());
  expect_case("invert_never", layers::RandomInvert(0.0), x());
  expect_case("invert_inference_u8", layers::RandomInvert(), u8(), false, 0);
}

TEST_F(ImageAugmentationKeras, PosterizationAtAFixedBitCountIsKeras) {
  expect_case("posterize", layers::RandomPosterization({3, 3}), x());
  expect_case("posterize_u8", layers::RandomPosterization({5, 5}), u8());
  expect_case("posterize_unit", layers::RandomPosterization({2, 2}, {.value_range = {0, 1}}), unit());
  expect_case("posterize_eight", layers::RandomPosterization({8, 8}), x());
  expect_case("posterize_inference_u8", layers::RandomPosterization(4), u8(), false, 0);
}

TEST_F(ImageAugmentationKeras, MaxNumBoundingBoxesIsKeras) {
  expect_case("max_boxes_images", layers::MaxNumBoundingBoxes(3), u8(), true, 0);
  const Tensor boxes = pattern_tensor({2, 5, 4}, 0.7) * 10.0f + 20.0f;
  const Tensor labels = tf::reshape(tf::range(10), {2, 5});
  for (std::int64_t n : {3, 7}) {
    const auto [cut_boxes, cut_labels] = layers::MaxNumBoundingBoxes(n).transform_bounding_boxes(boxes, labels);
    tf::testing::expect_values(keras_->values(), "max_boxes_" + std::to_string(n) + "_boxes", cut_boxes, 1e-6);
    tf::testing::expect_values(keras_->values(), "max_boxes_" + std::to_string(n) + "_labels", cut_labels, 0);
    EXPECT_EQ(cut_labels.dtype(), tf::int32);
  }
}

TEST_F(ImageAugmentationKeras, ConfigsAreKeras) {
  expect_configs("AutoContrast", "AutoContrast", layers::AutoContrast({.value_range = {1.0, 0.5}}));
  expect_configs("Equalization", "Equalization", layers::Equalization({.value_range = {0, 1}, .bins = 64, .data_format = "channels_first"}));
  expect_configs("CLAHE", "ContrastLimitedAdaptiveHistogramEqualization",
                 Clahe({.value_range = {0, 1}, .clip_limit = 2.5, .tile_grid_size = {3, 4}}));
  expect_configs("MaxNumBoundingBoxes", "MaxNumBoundingBoxes",
                 layers::MaxNumBoundingBoxes(4, {.fill_value = -2, .bounding_box_format = "xyxy"}));
  expect_configs("Solarization", "Solarization",
                 layers::Solarization({.addition_factor = 0.5, .threshold_factor = {0.2, 0.4}, .value_range = {0, 1}, .seed = 3}));
  expect_configs("SolarizationDefault", "Solarization", layers::Solarization());
  expect_configs("RandomGrayscale", "RandomGrayscale", layers::RandomGrayscale(0.25, {.seed = 2, .data_format = "channels_first"}));
  expect_configs("RandomInvert", "RandomInvert", layers::RandomInvert(0.5, {.value_range = {1, 0}, .seed = 5}));
  expect_configs("RandomInvertRange", "RandomInvert", layers::RandomInvert({0.7, 0.2}));
  expect_configs("RandomPosterization", "RandomPosterization", layers::RandomPosterization(4, {.value_range = {1.0, 0.0}, .seed = 1}));
  expect_configs("RandomPosterizationRange", "RandomPosterization", layers::RandomPosterization({6, 2}));
}

// Keras' .keras file loads in tfpp with the same predictions; tfpp's file loads in Keras with the
// same predictions and layer configs.
TEST_F(ImageAugmentationKeras, KerasFilesGoBothWays) {
  keras::Model model = keras::models::load_model((keras_->dir() / "keras.keras").string());
  const Tensor predicted = model.predict(x(), {.verbose = 0});
  tf::testing::expect_values(keras_->values(), "keras_file_predict", predicted, 1e-4);
  const std::string path = (keras_->dir() / "tfpp.keras").string();
  model.save(path);
  const std::string back = keras_->run("load '" + path + "'");
  tf::testing::expect_values(tf::testing::parse_values(back), "tfpp_file_predict", predicted, 1e-4);
  for (const std::shared_ptr<keras::Layer>& layer : model.layers()) {
    const std::string name = layer->class_name();
    if (name == "InputLayer") continue;
    tf::testing::expect_config(back, "tfpp_file." + name, layer->get_config());
    // What Keras wrote in the first place, read and written back by tfpp.
    const std::string written = tf::testing::line_of(keras_->output(), "config", "keras_file." + name);
    const keras::Config original = keras::from_json(written).get<keras::Config>();
    tf::testing::expect_config(keras_->output(), "keras_file." + name,
                               layers::deserialize(keras::Config{{"class_name", name}, {"config", original}})->get_config());
  }
}

}  // namespace

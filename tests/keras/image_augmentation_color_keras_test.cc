// RandomHue, RandomSaturation, RandomColorDegeneration, RandomSharpness and RandomColorJitter
// against Keras 3 in the same test run, at factors that pin the random draw (a hue shift of
// half a turn is the same either way round): values, shapes, dtypes and configs; and what their
// draws do (each image changed by one factor from the range), which cannot equal Keras' draws.
#include <gtest/gtest.h>

#include "error_of.h"
#include "keras/augmentation_reference.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/keras/layers/image_augmentation_color.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::Tensor;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
x = pattern((2, 5, 6, 3), 0.1) * 100 + 100
unit = pattern((2, 5, 6, 3), 0.3) * 0.5 + 0.5
cf = pattern((2, 3, 5, 4), 0.4) * 100 + 120
u8 = np.round(pattern((2, 5, 6, 3), 0.2) * 120 + 125).astype('uint8')
case('hue_half_turn', layers.RandomHue((1.0, 1.0)), x)
case('hue_none', layers.RandomHue(0.0), x)
case('hue_unit_cf', layers.RandomHue((1, 1), value_range=(0, 1), data_format='channels_first'), pattern((2, 3, 4, 5), 0.2) * 0.5 + 0.5)
case('hue_u8', layers.RandomHue((1, 1)), u8)
case('hue_inference_u8', layers.RandomHue(0.5), u8, False)
case('saturation_more', layers.RandomSaturation((0.6, 0.6)), x)
case('saturation_less', layers.RandomSaturation((0.25, 0.25)), x)
case('saturation_gray', layers.RandomSaturation((0.0, 0.0)), x)
case('saturation_unit', layers.RandomSaturation((0.7, 0.7), value_range=(0, 1)), unit)
case('saturation_cf', layers.RandomSaturation((0.4, 0.4), data_format='channels_first'), pattern((2, 3, 4, 5), 0.6) * 50 + 100)
case('saturation_inference_u8', layers.RandomSaturation(0.5), u8, False)
case('degeneration', layers.RandomColorDegeneration((0.3, 0.3)), x)
case('degeneration_negative', layers.RandomColorDegeneration((-0.5, -0.5)), x)
case('degeneration_u8', layers.RandomColorDegeneration((1, 1)), u8)
case('degeneration_cf', layers.RandomColorDegeneration((0.6, 0.6), data_format='channels_first'), pattern((2, 3, 4, 5), 0.6) * 50 + 100)
case('degeneration_inference_u8', layers.RandomColorDegeneration(0.5), u8, False)
case('sharpness', layers.RandomSharpness((0.2, 0.2)), x)
case('sharpness_max', layers.RandomSharpness((1, 1), value_range=(50, 150)), x)
case('sharpness_cf', layers.RandomSharpness((0.1, 0.1), data_format='channels_first'), cf)
case('sharpness_u8', layers.RandomSharpness((0.3, 0.3)), u8)
case('sharpness_single', layers.RandomSharpness((0.7, 0.7)), x[1])
case('sharpness_inference_u8', layers.RandomSharpness(0.5), u8, False)
case('jitter', layers.RandomColorJitter(brightness_factor=(0.1, 0.1), contrast_factor=0.0, saturation_factor=(0.6, 0.6),
                                        hue_factor=(1, 1), seed=4), x)
case('jitter_hue_only', layers.RandomColorJitter(value_range=(0, 1), hue_factor=(1.0, 1.0)), unit)
case('jitter_none', layers.RandomColorJitter(), u8)
case('jitter_inference_u8', layers.RandomColorJitter(brightness_factor=0.3), u8, False)
config('RandomHue', layers.RandomHue(0.4, value_range=(1, 0), seed=2))
config('RandomHueRange', layers.RandomHue((0.5, 0.1), data_format='channels_first'))
config('RandomSaturation', layers.RandomSaturation(0.5, value_range=(1.0, 0.0), seed=3))
config('RandomColorDegeneration', layers.RandomColorDegeneration((0.2, -0.3)))
config('RandomSharpness', layers.RandomSharpness(0.6, seed=9))
config('RandomColorJitter', layers.RandomColorJitter(value_range=(0, 1), brightness_factor=0.2, contrast_factor=(0.1, 0.3),
                                                     saturation_factor=0.4, hue_factor=(0.1, 0.2), seed=5))
config('RandomColorJitterNone', layers.RandomColorJitter())
)PY";

class ImageColorAugmentationKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    keras_ = new tf::testing::KerasScript(std::string(tf::testing::kAugmentationHelpers) + kScript, "image_color_augmentation");
  }
  static void TearDownTestSuite() { delete keras_; }
  void SetUp() override { ASSERT_FALSE(keras_->values().empty()) << "the Keras script printed nothing:\n" << keras_->output(); }

  static void expect_case(const std::string& name, keras::LayerRef layer, const Tensor& x, bool training = true, double tol = 1e-4) {
    tf::testing::expect_case(*keras_, name, std::move(layer), x, training, tol);
  }
  static void expect_configs(const std::string& name, const std::string& class_name, const keras::Layer& built) {
    tf::testing::expect_configs(*keras_, name, class_name, built);
  }

  static Tensor x() { return pattern_tensor({2, 5, 6, 3}, 0.1) * 100.0f + 100.0f; }
  static Tensor unit() { return pattern_tensor({2, 5, 6, 3}, 0.3) * 0.5f + 0.5f; }
  static Tensor cf() { return pattern_tensor({2, 3, 5, 4}, 0.4) * 100.0f + 120.0f; }
  static Tensor cf_rgb() { return pattern_tensor({2, 3, 4, 5}, 0.6) * 50.0f + 100.0f; }
  static Tensor u8() { return tf::cast(tf::round(pattern_tensor({2, 5, 6, 3}, 0.2) * 120.0f + 125.0f), tf::uint8); }

  static inline tf::testing::KerasScript* keras_ = nullptr;
};

TEST_F(ImageColorAugmentationKeras, HueIsKeras) {
  expect_case("hue_half_turn", layers::RandomHue({1.0, 1.0}), x());
  expect_case("hue_none", layers::RandomHue(0.0), x());
  expect_case("hue_unit_cf", layers::RandomHue({1, 1}, {.value_range = {0, 1}, .data_format = "channels_first"}),
              pattern_tensor({2, 3, 4, 5}, 0.2) * 0.5f + 0.5f);
  expect_case("hue_u8", layers::RandomHue({1, 1}), u8());
  expect_case("hue_inference_u8", layers::RandomHue(0.5), u8(), false, 0);
}

TEST_F(ImageColorAugmentationKeras, SaturationIsKeras) {
  expect_case("saturation_more", layers::RandomSaturation({0.6, 0.6}), x());
  expect_case("saturation_less", layers::RandomSaturation({0.25, 0.25}), x());
  expect_case("saturation_gray", layers::RandomSaturation({0.0, 0.0}), x());
  expect_case("saturation_unit", layers::RandomSaturation({0.7, 0.7}, {.value_range = {0, 1}}), unit());
  expect_case("saturation_cf", layers::RandomSaturation({0.4, 0.4}, {.data_format = "channels_first"}), cf_rgb());
  expect_case("saturation_inference_u8", layers::RandomSaturation(0.5), u8(), false, 0);
}

TEST_F(ImageColorAugmentationKeras, ColorDegenerationIsKeras) {
  expect_case("degeneration", layers::RandomColorDegeneration({0.3, 0.3}), x());
  expect_case("degeneration_negative", layers::RandomColorDegeneration({-0.5, -0.5}), x());
  expect_case("degeneration_u8", layers::RandomColorDegeneration({1, 1}), u8());
  expect_case("degeneration_cf", layers::RandomColorDegeneration({0.6, 0.6}, {.data_format = "channels_first"}), cf_rgb());
  expect_case("degeneration_inference_u8", layers::RandomColorDegeneration(0.5), u8(), false, 0);
}

TEST_F(ImageColorAugmentationKeras, SharpnessIsKeras) {
  expect_case("sharpness", layers::RandomSharpness({0.2, 0.2}), x());
  expect_case("sharpness_max", layers::RandomSharpness({1, 1}, {.value_range = {50, 150}}), x());
  expect_case("sharpness_cf", layers::RandomSharpness({0.1, 0.1}, {.data_format = "channels_first"}), cf());
  expect_case("sharpness_u8", layers::RandomSharpness({0.3, 0.3}), u8());
  expect_case("sharpness_single", layers::RandomSharpness({0.7, 0.7}), tf::squeeze(tf::slice(x(), {1, 0, 0, 0}, {1, -1, -1, -1}), {0}));
  expect_case("sharpness_inference_u8", layers::RandomSharpness(0.5), u8(), false, 0);
}

TEST_F(ImageColorAugmentationKeras, ColorJitterIsKeras) {
  expect_case("jitter",
              layers::RandomColorJitter({.brightness_factor = layers::Factor(0.1, 0.1), .contrast_factor = 0.0,
                                         .saturation_factor = layers::Factor(0.6, 0.6), .hue_factor = layers::Factor(1, 1), .seed = 4}),
              x(), true, 1e-3);
  expect_case("jitter_hue_only", layers::RandomColorJitter({.value_range = {0, 1}, .hue_factor = layers::Factor(1.0, 1.0)}), unit());
  expect_case("jitter_none", layers::RandomColorJitter(), u8());
  expect_case("jitter_inference_u8", layers::RandomColorJitter({.brightness_factor = 0.3}), u8(), false, 0);
}

TEST_F(ImageColorAugmentationKeras, ConfigsAreKeras) {
  expect_configs("RandomHue", "RandomHue", layers::RandomHue(0.4, {.value_range = {1, 0}, .seed = 2}));
  expect_configs("RandomHueRange", "RandomHue", layers::RandomHue({0.5, 0.1}, {.data_format = "channels_first"}));
  expect_configs("RandomSaturation", "RandomSaturation", layers::RandomSaturation(0.5, {.value_range = {1.0, 0.0}, .seed = 3}));
  expect_configs("RandomColorDegeneration", "RandomColorDegeneration", layers::RandomColorDegeneration({0.2, -0.3}));
  expect_configs("RandomSharpness", "RandomSharpness", layers::RandomSharpness(0.6, {.seed = 9}));
  expect_configs("RandomColorJitter", "RandomColorJitter",
                 layers::RandomColorJitter({.value_range = {0, 1}, .brightness_factor = 0.2, .contrast_factor = layers::Factor(0.1, 0.3),
                                            .saturation_factor = 0.4, .hue_factor = layers::Factor(0.1, 0.2), .seed = 5}));
  expect_configs("RandomColorJitterNone", "RandomColorJitter", layers::RandomColorJitter());
}

// ---- what the draws do ----

constexpr std::int64_t kBatch = 64;
Tensor batch() { return pattern_tensor({kBatch, 4, 5, 3}, 0.2) * 100.0f + 120.0f; }
Tensor at(const Tensor& t, std::int64_t i) { return tf::slice(t, {i, 0, 0, 0}, {1, -1, -1, -1}); }
float max_abs(const Tensor& t) { return tf::reduce_max(tf::abs(t)).item<float>(); }

TEST(ImageColorAugmentation, EachImageGetsOneFactorFromTheRange) {
  const Tensor x = batch();
  // Degeneration: out - x = f * (gray - x) with one f per image, within [-0.4, 0.4].
  const Tensor gray = layers::RandomColorDegeneration({1, 1})(x);
  const Tensor out = layers::RandomColorDegeneration(0.4, {.seed = 1})(x);
  float lowest = 1, highest = -1;
  for (std::int64_t i = 0; i < kBatch; ++i) {
    const Tensor dx = at(out, i) - at(x, i), dg = at(gray, i) - at(x, i);
    const float f = tf::reduce_sum(dx * dg).item<float>() / tf::reduce_sum(dg * dg).item<float>();
    EXPECT_LT(max_abs(dx - f * dg), 1e-2f) << i;
    ASSERT_GE(f, -0.4f - 1e-3f);
    ASSERT_LE(f, 0.4f + 1e-3f);
    lowest = std::min(lowest, f), highest = std::max(highest, f);
  }
  EXPECT_LT(lowest, -0.2f);
  EXPECT_GT(highest, 0.2f);
  // Hue: values keep each pixel's HSV value and saturation, whatever the shift.
  const Tensor hsv_in = tf::image::rgb_to_hsv(x / 255.0f), hsv_out = tf::image::rgb_to_hsv(layers::RandomHue(0.5, {.seed = 2})(x) / 255.0f);
  EXPECT_LT(max_abs(tf::slice(hsv_in, {0, 0, 0, 1}, {-1, -1, -1, 2}) - tf::slice(hsv_out, {0, 0, 0, 1}, {-1, -1, -1, 2})), 1e-3f);
  EXPECT_GT(max_abs(hsv_in - hsv_out), 0.05f);
  // Sharpness stays within value_range; jitter's steps draw from their own seeds.
  const Tensor sharp = layers::RandomSharpness(1.0, {.value_range = {100, 200}, .seed = 3})(x);
  EXPECT_GE(tf::reduce_min(sharp).item<float>(), 100.0f);
  EXPECT_LE(tf::reduce_max(sharp).item<float>(), 200.0f);
  layers::RandomColorJitter a({.brightness_factor = 0.2, .saturation_factor = 0.5, .seed = 6}), b({.brightness_factor = 0.2, .saturation_factor = 0.5, .seed = 6});
  EXPECT_LT(max_abs(a(x) - b(x)), 1e-5f);
  EXPECT_FALSE(max_abs(a(x, false) - x) > 0);
}

TEST(ImageColorAugmentation, ArgumentErrorsAreKeras) {
  using tf::testing::error_of;
  const auto has = [](const std::string& error, const std::string& part) { EXPECT_NE(error.find(part), std::string::npos) << error; };
  has(error_of([] { layers::RandomHue(1.5); }), "The `factor` argument should be a number (or a list of two numbers) in the range [0, 1]. Received: factor=1.5");
  has(error_of([] { layers::RandomSaturation(-2); }), "in the range [-1, 1]. Received: factor=-2");
  has(error_of([] { layers::RandomSharpness(1.2); }), "in the range [0, 1]. Received: factor=1.2");
  has(error_of([] { layers::RandomColorDegeneration({2, 3}); }), "in the range [-1, 1]. Received: factor=(2, 3)");
  has(error_of([] { layers::RandomColorJitter({.hue_factor = 2.0}); }), "in the range [0, 1]. Received: factor=2");
  has(error_of([] { layers::RandomSaturation(0.5, {.name = "sat"})(tf::cast(batch(), tf::uint8)); }),
      "[sat] Invalid images dtype: expected float dtype. Received: images.dtype=uint8");
  has(error_of([] { layers::RandomColorDegeneration(0.5)(tf::ones({2, 4, 4, 2})); }), "Invalid channel size: expected 3 (RGB) or 1 (Grayscale)");
  has(error_of([] { layers::RandomHue(0.5)(tf::ones({4, 4})); }), "Expected image tensor to have rank 3 (single image) or 4 (batch of images)");
}

}  // namespace

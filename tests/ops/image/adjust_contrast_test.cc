// tf::image::adjust_contrast (AdjustContrastv2): values against the formula computed apart in
// float64, dtypes, error paths, and the LookupError its missing gradient gives, as in TensorFlow.
#include <gtest/gtest.h>

#include <tfpp/image_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::testing::error_of;

TEST(AdjustContrast, MovesEachChannelAwayFromItsMeanPerImage) {
  // Two images of 2x3 pixels with 2 channels; a leading batch dimension of 2.
  std::vector<float> values(2 * 2 * 3 * 2);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>((i * 7) % 11) / 4.0f - 1.0f;
  const tf::Tensor images = tf::constant(values, {2, 2, 3, 2});
  const std::vector<float> out = tf::image::adjust_contrast(images, tf::constant(1.7f)).numpy<float>();
  ASSERT_EQ(out.size(), values.size());
  for (int image = 0; image < 2; ++image)
    for (int c = 0; c < 2; ++c) {
      double mean = 0;
      for (int p = 0; p < 6; ++p) mean += values[image * 12 + p * 2 + c] / 6.0;
      for (int p = 0; p < 6; ++p) {
        const int at = image * 12 + p * 2 + c;
        EXPECT_NEAR(out[at], (values[at] - mean) * 1.7 + mean, 1e-5) << "image " << image << " channel " << c;
      }
    }
}

TEST(AdjustContrast, Float64ImagesAreComputedInFloat32AndKeepTheirDtype) {
  const tf::Tensor images = tf::constant(std::vector<double>{1, 2, 3, 5}, {1, 2, 2});
  const tf::Tensor out = tf::image::adjust_contrast(images, tf::constant(2.0f));
  EXPECT_EQ(out.dtype(), tf::float64);
  EXPECT_EQ(out.numpy<double>(), (std::vector<double>{0, 0.5, 4, 6.5}));
}

TEST(AdjustContrast, RejectsBadShapesAndDtypes) {
  EXPECT_EQ(error_of([] { tf::image::adjust_contrast(tf::constant({1.0f, 2.0f}), tf::constant(2.0f)); }),
            "[AdjustContrastv2] images must be at least 3-D, got shape [2]");
  EXPECT_EQ(error_of([] { tf::image::adjust_contrast(tf::ones({1, 1, 1}), tf::constant({2.0f})); }),
            "[AdjustContrastv2] contrast_factor must be a scalar, got shape [1]");
  EXPECT_EQ(error_of([] { tf::image::adjust_contrast(tf::ones({1, 1, 1}, tf::bool_), tf::constant(2.0f)); }),
            "[AdjustContrastv2] images has dtype bool; expected float32");
  EXPECT_EQ(error_of([] { tf::image::adjust_contrast(tf::ones({1, 1, 1}), tf::constant(2.0)); }),
            "[AdjustContrastv2] contrast_factor has dtype float64; expected float32");
}

TEST(AdjustContrast, IntegerImagesAreAdjustedInFloat32AndSaturated) {
  // As TensorFlow: uint8 converts to [0, 1], adjusts, and converts back with saturation.
  const tf::Tensor pixels = tf::constant(std::vector<std::uint8_t>{0, 100, 200, 250}, {2, 2, 1});
  EXPECT_EQ(tf::image::adjust_contrast(pixels, tf::constant(2.0f)).numpy<std::uint8_t>(), (std::vector<std::uint8_t>{0, 62, 255, 255}));
}

TEST(AdjustContrast, TracedAsEagerly) {
  const tf::Tensor images = tf::random::uniform({3, 4, 4, 3}, {.seed = 3});
  auto fn = tf::function([](tf::Tensor x) { return tf::image::adjust_contrast(x, tf::constant(0.5f)); });
  EXPECT_EQ(fn(images).numpy<float>(), tf::image::adjust_contrast(images, tf::constant(0.5f)).numpy<float>());
}

TEST(AdjustContrast, HasNoRegisteredGradientAsInTensorFlow) {
  tf::Variable image(tf::constant(std::vector<float>{0.5f, 0.0f, 0.0f}, {1, 1, 3}));
  tf::Variable delta(0.1f);
  tf::GradientTape tape;
  const tf::Tensor new_image = tf::image::adjust_contrast(image, delta);
  try {
    tape.gradient(new_image, {image, delta});
    FAIL() << "expected LookupError";
  } catch (const tf::LookupError& e) {
    EXPECT_STREQ(e.what(), "[GradientTape] gradient registry has no entry for: AdjustContrastv2 "
                           "(register one with tf::RegisterGradient)");
  }
}

}  // namespace

// tf::image::adjust_jpeg_quality and its random forms give TensorFlow 2.21's pixels (its
// adjust_jpeg_quality of the same image, printed by its Python API; libjpeg-turbo makes the round
// trip exact; tests/python/programs/image_jpeg_quality.py compares more in the test run), and errors.
#include <gtest/gtest.h>

#include <tfpp/image_jpeg_quality.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

Tensor image() {
  std::vector<std::uint8_t> pixels(6 * 8 * 3);
  for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = static_cast<std::uint8_t>(i * 5);
  return tf::constant(pixels, {6, 8, 3});
}

TEST(ImageJpegQuality, AsTensorFlow) {
  const Tensor adjusted = tf::image::adjust_jpeg_quality(image(), tf::constant(30));
  const std::vector<std::uint8_t> first = {7, 0, 5, 12, 0, 10, 42, 32, 41, 65, 58, 66, 79, 72, 80, 87, 82, 89, 95, 92, 99, 103, 100, 107};
  const std::vector<std::uint8_t> values = adjusted.numpy<std::uint8_t>();
  EXPECT_EQ(adjusted.shape(), (tf::TensorShape{6, 8, 3}));
  EXPECT_EQ(std::vector<std::uint8_t>(values.begin(), values.begin() + 24), first);
  EXPECT_EQ(values.back(), 189);
  const Tensor gray = tf::image::adjust_jpeg_quality(tf::slice(image(), {0, 0, 0}, {6, 8, 1}), tf::constant(75));
  EXPECT_EQ(gray.shape(), (tf::TensorShape{6, 8, 1}));
  const std::vector<std::uint8_t> g = gray.numpy<std::uint8_t>();
  EXPECT_EQ(std::vector<std::uint8_t>(g.begin(), g.begin() + 8), (std::vector<std::uint8_t>{0, 21, 29, 53, 47, 89, 80, 109}));
  // Floats go through uint8 and come back in their dtype.
  const Tensor floats = tf::image::adjust_jpeg_quality(tf::image::convert_image_dtype(image(), tf::float32), tf::constant(30));
  EXPECT_EQ(floats.dtype(), tf::float32);
  EXPECT_EQ(floats.numpy<float>(), tf::image::convert_image_dtype(adjusted, tf::float32).numpy<float>());
  // The stateless quality is tf.random.stateless_uniform's: 70 for seed (1, 2) in [10, 90).
  EXPECT_EQ(tf::image::stateless_random_jpeg_quality(image(), 10, 90, {1, 2}).numpy<std::uint8_t>(),
            tf::image::adjust_jpeg_quality(image(), tf::constant(70)).numpy<std::uint8_t>());
  EXPECT_EQ(tf::image::random_jpeg_quality(image(), 50, 51, 3).numpy<std::uint8_t>(),
            tf::image::adjust_jpeg_quality(image(), tf::constant(50)).numpy<std::uint8_t>());
}

TEST(ImageJpegQuality, ErrorsAsTensorFlow) {
  EXPECT_EQ(error_of([] { tf::image::adjust_jpeg_quality(image(), tf::constant(101)); }),
            "[EncodeJpegVariableQuality] quality must be in [0,100], got 101");
  EXPECT_EQ(error_of([] { tf::image::adjust_jpeg_quality(tf::slice(image(), {0, 0, 0}, {6, 8, 2}), tf::constant(50)); }),
            "[EncodeJpegVariableQuality] image must have 1 or 3 channels, got [6,8,2]");
  EXPECT_EQ(error_of([] { tf::image::random_jpeg_quality(image(), 50, 40); }),
            "[random_jpeg_quality] `min_jpeg_quality` must be less than `max_jpeg_quality`.");
  EXPECT_EQ(error_of([] { tf::image::stateless_random_jpeg_quality(image(), 50, 140, {1, 2}); }),
            "[stateless_random_jpeg_quality] jpeg encoding range must be between 0 and 100.");
}

}  // namespace

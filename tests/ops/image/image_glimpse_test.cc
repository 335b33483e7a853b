// tf::image::extract_glimpse against TensorFlow 2.21's glimpses of the same image (printed by its
// Python API; tests/python/programs/image_extract_glimpse.py compares every offset mode in the test
// run): windows inside and over the edges with zero fill, noise inside the image's range, errors.
#include <gtest/gtest.h>

#include <numeric>

#include <tfpp/image_glimpse.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

Tensor images() {
  std::vector<float> v(2 * 5 * 6 * 2);
  std::iota(v.begin(), v.end(), 0.0f);
  return tf::constant(v, {2, 5, 6, 2});
}
Tensor size() { return tf::constant(std::vector<std::int32_t>{3, 4}); }
Tensor offsets(std::vector<float> v) { return tf::constant(v, {2, 2}); }

TEST(ImageGlimpse, AsTensorFlow) {
  const Tensor inside = tf::image::extract_glimpse(images(), size(), offsets({1, 2, 0.5f, 0.25f}), {.centered = false, .normalized = false});
  EXPECT_EQ(inside.shape(), (tf::TensorShape{2, 3, 4, 2}));
  const std::vector<float> v = inside.numpy<float>();
  EXPECT_EQ(std::vector<float>(v.begin(), v.begin() + 8), (std::vector<float>{16, 17, 18, 19, 20, 21, 22, 23}));
  EXPECT_EQ(std::vector<float>(v.begin() + 24, v.begin() + 32), (std::vector<float>{60, 61, 62, 63, 64, 65, 66, 67}));
  const Tensor edges = tf::image::extract_glimpse(images(), size(), offsets({4, 5, -2, -3}),
                                                  {.centered = false, .normalized = false, .noise = "zero"});
  std::vector<float> expected(48, 0.0f);
  expected[0] = 58, expected[1] = 59, expected[46] = 60, expected[47] = 61;
  EXPECT_EQ(edges.numpy<float>(), expected);
  const Tensor centered = tf::image::extract_glimpse(images(), size(), offsets({-0.3f, 0.2f, 0.9f, -0.7f}), {.noise = "zero"});
  const std::vector<float> c = centered.numpy<float>();
  EXPECT_EQ(std::vector<float>(c.begin(), c.begin() + 8), (std::vector<float>{2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(std::vector<float>(c.begin() + 24, c.begin() + 28), (std::vector<float>{0, 0, 96, 97}));
  // Uniform noise stays inside [min, max] of the image; the covered pixels are copied over it.
  const std::vector<float> noisy =
      tf::image::extract_glimpse(images(), size(), offsets({4, 5, -2, -3}), {.centered = false, .normalized = false}).numpy<float>();
  EXPECT_EQ(noisy[0], 58);
  for (std::size_t i = 0; i < 24; ++i) EXPECT_TRUE(noisy[i] >= 0 && noisy[i] <= 59) << i;
}

TEST(ImageGlimpse, ErrorsAsTensorFlow) {
  EXPECT_EQ(error_of([] { tf::image::extract_glimpse(tf::zeros({5, 6, 2}), size(), tf::zeros({1, 2})); }),
            "[ExtractGlimpseV2] input must be 4-dimensional (batch_size, height, width, depth)[5,6,2]");
  EXPECT_EQ(error_of([] { tf::image::extract_glimpse(images(), size(), tf::zeros({1, 2})); }),
            "[ExtractGlimpseV2] first dimension should be batch[1,2]");
  EXPECT_EQ(error_of([] { tf::image::extract_glimpse(images(), size(), tf::zeros({2, 3})); }),
            "[ExtractGlimpseV2] second dimension should be of size 2 (y,x)[2,3]");
  EXPECT_EQ(error_of([] { tf::image::extract_glimpse(images(), size(), tf::zeros({2, 2}), {.noise = "pink"}); }),
            "[ExtractGlimpseV2] The noise could only be uniform, gaussian, or zero, gotpink");
}

}  // namespace

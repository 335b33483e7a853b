// What the random draws of Solarization, RandomGrayscale, RandomInvert and RandomPosterization
// do (their values cannot equal Keras' generator's): each image is either left alone or changed
// as a whole, as often as the factor says; seeded layers repeat their draws, also traced with an
// unknown batch size; and the argument errors of all the layers of image_augmentation.h.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "error_of.h"
#include "keras/keras_reference.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/function.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace {

namespace layers = tf::keras::layers;
using tf::Tensor;
using tf::testing::error_of;
using tf::testing::pattern_tensor;

constexpr std::int64_t kBatch = 200;

Tensor images() { return pattern_tensor({kBatch, 4, 5, 3}, 0.2) * 120.0f + 125.0f; }

Tensor at(const Tensor& batch, std::int64_t i) { return tf::slice(batch, {i, 0, 0, 0}, {1, -1, -1, -1}); }

bool close(const Tensor& a, const Tensor& b, float tol = 1e-3f) {
  return a.shape() == b.shape() && tf::reduce_max(tf::abs(tf::cast(a, tf::float32) - tf::cast(b, tf::float32))).item<float>() <= tol;
}

// How many images of `out` equal `changed` rather than `kept`, each being one of the two.
int count_changed(const Tensor& out, const Tensor& kept, const Tensor& changed) {
  int n = 0;
  for (std::int64_t i = 0; i < kBatch; ++i) {
    const bool is_changed = close(at(out, i), at(changed, i)), is_kept = close(at(out, i), at(kept, i));
    EXPECT_TRUE(is_changed || is_kept) << "image " << i;
    n += is_changed && !is_kept;
  }
  return n;
}

TEST(ImageAugmentation, GrayscaleTurnsAboutFactorOfTheImagesGray) {
  const Tensor x = images();
  const Tensor gray = layers::RandomGrayscale(1.0)(x);
  const int n = count_changed(layers::RandomGrayscale(0.3, {.seed = 1})(x), x, gray);
  EXPECT_GT(n, 0.3 * kBatch - 40);
  EXPECT_LT(n, 0.3 * kBatch + 40);
}

TEST(ImageAugmentation, InvertWithARangeOfProbabilities) {
  // The probability is itself uniform in [0, 0.5]: a quarter of the images on average.
  const Tensor x = images();
  const int n = count_changed(layers::RandomInvert(0.5, {.seed = 2})(x), x, 255.0f - x);
  EXPECT_GT(n, 0.25 * kBatch - 35);
  EXPECT_LT(n, 0.25 * kBatch + 35);
}

TEST(ImageAugmentation, PosterizationKeepsOneBitCountPerImageFromTheRange) {
  const Tensor x = images();
  const Tensor out = layers::RandomPosterization({2, 5}, {.seed = 3})(x);
  std::set<int> seen;
  for (std::int64_t i = 0; i < kBatch; ++i) {
    int bits = 0;
    for (int b : {2, 3, 4}) {
      if (close(at(out, i), layers::RandomPosterization({double(b), double(b)})(at(x, i)), 0)) bits = b;
    }
    ASSERT_NE(bits, 0) << "image " << i << " is not posterized to 2, 3 or 4 bits";
    seen.insert(bits);
  }
  EXPECT_EQ(seen.size(), 3u);
}

TEST(ImageAugmentation, SolarizationInvertsThePixelsAboveOneThresholdPerImage) {
  const Tensor x = images();
  const Tensor out = layers::Solarization({.threshold_factor = 1.0, .seed = 4})(x);
  const std::vector<float> in = x.numpy<float>(), got = out.numpy<float>();
  const std::size_t per_image = in.size() / kBatch;
  int partial = 0;
  for (std::int64_t i = 0; i < kBatch; ++i) {
    // Kept pixels lie below every inverted one's value.
    float highest_kept = -1, lowest_inverted = 256;
    for (std::size_t j = i * per_image; j < (i + 1) * per_image; ++j) {
      if (got[j] == in[j]) {
        highest_kept = std::max(highest_kept, in[j]);
      } else {
        ASSERT_NEAR(got[j], 255.0f - in[j], 1e-4) << j;
        lowest_inverted = std::min(lowest_inverted, in[j]);
      }
    }
    EXPECT_LT(highest_kept, lowest_inverted) << "image " << i;
    partial += highest_kept >= 0 && lowest_inverted < 256;
  }
  EXPECT_GT(partial, kBatch / 2);
  // An addition moves every pixel up before the threshold: with threshold 0 all are inverted.
  const Tensor added = layers::Solarization({.addition_factor = {0.1, 0.1}, .seed = 5})(x);
  EXPECT_LE(tf::reduce_max(added).item<float>(), 255.0f);
  EXPECT_TRUE(close(tf::reduce_max(255.0f - added - tf::clip_by_value(x, 0.0f, 255.0f)), tf::constant(25.5f), 2.6f));
}

TEST(ImageAugmentation, SeededLayersRepeatTheirDrawsAndDrawAnewEachCall) {
  const Tensor x = images();
  layers::RandomInvert a(0.8, {.seed = 7}), b(0.8, {.seed = 7});
  const Tensor first = a(x);
  EXPECT_TRUE(close(first, b(x)));
  EXPECT_FALSE(close(first, a(x)));
  // Traced with an unknown batch size, the layer still draws per image.
  layers::RandomGrayscale gray(0.5, {.seed = 8});
  auto traced = tf::function([&](const Tensor& t) { return gray(t, true); },
                             {.input_signature = {tf::TensorSpec({tf::None, 4, 5, 3}, tf::float32)}});
  const int n = count_changed(traced(x), x, layers::RandomGrayscale(1.0)(x));
  EXPECT_GT(n, 50);
  EXPECT_LT(n, 150);
}

TEST(ImageAugmentation, ArgumentErrorsAreKeras) {
  const auto has = [](const std::string& error, const std::string& part) { EXPECT_NE(error.find(part), std::string::npos) << error; };
  has(error_of([] { layers::RandomPosterization(9); }),
      "The `factor` argument should be a number (or a list of two numbers) in the range [1, 8]. Received: factor=9");
  has(error_of([] { layers::RandomInvert(1.5); }), "in the range [0, 1]. Received: factor=1.5");
  has(error_of([] { layers::RandomGrayscale(2.0); }), "`factor` should be between 0 and 1. Received: factor=2");
  has(error_of([] { layers::Solarization({.addition_factor = 1.5}); }),
      "The `addition_factor` and `threshold_factor` arguments should be a number (or a list of two numbers) in the range [0, 1]. "
      "Received: input_number=1.5");
  has(error_of([] { layers::Solarization({.threshold_factor = {0.1, 2}}); }), "Received: input_number=2");
  has(error_of([] { layers::AutoContrast({.data_format = "nhwc"}); }), "The `data_format` argument must be one of");
  has(error_of([] { layers::Equalization({.bins = 0}); }), "`bins` must be positive");
  has(error_of([] { layers::ContrastLimitedAdaptiveHistogramEqualization({.tile_grid_size = {0, 2}}); }),
      "`tile_grid_size` must be two positive integers");
  has(error_of([] { layers::MaxNumBoundingBoxes(0); }), "`max_number` must be positive");
  // Calls: images of rank 3 or 4 only; RGB or one channel for grayscale.
  const std::string rank = "Expected image tensor to have rank 3 (single image) or 4 (batch of images). Received: data.shape=(4, 4)";
  const Tensor matrix = tf::ones({4, 4});
  has(error_of([&] { layers::AutoContrast({.name = "ac"})(matrix); }), "[ac] " + rank);
  has(error_of([&] { layers::Equalization()(matrix); }), rank);
  has(error_of([&] { layers::ContrastLimitedAdaptiveHistogramEqualization()(matrix); }), rank);
  has(error_of([&] { layers::Solarization()(matrix); }), rank);
  has(error_of([&] { layers::RandomInvert()(matrix); }), rank);
  has(error_of([&] { layers::RandomPosterization(4)(matrix); }), rank);
  has(error_of([&] { layers::RandomGrayscale(1.0, {.name = "gray"})(tf::ones({1, 4, 4, 2})); }),
      "[gray] Invalid channel size: expected 3 (RGB) or 1 (Grayscale). Received input with shape: images.shape=(1, 4, 4, 2)");
  has(error_of([] { layers::MaxNumBoundingBoxes(2).transform_bounding_boxes(tf::ones({2, 4}), tf::ones({2, 4})); }),
      "expects boxes [batch, num_boxes, 4] and labels [batch, num_boxes]");
}

}  // namespace

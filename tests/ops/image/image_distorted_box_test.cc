// tf::image::stateless_sample_distorted_bounding_box gives TensorFlow 2.21's windows for the same
// seeds (printed by its Python API; tests/python/programs/image_distorted_bounding_box.py compares
// more in the test run), the whole image when nothing fits; sample_distorted_bounding_box's windows
// keep the constraints; errors and traced shapes.
#include <gtest/gtest.h>

#include <tfpp/image_box_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

Tensor boxes() { return tf::constant(std::vector<float>{0.1f, 0.2f, 0.6f, 0.7f, 0.3f, 0.3f, 0.9f, 0.95f}, {1, 2, 4}); }
Tensor image_size() { return tf::constant(std::vector<std::int32_t>{480, 640, 3}); }
Tensor seed(std::int32_t a, std::int32_t b) { return tf::constant(std::vector<std::int32_t>{a, b}); }

TEST(ImageDistortedBox, StatelessAsTensorFlow) {
  const auto r = tf::image::stateless_sample_distorted_bounding_box(image_size(), boxes(), seed(1, 2), {.min_object_covered = 0.3});
  EXPECT_EQ(r.begin.numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 52, 0}));
  EXPECT_EQ(r.size.numpy<std::int32_t>(), (std::vector<std::int32_t>{428, 389, -1}));
  EXPECT_EQ(r.bboxes.shape(), (tf::TensorShape{1, 1, 4}));
  EXPECT_EQ(r.bboxes.numpy<float>(), (std::vector<float>{0.0062500000931322575f, 0.08124999701976776f, 0.8979166746139526f, 0.6890624761581421f}));
  const auto other = tf::image::stateless_sample_distorted_bounding_box(image_size(), boxes(), seed(7, 11), {.min_object_covered = 0.3});
  EXPECT_EQ(other.begin.numpy<std::int32_t>(), (std::vector<std::int32_t>{128, 193, 0}));
  EXPECT_EQ(other.size.numpy<std::int32_t>(), (std::vector<std::int32_t>{242, 283, -1}));
  const auto ranged = tf::image::stateless_sample_distorted_bounding_box(
      tf::constant(std::vector<std::int64_t>{48, 64, 1}), boxes(), seed(3, 4),
      {.aspect_ratio_range = {0.5, 2.0}, .area_range = {0.2, 0.6}, .max_attempts = 5});
  EXPECT_EQ(ranged.begin.dtype(), tf::int64);
  EXPECT_EQ(ranged.begin.numpy<std::int64_t>(), (std::vector<std::int64_t>{2, 9, 0}));
  EXPECT_EQ(ranged.size.numpy<std::int64_t>(), (std::vector<std::int64_t>{44, 38, -1}));
}

TEST(ImageDistortedBox, WholeImageWhenNothingFits) {
  const auto r = tf::image::stateless_sample_distorted_bounding_box(tf::constant(std::vector<std::int32_t>{48, 64, 3}), boxes(), seed(3, 4),
                                                                    {.min_object_covered = 1.0, .area_range = {0.01, 0.02}});
  EXPECT_EQ(r.begin.numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 0, 0}));
  EXPECT_EQ(r.size.numpy<std::int32_t>(), (std::vector<std::int32_t>{48, 64, -1}));
  EXPECT_EQ(r.bboxes.numpy<float>(), (std::vector<float>{0, 0, 1, 1}));
  const auto stateful = tf::image::sample_distorted_bounding_box(tf::constant(std::vector<std::int32_t>{48, 64, 3}), boxes(), 3,
                                                                 {.min_object_covered = 1.0, .area_range = {0.01, 0.02}});
  EXPECT_EQ(stateful.size.numpy<std::int32_t>(), (std::vector<std::int32_t>{48, 64, -1}));
}

TEST(ImageDistortedBox, StatefulWindowsKeepTheConstraints) {
  for (std::int64_t s = 1; s <= 20; ++s) {
    const auto r = tf::image::sample_distorted_bounding_box(tf::constant(std::vector<std::int32_t>{120, 90, 3}), boxes(), s,
                                                            {.min_object_covered = 0.4, .aspect_ratio_range = {0.6, 1.6}, .area_range = {0.1, 0.8}});
    const auto begin = r.begin.numpy<std::int32_t>(), size = r.size.numpy<std::int32_t>();
    EXPECT_GE(begin[0], 0);
    EXPECT_GE(begin[1], 0);
    EXPECT_LE(begin[0] + size[0], 120);
    EXPECT_LE(begin[1] + size[1], 90);
    if (size[0] == 120 && size[1] == 90) continue;  // the fallback
    const double ratio = static_cast<double>(size[1]) / size[0];
    EXPECT_GE(ratio, 0.6 - 0.02);
    EXPECT_LE(ratio, 1.6 + 0.02);
    EXPECT_GE(size[0] * size[1], 0.1 * 120 * 90 - size[1]);
    EXPECT_LE(size[0] * size[1], 0.8 * 120 * 90 + size[1]);
  }
}

TEST(ImageDistortedBox, ErrorsAsTensorFlow) {
  EXPECT_EQ(error_of([] { tf::image::stateless_sample_distorted_bounding_box(image_size(), boxes(), seed(3, 4), {.min_object_covered = -1}); }),
            "[StatelessSampleDistortedBoundingBox] Min object covered must be non-negative: -1");
  EXPECT_EQ(error_of([] { tf::image::stateless_sample_distorted_bounding_box(image_size(), boxes(), seed(3, 4), {.area_range = {0.1, 1.5}}); }),
            "[StatelessSampleDistortedBoundingBox] Area range must be less then or equal to 1.0: [0.1, 1.5]");
  EXPECT_EQ(error_of([] { tf::image::stateless_sample_distorted_bounding_box(image_size(), boxes() * 2.0f, seed(3, 4)); }),
            "[StatelessSampleDistortedBoundingBox] All bounding box coordinates must be in [0.0, 1.0]: 1.2");
  EXPECT_EQ(error_of([] { tf::image::stateless_sample_distorted_bounding_box(image_size(), tf::zeros({1, 0, 4}), seed(3, 4)); }),
            "[StatelessSampleDistortedBoundingBox] No bounding boxes provided as input. One must enable use_image_if_no_bounding_boxes if "
            "you wish to not provide any bounding boxes.");
  EXPECT_EQ(error_of([] { tf::image::sample_distorted_bounding_box(tf::constant(std::vector<std::int32_t>{48, 64}), boxes()); }),
            "[SampleDistortedBoundingBoxV2] image_size must contain 3 elements[2]");
}

TEST(ImageDistortedBox, Traced) {
  auto f = tf::function([](Tensor size, Tensor b, Tensor s) {
    const auto r = tf::image::stateless_sample_distorted_bounding_box(size, b, s);
    EXPECT_EQ(r.begin.shape(), (tf::TensorShape{3}));
    EXPECT_EQ(r.bboxes.shape(), (tf::TensorShape{1, 1, 4}));
    return r.size;
  });
  const auto eager = tf::image::stateless_sample_distorted_bounding_box(image_size(), boxes(), seed(1, 2));
  EXPECT_EQ(f(image_size(), boxes(), seed(1, 2)).numpy<std::int32_t>(), eager.size.numpy<std::int32_t>());
}

}  // namespace

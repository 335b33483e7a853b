// tf::image::non_max_suppression and non_max_suppression_with_scores (NonMaxSuppressionV3 / V5)
// against TensorFlow 2.21's selections and soft-NMS scores for the same boxes, errors, and use
// inside a traced function (the number kept is known only when it runs).
#include <gtest/gtest.h>

#include <tfpp/image_nms.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;

// Three overlapping boxes near the origin, two near x = 10, one alone.
Tensor boxes() {
  return tf::constant(std::vector<float>{0, 0, 1, 1, 0, 0.1f, 1, 1.1f, 0, -0.1f, 1, 0.9f, 0, 10, 1, 11, 0, 10.1f, 1, 11.1f, 0, 100, 1, 101},
                      {6, 4});
}
Tensor scores() { return tf::constant(std::vector<float>{0.9f, 0.75f, 0.6f, 0.95f, 0.5f, 0.3f}, {6}); }

TEST(ImageNms, SelectsAsTensorFlow) {
  EXPECT_EQ(tf::image::non_max_suppression(boxes(), scores(), 3).numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 0, 5}));
  EXPECT_EQ(tf::image::non_max_suppression(boxes(), scores(), 6, {.iou_threshold = 0.9}).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{3, 0, 1, 2, 4, 5}));
  EXPECT_EQ(tf::image::non_max_suppression(boxes(), scores(), 6, {.score_threshold = 0.55}).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{3, 0}));
  const auto [indices, kept] = tf::image::non_max_suppression_with_scores(boxes(), scores(), 6, {.iou_threshold = 1.0, .soft_nms_sigma = 0.5});
  EXPECT_EQ(indices.numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 0, 1, 5, 4, 2}));
  EXPECT_EQ(kept.numpy<float>(), (std::vector<float>{0.949999988079071f, 0.8999999761581421f, 0.38400354981422424f,
                                                      0.30000001192092896f, 0.25600260496139526f, 0.19697244465351105f}));
}

TEST(ImageNms, ErrorsAsTensorFlow) {
  EXPECT_EQ(error_of([] { tf::image::non_max_suppression(boxes(), scores(), 3, {.iou_threshold = 1.5}); }),
            "[NonMaxSuppressionV3] iou_threshold must be in [0, 1]");
  EXPECT_EQ(error_of([] { tf::image::non_max_suppression(tf::zeros({6, 3}), scores(), 3); }),
            "[NonMaxSuppressionV3] boxes must have 4 columns[6,3]");
  EXPECT_EQ(error_of([] { tf::image::non_max_suppression(boxes(), tf::zeros({5}), 3); }),
            "[NonMaxSuppressionV3] scores has incompatible shape[5]");
  EXPECT_EQ(error_of([] { tf::image::non_max_suppression_with_scores(boxes(), scores(), 3, {.soft_nms_sigma = -1}); }),
            "[NonMaxSuppressionV5] soft_nms_sigma must be non-negative");
}

TEST(ImageNms, Traced) {
  auto f = tf::function([](Tensor b, Tensor s) {
    const Tensor kept = tf::image::non_max_suppression(b, s, 3);
    EXPECT_EQ(kept.shape(), (tf::TensorShape{None}));
    return kept;
  });
  EXPECT_EQ(f(boxes(), scores()).numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 0, 5}));
}

}  // namespace

// tf::image::combined_non_max_suppression, non_max_suppression_overlaps and
// non_max_suppression_padded against TensorFlow 2.21's outputs for the same boxes (printed by its
// Python API; tests/python/programs/image_box_nms.py compares many more cases in the test run),
// their errors, and their static shapes when traced.
#include <gtest/gtest.h>

#include <tfpp/image_box_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;

const std::vector<float> kCorners = {0, 0, 1, 1, 0, 0.1f, 1, 1.1f, 0, -0.1f, 1, 0.9f, 0, 10, 1, 11, 0, 10.1f, 1, 11.1f, 0, 100, 1, 101};

Tensor boxes() { return tf::constant(kCorners, {1, 6, 1, 4}); }
Tensor scores() { return tf::constant(std::vector<float>{0.9f, 0.1f, 0.75f, 0.8f, 0.6f, 0.3f, 0.95f, 0.2f, 0.5f, 0.7f, 0.3f, 0.6f}, {1, 6, 2}); }
Tensor flat_scores() { return tf::constant(std::vector<float>{0.9f, 0.75f, 0.6f, 0.95f, 0.5f, 0.3f}, {6}); }

TEST(ImageCombinedNms, SelectsAsTensorFlow) {
  const auto r = tf::image::combined_non_max_suppression(boxes(), scores(), 2, 5);
  EXPECT_EQ(r.nmsed_boxes.shape(), (tf::TensorShape{1, 5, 4}));
  EXPECT_EQ(r.nmsed_boxes.numpy<float>(), (std::vector<float>{0, 1, 1, 1, 0, 0, 1, 1, 0, 0.1f, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0}));
  EXPECT_EQ(r.nmsed_scores.numpy<float>(), (std::vector<float>{0.95f, 0.9f, 0.8f, 0.7f, 0}));
  EXPECT_EQ(r.nmsed_classes.numpy<float>(), (std::vector<float>{0, 0, 1, 1, 0}));
  EXPECT_EQ(r.valid_detections.numpy<std::int32_t>(), (std::vector<std::int32_t>{4}));
  const auto padded = tf::image::combined_non_max_suppression(boxes(), scores(), 2, 10, {.pad_per_class = true, .clip_boxes = false});
  EXPECT_EQ(padded.nmsed_boxes.shape(), (tf::TensorShape{1, 4, 4}));
  EXPECT_EQ(padded.nmsed_boxes.numpy<float>(),
            (std::vector<float>{0, 10, 1, 11, 0, 0, 1, 1, 0, 0.1f, 1, 1.1f, 0, 10.1f, 1, 11.1f}));
  EXPECT_EQ(padded.nmsed_classes.numpy<float>(), (std::vector<float>{0, 0, 1, 1}));
  EXPECT_EQ(padded.valid_detections.numpy<std::int32_t>(), (std::vector<std::int32_t>{4}));
}

TEST(ImageCombinedNms, ErrorsAsTensorFlow) {
  EXPECT_EQ(error_of([] { tf::image::combined_non_max_suppression(boxes(), scores(), 0, 5); }),
            "[CombinedNonMaxSuppression] max_size_per_class must be positive");
  EXPECT_EQ(error_of([] { tf::image::combined_non_max_suppression(boxes(), scores(), 2, 0); }),
            "[CombinedNonMaxSuppression] max_total_size must be > 0");
  EXPECT_EQ(error_of([] { tf::image::combined_non_max_suppression(boxes(), scores(), 2, 5, {.iou_threshold = 2}); }),
            "[CombinedNonMaxSuppression] iou_threshold must be in [0, 1]");
  EXPECT_EQ(error_of([] { tf::image::combined_non_max_suppression(tf::tile(boxes(), {1, 1, 3, 1}), scores(), 2, 5); }),
            "[CombinedNonMaxSuppression] third dimension of boxes must be either 1 or num classes");
  EXPECT_EQ(error_of([] { tf::image::combined_non_max_suppression(tf::zeros({1, 6, 1, 3}), scores(), 2, 5); }),
            "[CombinedNonMaxSuppression] boxes must have 4 columns");
  EXPECT_EQ(error_of([] { tf::image::combined_non_max_suppression(tf::zeros({2, 6, 1, 4}), scores(), 2, 5); }),
            "[CombinedNonMaxSuppression] boxes and scores must have same batch size");
  EXPECT_EQ(error_of([] { tf::image::combined_non_max_suppression(tf::zeros({1, 5, 1, 4}), scores(), 2, 5); }),
            "[CombinedNonMaxSuppression] scores has incompatible shape");
}

TEST(ImageOverlapNms, SelectsAsTensorFlow) {
  const Tensor overlaps = tf::constant(std::vector<float>{1, 0.6f, 0.2f, 0, 0.6f, 1, 0.7f, 0.1f, 0.2f, 0.7f, 1, 0.4f, 0, 0.1f, 0.4f, 1}, {4, 4});
  const Tensor ranks = tf::constant(std::vector<float>{0.9f, 0.8f, 0.7f, 0.6f}, {4});
  EXPECT_EQ(tf::image::non_max_suppression_overlaps(overlaps, ranks, 4).numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 2, 3}));
  EXPECT_EQ(tf::image::non_max_suppression_overlaps(overlaps, ranks, 4, {.score_threshold = 0.65}).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{0, 2}));
  EXPECT_EQ(error_of([] { tf::image::non_max_suppression_overlaps(tf::zeros({3, 4}), tf::zeros({3}), 2); }),
            "[NonMaxSuppressionWithOverlaps] overlaps must be square[3,4]");
  EXPECT_EQ(error_of([] { tf::image::non_max_suppression_overlaps(tf::zeros({3, 3}), tf::zeros({3}), -1); }),
            "[NonMaxSuppressionWithOverlaps] output size must be non-negative");
}

TEST(ImagePaddedNms, SelectsAsTensorFlow) {
  const Tensor flat = tf::constant(kCorners, {6, 4});
  auto [idx, valid] = tf::image::non_max_suppression_padded(flat, flat_scores(), 4);
  EXPECT_EQ(idx.numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 0, 5}));
  EXPECT_EQ(valid.shape(), tf::TensorShape{});
  EXPECT_EQ(valid.item<std::int32_t>(), 3);
  auto [padded, padded_valid] =
      tf::image::non_max_suppression_padded(flat, flat_scores(), 4, {.score_threshold = 0.55, .pad_to_max_output_size = true});
  EXPECT_EQ(padded.numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 0, 0, 0}));
  EXPECT_EQ(padded_valid.item<std::int32_t>(), 2);
  EXPECT_EQ(tf::image::non_max_suppression_padded(flat, flat_scores(), 4, {.sorted_input = true}).first.numpy<std::int32_t>(),
            (std::vector<std::int32_t>{0, 3, 5}));
  // Boxes whose coordinates are all negative never count as kept, as in TensorFlow's composite.
  EXPECT_EQ(tf::image::non_max_suppression_padded(flat - 200.0f, flat_scores(), 6).first.num_elements(), 0);
  const Tensor batch = tf::stack({flat, tf::reverse(flat, {0})});
  auto [batched, batched_valid] = tf::image::non_max_suppression_padded(
      batch, tf::stack({flat_scores(), flat_scores()}), 3, {.iou_threshold = 0.3, .pad_to_max_output_size = true, .tile_size = 4});
  EXPECT_EQ(batched.numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 0, 5, 3, 0, 1}));
  EXPECT_EQ(batched_valid.numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 3}));
  EXPECT_EQ(error_of([&] { tf::image::non_max_suppression_padded(batch, tf::stack({flat_scores(), flat_scores()}), 3); }),
            "[non_max_suppression_padded] 'pad_to_max_output_size' (value False) must be True for batched input");
}

TEST(ImageBoxNms, Traced) {
  auto f = tf::function([](Tensor b, Tensor s) {
    const auto r = tf::image::combined_non_max_suppression(b, s, 2, 5);
    EXPECT_EQ(r.nmsed_boxes.shape(), (tf::TensorShape{1, 5, 4}));
    EXPECT_EQ(r.valid_detections.shape(), (tf::TensorShape{1}));
    return r.nmsed_scores;
  });
  EXPECT_EQ(f(boxes(), scores()).numpy<float>(), (std::vector<float>{0.95f, 0.9f, 0.8f, 0.7f, 0}));
}

}  // namespace

// Bounding-box selection beyond tf.image.non_max_suppression (<tfpp/image_nms.h>): NMS over given
// overlaps, the padded and batched (tiled) NMS, NMS per class over a batch, and the random crop
// windows of sample_distorted_bounding_box. Boxes are [y1, x1, y2, x2].
//
//   auto r = tf::image::combined_non_max_suppression(boxes, scores, 10, 20);  // r.nmsed_boxes ...
//   auto [begin, size, bbox] = tf::image::stateless_sample_distorted_bounding_box(
//       tf::constant(std::vector<std::int32_t>{480, 640, 3}), bboxes, seed, {.min_object_covered = 0.5});
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include "tfpp/tensor.h"

namespace tf::image {

/// The thresholds of non_max_suppression_overlaps (TensorFlow's defaults).
struct OverlapNmsOptions {
  double overlap_threshold = 0.5;                                  ///< overlaps above it suppress
  double score_threshold = -std::numeric_limits<double>::infinity();  ///< boxes scoring no higher are dropped
};

/// Greedy NMS over an [n, n] matrix of overlaps: the int32 indices kept, best first (op NonMaxSuppressionWithOverlaps).
Tensor non_max_suppression_overlaps(const Tensor& overlaps, const Tensor& scores, std::int64_t max_output_size,
                                    const OverlapNmsOptions& options = {});

/// The arguments of combined_non_max_suppression after the sizes (TensorFlow's defaults).
struct CombinedNmsOptions {
  double iou_threshold = 0.5;                                      ///< in [0, 1]
  double score_threshold = -std::numeric_limits<double>::infinity();  ///< boxes scoring no higher are dropped
  bool pad_per_class = false;  ///< pad to max_output_size_per_class * num_classes (at most max_total_size)
  bool clip_boxes = true;      ///< clip the output coordinates to [0, 1]
};

/// The outputs of combined_non_max_suppression.
struct CombinedNmsResult {
  Tensor nmsed_boxes;       ///< float32 [batch, max_detections, 4]
  Tensor nmsed_scores;      ///< float32 [batch, max_detections]
  Tensor nmsed_classes;     ///< float32 [batch, max_detections]
  Tensor valid_detections;  ///< int32 [batch]
};

/// NMS per batch item and class of boxes [batch, num_boxes, q, 4] (q is 1 or num_classes) scored by
/// [batch, num_boxes, num_classes], merged best first (op CombinedNonMaxSuppression).
CombinedNmsResult combined_non_max_suppression(const Tensor& boxes, const Tensor& scores, std::int64_t max_output_size_per_class,
                                               std::int64_t max_total_size, const CombinedNmsOptions& options = {});

/// The arguments of non_max_suppression_padded after max_output_size (TensorFlow's defaults).
struct PaddedNmsOptions {
  double iou_threshold = 0.5;
  double score_threshold = -std::numeric_limits<double>::infinity();
  bool pad_to_max_output_size = false;     ///< must be true for batched boxes
  bool sorted_input = false;               ///< boxes already sorted by descending score
  bool canonicalized_coordinates = false;  ///< boxes already [y_min, x_min, y_max, x_max]
  std::int64_t tile_size = 512;            ///< boxes compared at once
};

/// TensorFlow's tiled NMS of boxes [..., num_boxes, 4] scored by [..., num_boxes]: the int32 indices
/// ([..., max_output_size] when padded, else [num_valid]) and the int32 number valid ([...]).
std::pair<Tensor, Tensor> non_max_suppression_padded(const Tensor& boxes, const Tensor& scores, std::int64_t max_output_size,
                                                     const PaddedNmsOptions& options = {});

/// The constraints of sample_distorted_bounding_box (TensorFlow's defaults).
struct DistortedBoxOptions {
  double min_object_covered = 0.1;                       ///< fraction of some box the window must cover
  std::array<double, 2> aspect_ratio_range = {0.75, 1.33};  ///< width / height of the window
  std::array<double, 2> area_range = {0.05, 1.0};          ///< fraction of the image the window covers
  std::int64_t max_attempts = 100;                        ///< draws before falling back to the whole image
  bool use_image_if_no_bounding_boxes = false;            ///< without boxes, cover the whole image
};

/// A crop window: begin and size for tf::slice (image_size's dtype, [3]) and the window as a box (float32 [1, 1, 4]).
struct DistortedBox {
  Tensor begin;   ///< [y, x, 0]
  Tensor size;    ///< [height, width, -1]
  Tensor bboxes;  ///< [[[y_min, x_min, y_max, x_max]]], relative to the image
};

/// A random crop window of image_size [height, width, depth] covering enough of one of the boxes
/// [batch, n, 4]; a seed of 0 or none draws nondeterministically (op SampleDistortedBoundingBoxV2).
DistortedBox sample_distorted_bounding_box(const Tensor& image_size, const Tensor& bounding_boxes, std::optional<std::int64_t> seed = {},
                                           const DistortedBoxOptions& options = {});
/// The same window, determined by a [2] int32/int64 seed as TensorFlow's (op StatelessSampleDistortedBoundingBox).
DistortedBox stateless_sample_distorted_bounding_box(const Tensor& image_size, const Tensor& bounding_boxes, const Tensor& seed,
                                                     const DistortedBoxOptions& options = {});

}  // namespace tf::image

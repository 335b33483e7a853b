// Non-maximum suppression (tf.image.non_max_suppression and non_max_suppression_with_scores):
// greedily keeps the highest-scoring boxes, dropping those that overlap a kept box by more than
// iou_threshold, or (soft-NMS, soft_nms_sigma > 0) decaying their scores by a Gaussian of the
// overlap. Boxes are [num_boxes, 4] as [y1, x1, y2, x2] (any two opposite corners).
//
//   tf::Tensor keep = tf::image::non_max_suppression(boxes, scores, 10, {.iou_threshold = 0.4});
#pragma once

#include <cstdint>
#include <limits>
#include <utility>

#include "tfpp/tensor.h"

namespace tf::image {

/// The thresholds of non-maximum suppression (TensorFlow's defaults).
struct NmsOptions {
  double iou_threshold = 0.5;                                      ///< in [0, 1]
  double score_threshold = -std::numeric_limits<double>::infinity();  ///< boxes scoring no higher are dropped
  double soft_nms_sigma = 0.0;                                     ///< > 0: soft-NMS (with_scores only)
};

/// The int32 indices of the kept boxes, best first, at most max_output_size (op NonMaxSuppressionV3).
Tensor non_max_suppression(const Tensor& boxes, const Tensor& scores, std::int64_t max_output_size, const NmsOptions& options = {});
/// The kept indices and their (soft-NMS decayed) scores (op NonMaxSuppressionV5).
std::pair<Tensor, Tensor> non_max_suppression_with_scores(const Tensor& boxes, const Tensor& scores, std::int64_t max_output_size,
                                                          const NmsOptions& options = {});

}  // namespace tf::image

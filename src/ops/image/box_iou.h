// The intersection over union of two boxes [y1, x1, y2, x2] (any two opposite corners) as TensorFlow's
// NMS kernels compute it in float32: 0 when either box is empty.
#pragma once

#include <algorithm>

namespace tf::ops {

/// IOU of the boxes at a and b (four floats each).
inline float box_iou(const float* a, const float* b) {
  const float ymin_i = std::min(a[0], a[2]), xmin_i = std::min(a[1], a[3]), ymax_i = std::max(a[0], a[2]), xmax_i = std::max(a[1], a[3]);
  const float ymin_j = std::min(b[0], b[2]), xmin_j = std::min(b[1], b[3]), ymax_j = std::max(b[0], b[2]), xmax_j = std::max(b[1], b[3]);
  const float area_i = (ymax_i - ymin_i) * (xmax_i - xmin_i);
  const float area_j = (ymax_j - ymin_j) * (xmax_j - xmin_j);
  if (area_i <= 0 || area_j <= 0) return 0.0f;
  const float ymin = std::max(ymin_i, ymin_j), xmin = std::max(xmin_i, xmin_j);
  const float ymax = std::min(ymax_i, ymax_j), xmax = std::min(xmax_i, xmax_j);
  const float intersection = std::max(ymax - ymin, 0.0f) * std::max(xmax - xmin, 0.0f);
  return intersection / (area_i + area_j - intersection);
}

}  // namespace tf::ops

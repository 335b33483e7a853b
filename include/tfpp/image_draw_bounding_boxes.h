// Boxes drawn as one-pixel outlines on a batch of images (tf.image.draw_bounding_boxes).
//
//   tf::Tensor drawn = tf::image::draw_bounding_boxes(images, boxes);  // TensorFlow's color table
#pragma once

#include <optional>

#include "tfpp/tensor.h"

namespace tf::image {

/// Draws boxes [batch, num_boxes, 4] of [y_min, x_min, y_max, x_max] in [0, 1] (relative to
/// height - 1 and width - 1) on float32 images [batch, height, width, 1, 3 or 4]; box i takes
/// row i % n of colors [n, >= depth] (without colors, or with an empty table, TensorFlow's ten
/// colors: yellow, blue, red, lime, purple, olive, maroon, navy, aqua, fuchsia; white on gray
/// images). Inverted boxes and boxes wholly outside are skipped; the others are clipped.
/// Ops DrawBoundingBoxes (no colors) and DrawBoundingBoxesV2.
Tensor draw_bounding_boxes(const Tensor& images, const Tensor& boxes, const std::optional<Tensor>& colors = std::nullopt);

}  // namespace tf::image

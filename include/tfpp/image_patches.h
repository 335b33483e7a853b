// Image patches (tf.image.extract_patches): every sizes[1] x sizes[2] window of each image,
// sampled `rates` pixels apart and stepped by `strides`, flattened into the channel axis.
//
//   tf::Tensor p = tf::image::extract_patches(images, {1, 3, 3, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, "SAME");
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::image {

/// [batch, out_rows, out_cols, sizes[1] * sizes[2] * depth] patches of NHWC `images`; sizes,
/// strides and rates are [1, rows, cols, 1]; padding "SAME" (zeros) or "VALID" (op ExtractImagePatches).
Tensor extract_patches(const Tensor& images, const std::vector<std::int64_t>& sizes, const std::vector<std::int64_t>& strides,
                       const std::vector<std::int64_t>& rates, const std::string& padding);

}  // namespace tf::image

// tf::nn::space_to_depth and depth_to_space: move block_size x block_size spatial blocks of an
// NHWC batch into the channels and back, as TensorFlow's SpaceToDepth and DepthToSpace ops
// (each is the other's gradient).
//
//   tf::nn::space_to_depth(x, 2);   // [N, H, W, C] -> [N, H/2, W/2, 4C]
//   tf::nn::depth_to_space(y, 2);   // [N, H, W, 4C] -> [N, 2H, 2W, C]
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/tensor.h"

namespace tf::nn {

/// Output [N, H/b, W/b, C*b*b] with out[n, y, x, (i*b + j)*C + c] = input[n, y*b + i, x*b + j, c];
/// H and W divisible by block_size >= 2. Any dtype; data_format "NHWC" (the only one with CPU
/// kernels in TensorFlow: "NCHW" raises NotFoundError there and here).
Tensor space_to_depth(const Tensor& input, std::int64_t block_size, const std::string& data_format = "NHWC");
/// The inverse of space_to_depth: [N, H, W, C] to [N, H*b, W*b, C/(b*b)]; C divisible by b*b.
Tensor depth_to_space(const Tensor& input, std::int64_t block_size, const std::string& data_format = "NHWC");

}  // namespace tf::nn

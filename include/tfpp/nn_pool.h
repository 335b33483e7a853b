// N-D pooling (tf.nn.pool): max or average pooling over windows of 1, 2 or 3 spatial
// dimensions, dispatching to max_pool1d/2d/3d or avg_pool1d/2d/3d by the window's length.
//
//   tf::nn::pool(volumes, {2, 2, 2}, "MAX", {.strides = 2, .padding = "SAME"});
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tfpp/nn_ops.h"
#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of pool.
struct PoolArgs {
  Sizes strides = 1;                ///< one value, or one per spatial dimension (each at most the window)
  std::string padding = "VALID";    ///< "SAME" or "VALID"
  std::string data_format;          ///< empty: channels last; "NC..." formats put channels first
  Sizes dilations = 1;              ///< above 1 only with "VALID" padding and strides of 1
};

/// Pools `input` (rank window_shape.size() + 2) over windows of window_shape with
/// pooling_type "MAX" or "AVG" (tf.nn.pool).
Tensor pool(const Tensor& input, const std::vector<std::int64_t>& window_shape, const std::string& pooling_type,
            const PoolArgs& options = {});

}  // namespace tf::nn

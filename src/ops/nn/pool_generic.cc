// tf.nn.pool: the window's length picks the 1-D, 2-D or 3-D pooling op, after TensorFlow's
// argument checks (nn_ops.py pool_v2).
#include "tfpp/nn_pool.h"

#include <algorithm>

#include "ops/nn/window.h"
#include "tfpp/errors.h"
#include "tfpp/nn_conv3d.h"
#include "tfpp/nn_conv_pool_variants.h"

namespace tf::nn {
namespace {

[[noreturn]] void fail(const std::string& message) { throw InvalidArgumentError("[pool] " + message); }

// One value per spatial dimension from 1 or `rank` values.
std::vector<std::int64_t> per_dimension(const Sizes& sizes, std::size_t rank, const char* what) {
  const auto& v = sizes.values();
  if (v.size() == 1) return std::vector<std::int64_t>(rank, v[0]);
  if (v.size() != rank)
    fail(std::string(what) + " must have 1 or " + std::to_string(rank) + " values, got " + ops::nn::list_string(v));
  return v;
}

}  // namespace

Tensor pool(const Tensor& input, const std::vector<std::int64_t>& window_shape, const std::string& pooling_type,
            const PoolArgs& options) {
  const std::size_t n = window_shape.size();
  if (n < 1 || n > 3) fail("window_shape must have 1, 2 or 3 values, got " + ops::nn::list_string(window_shape));
  if (pooling_type != "MAX" && pooling_type != "AVG")
    fail(std::to_string(n) + "-D " + pooling_type + " pooling is not supported (pooling_type is \"MAX\" or \"AVG\")");
  const TensorShape& shape = input.shape();
  if (!shape.has_unknown_rank() && shape.rank() != static_cast<int>(n) + 2)
    fail("input must have rank " + std::to_string(n + 2) + " for a window of " + std::to_string(n) +
         " dimensions, got shape " + shape.debug_string());
  const std::vector<std::int64_t> strides = per_dimension(options.strides, n, "strides");
  const std::vector<std::int64_t> dilations = per_dimension(options.dilations, n, "dilations");
  for (std::size_t i = 0; i < n; ++i)
    if (strides[i] > window_shape[i])
      fail("strides > window_shape is not supported (TensorFlow's CPU and GPU kernels disagree there), got strides " +
           ops::nn::list_string(strides) + " and window_shape " + ops::nn::list_string(window_shape));
  if (std::any_of(dilations.begin(), dilations.end(), [](std::int64_t d) { return d != 1; }))
    throw UnimplementedError("[pool] dilations other than 1 are not implemented, got " + ops::nn::list_string(dilations));
  const bool max = pooling_type == "MAX", nc = options.data_format.starts_with("NC");
  const Sizes window(window_shape), step(strides);
  if (n == 1) {
    const std::string format = nc ? "NCW" : "NWC";
    return max ? max_pool1d(input, window, step, options.padding, format) : avg_pool1d(input, window, step, options.padding, format);
  }
  if (n == 2) {
    const PoolOptions format{.data_format = nc ? "NCHW" : "NHWC"};
    return max ? max_pool2d(input, window, step, options.padding, format) : avg_pool2d(input, window, step, options.padding, format);
  }
  const std::string format = nc ? "NCDHW" : "NDHWC";
  return max ? max_pool3d(input, window, step, options.padding, format) : avg_pool3d(input, window, step, options.padding, format);
}

}  // namespace tf::nn

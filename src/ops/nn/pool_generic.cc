// tf.nn.pool: the window's length picks the 1-D, 2-D or 3-D pooling op, after TensorFlow's
// argument checks (nn_ops.py pool_v2); dilated windows are composed from shifted slices.
#include "tfpp/nn_pool.h"

#include <algorithm>

#include "ops/nn/window.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
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

// Dilated pooling, which TensorFlow allows with "VALID" padding and strides of 1: the max or
// mean over the window's taps, each tap the input shifted by tap * dilation along every spatial
// dimension (TensorFlow reaches the same windows through space_to_batch).
Tensor dilated_pool(const Tensor& input, const std::vector<std::int64_t>& window, const std::vector<std::int64_t>& dilations,
                    bool max, bool channels_first) {
  const TensorShape& shape = input.shape();
  const int first = channels_first ? 2 : 1, n = static_cast<int>(window.size());
  std::vector<std::int64_t> begin(static_cast<std::size_t>(shape.rank()), 0), size(static_cast<std::size_t>(shape.rank()), -1);
  for (int i = 0; i < n; ++i) {
    const std::int64_t in = shape[first + i], out = in - (window[i] - 1) * dilations[i];
    if (in < 0) fail("dilated pooling needs the spatial sizes known, got shape " + shape.debug_string());
    if (out <= 0)
      fail("the dilated window " + ops::nn::list_string(window) + " with dilations " + ops::nn::list_string(dilations) +
           " is larger than the input " + shape.debug_string());
    size[first + i] = out;
  }
  Tensor acc;
  std::vector<std::int64_t> tap(static_cast<std::size_t>(n), 0);
  std::int64_t taps = 0;
  do {
    for (int i = 0; i < n; ++i) begin[first + i] = tap[i] * dilations[i];
    const Tensor shifted = slice(input, begin, size);
    acc = !acc.defined() ? shifted : max ? math::maximum(acc, shifted) : acc + shifted;
    ++taps;
    int i = n - 1;  // the next tap, last dimension fastest
    while (i >= 0 && ++tap[i] == window[i]) tap[i--] = 0;
    if (i < 0) break;
  } while (true);
  return max ? acc : acc / static_cast<double>(taps);
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
  const bool max = pooling_type == "MAX", nc = options.data_format.starts_with("NC");
  if (std::any_of(dilations.begin(), dilations.end(), [](std::int64_t d) { return d != 1; })) {
    if (std::any_of(strides.begin(), strides.end(), [](std::int64_t d) { return d != 1; }))
      fail("strides > 1 are not supported with dilations > 1, got strides " + ops::nn::list_string(strides) +
           " and dilations " + ops::nn::list_string(dilations));
    if (options.padding != "VALID")
      fail("pooling with \"" + options.padding + "\" padding is not implemented for dilations > 1, got dilations " +
           ops::nn::list_string(dilations));
    for (std::int64_t d : dilations)
      if (d < 1) fail("dilations must be positive, got " + ops::nn::list_string(dilations));
    return dilated_pool(input, window_shape, dilations, max, nc);
  }
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

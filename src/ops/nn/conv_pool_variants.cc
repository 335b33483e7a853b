// conv1d, convolution, separable_conv2d and the 1-D and rank-generic pooling functions,
// composed from the 2-D ops as TensorFlow composes them (nn_ops.py): 1-D inputs get a spatial
// axis of size 1 before the 2-D op, which is squeezed away after it.
#include "tfpp/nn_conv_pool_variants.h"

#include "ops/nn/window.h"
#include "tfpp/array_ops.h"
#include "tfpp/nn_conv3d.h"
#include "tfpp/errors.h"

namespace tf::nn {
namespace {

// The one spatial value of a 1-D size: 1 value, or 3 with 1 at the batch and channel positions.
std::int64_t one_spatial(const char* fn, const char* what, const Sizes& sizes, bool channels_first) {
  const auto& v = sizes.values();
  if (v.size() == 1) return v[0];
  if (v.size() == 3 && v[0] == 1 && v[channels_first ? 1 : 2] == 1) return v[channels_first ? 2 : 1];
  throw InvalidArgumentError(std::string("[") + fn + "] " + what + " must be 1 value, or 3 with 1 at the batch and channel "
                             "positions, got " + ops::nn::list_string(v));
}

// "NWC"/"NHWC" (false) or "NCW"/"NCHW" (true).
bool channels_first_1d(const char* fn, const std::string& data_format) {
  if (data_format == "NWC" || data_format == "NHWC") return false;
  if (data_format == "NCW" || data_format == "NCHW") return true;
  throw InvalidArgumentError(std::string("[") + fn + "] data_format must be NWC or NCW, got " + data_format);
}

// A 2-D op on a 1-D input: adds a spatial axis of size 1 (before the width) and removes it after.
template <class Op2d>
Tensor pool_1d(const char* fn, const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
               const std::string& data_format, Op2d op) {
  const bool nc = channels_first_1d(fn, data_format);
  const std::int64_t axis = nc ? 2 : 1;
  const Sizes k{1, one_spatial(fn, "ksize", ksize, nc)}, s{1, one_spatial(fn, "strides", strides, nc)};
  return squeeze(op(expand_dims(input, axis), k, s, padding, PoolOptions{.data_format = nc ? "NCHW" : "NHWC"}), {axis});
}

// The spatial rank from the input's rank, for the rank-generic pooling functions.
int spatial_rank(const char* fn, const Tensor& input) {
  const int rank = input.shape().rank();
  if (rank < 3 || rank > 5)
    throw InvalidArgumentError(std::string("[") + fn + "] input must have rank 3 (1-D pooling), 4 (2-D pooling) or 5 "
                               "(3-D pooling), got shape " + input.shape().debug_string());
  return rank - 2;
}

// "SAME" or "VALID" for the 3-D pools, which take no explicit pairs.
std::string pool3d_padding(const char* fn, const Padding& padding) {
  if (!padding.explicit_paddings().empty())
    throw InvalidArgumentError(std::string("[") + fn + "] padding must be \"SAME\" or \"VALID\", got explicit pairs");
  return padding.name();
}

}  // namespace

Tensor conv1d(const Tensor& input, const Tensor& filters, const Sizes& stride, const Padding& padding,
              const Conv1dOptions& options) {
  const bool nc = channels_first_1d("conv1d", options.data_format);
  const std::int64_t axis = nc ? -2 : -3;
  const Sizes strides{1, one_spatial("conv1d", "stride", stride, nc)};
  const Sizes dilations{1, one_spatial("conv1d", "dilations", options.dilations, nc)};
  const Tensor out = conv2d(expand_dims(input, axis), expand_dims(filters, 0), strides, padding,
                            {.dilations = dilations, .data_format = nc ? "NCHW" : "NHWC"});
  return squeeze(out, {axis});
}

Tensor convolution(const Tensor& input, const Tensor& filters, const Padding& padding, const ConvolutionOptions& options) {
  const int rank = filters.shape().rank();
  const bool nc = options.data_format.starts_with("NC");
  if (rank == 3)
    return conv1d(input, filters, options.strides, padding, {.dilations = options.dilations, .data_format = nc ? "NCW" : "NWC"});
  if (rank == 4)
    return conv2d(input, filters, options.strides, padding, {.dilations = options.dilations, .data_format = nc ? "NCHW" : "NHWC"});
  if (rank == 5) {
    if (!padding.explicit_paddings().empty())
      throw InvalidArgumentError("[convolution] 3-D convolutions take padding \"SAME\" or \"VALID\", got explicit pairs");
    return conv3d(input, filters, options.strides, padding.name(),
                  {.dilations = options.dilations, .data_format = nc ? "NCDHW" : "NDHWC"});
  }
  throw InvalidArgumentError("[convolution] filters must have rank 3 (1-D), 4 (2-D) or 5 (3-D), got shape " +
                             filters.shape().debug_string());
}

Tensor separable_conv2d(const Tensor& input, const Tensor& depthwise_filter, const Tensor& pointwise_filter,
                        const Sizes& strides, const Padding& padding, const ConvOptions& options) {
  const TensorShape& p = pointwise_filter.shape();
  if (p.rank() != 4 || (p.dim(0) != None && p.dim(0) != 1) || (p.dim(1) != None && p.dim(1) != 1))
    throw InvalidArgumentError("[separable_conv2d] pointwise_filter must have shape [1, 1, in, out], got " + p.debug_string());
  const Tensor depthwise = depthwise_conv2d(input, depthwise_filter, strides, padding, options);
  return conv2d(depthwise, pointwise_filter, 1, "VALID", {.data_format = options.data_format});
}

Tensor max_pool1d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                  const std::string& data_format) {
  return pool_1d("max_pool1d", input, ksize, strides, padding, data_format, &max_pool2d);
}

Tensor avg_pool1d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                  const std::string& data_format) {
  return pool_1d("avg_pool1d", input, ksize, strides, padding, data_format, &avg_pool2d);
}

Tensor max_pool(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                const std::string& data_format) {
  const int rank = spatial_rank("max_pool", input);
  if (rank == 1) return max_pool1d(input, ksize, strides, padding, data_format.empty() ? "NWC" : data_format);
  if (rank == 3) return max_pool3d(input, ksize, strides, pool3d_padding("max_pool", padding), data_format.empty() ? "NDHWC" : data_format);
  return max_pool2d(input, ksize, strides, padding, {.data_format = data_format.empty() ? "NHWC" : data_format});
}

Tensor avg_pool(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                const std::string& data_format) {
  const int rank = spatial_rank("avg_pool", input);
  if (rank == 1) return avg_pool1d(input, ksize, strides, padding, data_format.empty() ? "NWC" : data_format);
  if (rank == 3) return avg_pool3d(input, ksize, strides, pool3d_padding("avg_pool", padding), data_format.empty() ? "NDHWC" : data_format);
  return avg_pool2d(input, ksize, strides, padding, {.data_format = data_format.empty() ? "NHWC" : data_format});
}

}  // namespace tf::nn

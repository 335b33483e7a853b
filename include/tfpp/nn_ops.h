// Neural-network ops (tf.nn): convolutions, pooling, batch normalization and dropout.
//
// Images are NHWC ([batch, height, width, channels]) unless data_format says "NCHW";
// filters are HWIO ([height, width, in_channels, out_channels]). Padding is "SAME",
// "VALID" or explicit per-dimension pairs, as in TensorFlow:
//
//   tf::nn::conv2d(x, w, 1, "VALID");
//   tf::nn::conv2d(x, w, {1, 2, 2, 1}, {{0, 0}, {1, 1}, {2, 2}, {0, 0}}, {.dilations = 2});
//   tf::nn::max_pool2d(x, 2, 2, "SAME");
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::nn {

/// An int or a list of ints (strides, dilations, ksize): TensorFlow accepts 1, 2 or 4 values.
class Sizes {
 public:
  /// One value for every spatial dimension.
  Sizes(std::int64_t value) : values_{value} {}
  /// 1, 2 (spatial) or 4 (every dimension) values.
  Sizes(std::initializer_list<std::int64_t> values) : values_(values) {}
  /// As above, from a vector.
  Sizes(std::vector<std::int64_t> values) : values_(std::move(values)) {}
  /// The values as given.
  const std::vector<std::int64_t>& values() const { return values_; }

 private:
  std::vector<std::int64_t> values_;
};

/// "SAME", "VALID", or explicit (before, after) pairs for each of the 4 dimensions.
class Padding {
 public:
  /// "SAME" or "VALID".
  Padding(const char* name) : name_(name) {}
  /// "SAME" or "VALID".
  Padding(std::string name) : name_(std::move(name)) {}
  /// Explicit padding: {{0, 0}, {top, bottom}, {left, right}, {0, 0}} for NHWC.
  Padding(std::initializer_list<std::array<std::int64_t, 2>> pairs);
  /// "SAME", "VALID" or "EXPLICIT".
  const std::string& name() const { return name_; }
  /// The flattened explicit pairs (empty unless name() is "EXPLICIT").
  const std::vector<std::int64_t>& explicit_paddings() const { return explicit_; }

 private:
  std::string name_;
  std::vector<std::int64_t> explicit_;
};

/// Options of conv2d and depthwise_conv2d.
struct ConvOptions {
  Sizes dilations = 1;                ///< spacing between filter taps
  std::string data_format = "NHWC";   ///< "NHWC" or "NCHW"
};

/// 2-D convolution (tf.nn.conv2d): input NHWC, filters HWIO.
Tensor conv2d(const Tensor& input, const Tensor& filters, const Sizes& strides, const Padding& padding,
              const ConvOptions& options = {});
/// Depthwise 2-D convolution (tf.nn.depthwise_conv2d): filters [h, w, in_channels, multiplier];
/// strides is an int or 1, 2 or 4 values.
Tensor depthwise_conv2d(const Tensor& input, const Tensor& filter, const Sizes& strides, const Padding& padding,
                        const ConvOptions& options = {});
/// The transpose of conv2d (tf.nn.conv2d_transpose, TensorFlow's Conv2DBackpropInput op): filters
/// [h, w, output_channels, input_channels]; output_shape is the int32/int64 vector of the
/// result's 4 sizes, which conv2d with the same strides and padding maps back to input's shape.
Tensor conv2d_transpose(const Tensor& input, const Tensor& filters, const Tensor& output_shape, const Sizes& strides,
                        const Padding& padding, const ConvOptions& options = {});

/// Options of the pooling ops.
struct PoolOptions {
  std::string data_format = "NHWC";  ///< "NHWC" or "NCHW"
};

/// Max pooling over 2-D windows (tf.nn.max_pool2d); padding "SAME" or "VALID".
Tensor max_pool2d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                  const PoolOptions& options = {});
/// Average pooling over 2-D windows (tf.nn.avg_pool2d); padded positions are not counted.
Tensor avg_pool2d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                  const PoolOptions& options = {});

/// (x - mean) * scale / sqrt(variance + variance_epsilon) + offset, broadcasting
/// (tf.nn.batch_normalization); offset and scale may be undefined tensors (None).
Tensor batch_normalization(const Tensor& x, const Tensor& mean, const Tensor& variance, const Tensor& offset,
                           const Tensor& scale, double variance_epsilon);

/// Options of dropout.
struct DropoutOptions {
  std::optional<std::int64_t> seed;  ///< op seed, combined with the global seed like the random ops
  /// Shape of the keep/drop draw, broadcast over x (size 1 shares a draw along an axis; -1 takes
  /// x's size); empty: x's shape.
  std::vector<std::int64_t> noise_shape = {};
};

/// Zeroes each element with probability `rate` and scales the rest by 1 / (1 - rate) (tf.nn.dropout);
/// with noise_shape, whole slices along its size-1 axes are kept or dropped together.
Tensor dropout(const Tensor& x, double rate, const DropoutOptions& options = {});
/// dropout whose keep/drop draw depends only on `seed`, two int32/int64 values
/// (tf.nn.experimental.stateless_dropout): the same seed drops TensorFlow's elements.
Tensor stateless_dropout(const Tensor& x, double rate, const Tensor& seed,
                         const std::vector<std::int64_t>& noise_shape = {});

}  // namespace tf::nn

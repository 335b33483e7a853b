// Helpers the spatial layers (convolution, pooling, padding, upsampling) share: tuples given as
// one value or one per spatial dimension, data formats, Keras' input-spec messages.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/config.h"
#include "tfpp/nn_ops.h"
#include "tfpp/tensor.h"

namespace tf::keras::detail {

/// `sizes` as `rank` positive values (one value repeats), or an InvalidArgumentError naming the
/// layer and the argument (Keras' standardize_tuple).
std::vector<std::int64_t> spatial_tuple(const std::string& layer, const nn::Sizes& sizes, int rank, const char* what,
                                        bool allow_zero = false);
/// An int or a list of ints from a config, as nn::Sizes.
nn::Sizes sizes_from(const ConfigValue& value);
/// Checks `data_format` is "channels_last" or "channels_first"; true for channels_first.
bool channels_first(const std::string& layer, const std::string& data_format);
/// Lower-cased padding after checking it is one of `allowed` ("valid", "same", "causal").
std::string padding_mode(const std::string& layer, const std::string& padding, const std::vector<std::string>& allowed);
/// A channels_first tensor of rank r as channels_last (channels moved from axis 1 to the end).
Tensor to_channels_last(const Tensor& x);
/// A channels_last tensor back to channels_first.
Tensor to_channels_first(const Tensor& x);
/// Throws Keras' input-spec error unless `shape` has rank `ndim` (or at least `ndim` when `at_least`).
void require_rank(const std::string& layer, const TensorShape& shape, int ndim, bool at_least = false);
/// The channel axis' size, which must be known (a build-time error otherwise).
std::int64_t known_channels(const std::string& layer, const TensorShape& shape, bool channels_first);
/// (x - 1) * stride + window output size of one transposed-convolution dimension, as Keras
/// computes it (compute_conv_transpose_output_shape).
std::int64_t conv_transpose_size(std::int64_t in, std::int64_t kernel, std::int64_t stride, const std::string& padding,
                                 std::optional<std::int64_t> output_padding, std::int64_t dilation);
/// Throws Keras' error for a non-positive `what` argument (filters, groups, ...).
void check_positive(const std::string& layer, const char* what, std::int64_t value);
/// A tuple as Python prints it: "(2, 2)", "(2,)".
std::string tuple_text(const std::vector<std::int64_t>& values);
/// Keras' rule: strides and dilation_rate may not both exceed 1.
void check_strides_dilation(const std::string& layer, const std::vector<std::int64_t>& strides,
                            const std::vector<std::int64_t>& dilation);
/// "SAME" / "VALID" for tf::nn ops.
inline std::string op_padding(const std::string& mode) { return mode == "same" ? "SAME" : "VALID"; }
/// `config` with Keras' default pool_size of the max pooling layers (2 on every axis) where it
/// has none, as Python's MaxPooling2D() makes it; the average pooling layers have no default.
Config with_max_pooling_default(const Config& config);

}  // namespace tf::keras::detail

// Attributes and output sizes shared by the 2-D window ops (convolutions and pooling):
// strides, dilations, window sizes, padding ("SAME", "VALID", "EXPLICIT") and data format.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ops/op_def.h"
#include "tfpp/nn_ops.h"

namespace tf::ops::nn {

enum class PaddingKind { kSame, kValid, kExplicit };

/// Where the height, width and channel dimensions sit in a 4-D tensor.
struct Layout {
  int h, w, c;
};

/// The window attributes of one call, validated; spatial values are (height, width).
struct Window {
  Layout layout{1, 2, 3};
  bool nchw = false;
  std::array<std::int64_t, 2> ksize{1, 1}, stride{1, 1}, dilation{1, 1};
  PaddingKind padding = PaddingKind::kValid;
  std::array<std::int64_t, 4> explicit_pads{};  ///< top, bottom, left, right
};

/// One spatial dimension's output size and padding; out is tf::None when the input is unknown.
struct SpatialSize {
  std::int64_t out, pad_before, pad_after;
};

/// "[1,2,3]", for messages about attribute lists.
std::string list_string(const std::vector<std::int64_t>& values);
/// Reads `data_format` and checks it is "NHWC" or "NCHW".
Layout parse_layout(const OpContext& ctx, const std::string& data_format, bool* nchw = nullptr);
/// Checks a 4-value attribute (`what`: "strides", ...) is positive and 1 on batch and channels,
/// and returns its (height, width) values.
std::array<std::int64_t, 2> spatial_values(const OpContext& ctx, const std::vector<std::int64_t>& values,
                                           const Layout& layout, const char* what);
/// Parses "SAME"/"VALID"/"EXPLICIT" and, for EXPLICIT, the 8 explicit paddings.
void parse_padding(const OpContext& ctx, const std::string& padding, const std::vector<std::int64_t>& explicit_paddings,
                   Window& window, bool allow_explicit);

/// Output size and padding of one spatial dimension of size `in` (tf::None if unknown).
SpatialSize spatial_size(const OpContext& ctx, const Window& window, int dim, std::int64_t in);

/// Checks a tensor has rank 4 (when its rank is known), naming `what` in the error.
void check_rank4(const OpContext& ctx, const TensorShape& shape, const char* what);

/// Turns the public Sizes into the 4 values ops take, for this data format.
std::vector<std::int64_t> expand_sizes(const char* op, const tf::nn::Sizes& sizes, const std::string& data_format,
                                       const char* what);

}  // namespace tf::ops::nn

// Attributes and output sizes shared by the 3-D window ops (Conv3D, its backprops and the 3-D
// pooling ops): 5-value ksize/strides/dilations, "SAME"/"VALID" padding and the NDHWC/NCDHW
// data format. Spatial triples are (depth, height, width).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ops/op_def.h"
#include "tfpp/nn_ops.h"

namespace tf::ops::nn {

/// The validated window attributes of one 3-D call.
struct Window3D {
  bool ncdhw = false;
  int channel_axis = 4;                      ///< 4 (NDHWC) or 1 (NCDHW)
  std::array<int, 3> spatial_axes{1, 2, 3};  ///< the depth, height and width axes
  std::array<std::int64_t, 3> ksize{1, 1, 1}, stride{1, 1, 1}, dilation{1, 1, 1};
  bool same = false;  ///< "SAME", else "VALID"
};

/// Reads data_format ("NDHWC" or "NCDHW") and padding ("SAME" or "VALID").
Window3D parse_window3d(const OpContext& ctx, const std::string& data_format, const std::string& padding);
/// Checks a 5-value attribute (`what`: "strides", ...) is positive and 1 on batch and channels,
/// and returns its spatial values.
std::array<std::int64_t, 3> spatial_values3d(const OpContext& ctx, const std::vector<std::int64_t>& values,
                                             const Window3D& window, const char* what);
/// Output size and padding (before, after) of spatial dimension `dim` of size `in` (tf::None if unknown).
std::array<std::int64_t, 3> spatial_size3d(const OpContext& ctx, const Window3D& window, int dim, std::int64_t in);
/// Checks a tensor has rank 5 (when its rank is known), naming `what` in the error.
void check_rank5(const OpContext& ctx, const TensorShape& shape, const char* what);
/// The shape from a 5-value int32/int64 vector input (all unknown while it is symbolic); `what` names it.
TensorShape sizes_input5(const OpContext& ctx, const Tensor& sizes, const char* what);

/// Turns the public Sizes (1, 3 or 5 values) into the 5 values the ops take, for this data format.
std::vector<std::int64_t> expand_sizes3d(const char* op, const tf::nn::Sizes& sizes, const std::string& data_format,
                                         const char* what);

}  // namespace tf::ops::nn

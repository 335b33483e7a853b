// The attributes every pooling op takes first (ksize, strides, padding, data_format) and the
// geometry they give, shared by the pooling ops of pool_ops.cc and max_pool_with_argmax_ops.cc.
#pragma once

#include <cstdint>

#include "kernels/cpu/pool.h"
#include "ops/op_def.h"

namespace tf::ops::nn {

/// Positions of the pooling attributes.
enum PoolAttr { kKsize, kStrides, kPadding, kDataFormat };

/// Validates a pooling of `input` and returns its sizes (tf::None where the input is unknown).
kernels::PoolGeometry pool_geometry(const OpContext& ctx, const TensorShape& input);
/// Ops that keep an argmax: every window position must fit in an int32 (when the sizes are known).
void check_argmax_fits(const OpContext& ctx, const kernels::PoolGeometry& g);
/// The shape of an image batch of this pooling with spatial sizes h and w, in its layout.
TensorShape image_shape(const kernels::PoolGeometry& g, std::int64_t h, std::int64_t w);

}  // namespace tf::ops::nn

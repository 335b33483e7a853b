// tf.space_to_batch_nd (tf.space_to_batch, tf.nn.space_to_batch) and tf.batch_to_space:
// moving blocks of the spatial dimensions into the batch dimension and back, as atrous
// (dilated) convolutions do.
//
//   // [1, 4, 4, 1] -> [4, 2, 2, 1]: each 2x2 block position becomes a batch entry
//   tf::Tensor b = tf::space_to_batch_nd(image, {2, 2}, tf::constant({{0, 0}, {0, 0}}));
//   tf::batch_to_space_nd(b, {2, 2}, tf::constant({{0, 0}, {0, 0}}));   // image again
#pragma once

#include "tfpp/array_ops.h"

namespace tf {

/// Zero-pads the M spatial dimensions (1..M) by `paddings` ([M, 2]: before, after) and moves each
/// block_shape block of them into the batch: [batch, *spatial, *rest] ->
/// [batch * prod(block_shape), *(padded / block_shape), *rest] (SpaceToBatchND).
Tensor space_to_batch_nd(const Tensor& input, const IntArray& block_shape, const IntArray& paddings);

/// The inverse: moves batch blocks back into the spatial dimensions, then crops them by `crops`
/// ([M, 2]) (BatchToSpaceND).
Tensor batch_to_space_nd(const Tensor& input, const IntArray& block_shape, const IntArray& crops);

}  // namespace tf

// The generator of a stateless random op from its [2] int32/int64 seed input.
#pragma once

#include "kernels/cpu/philox.h"
#include "ops/op_def.h"
#include "tfpp/tensor.h"

namespace tf::ops {

/// TensorFlow's GenerateKey: the two seed values, as a counter under a fixed key, give the key
/// and the upper half of the counter of the generator. `seed` is concrete and already checked.
kernels::Philox stateless_philox(const Tensor& seed);

/// Fails the shape function unless input `i` is an int32/int64 seed of shape [2].
void check_stateless_seed(const OpContext& ctx, std::size_t i);

}  // namespace tf::ops

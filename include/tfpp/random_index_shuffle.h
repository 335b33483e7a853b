// tf.random_index_shuffle: a stateless, seeded bijection of [0, max_index], so element i of a
// shuffled range can be computed without shuffling the range (op RandomIndexShuffle).
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::random {

/// The position of `index` in a random permutation of [0, max_index] fixed by `seed`, as
/// TensorFlow computes it bit for bit. `index` and `max_index` share one of int32, int64,
/// uint32, uint64 and are scalars or [n] vectors; `seed` is [3] or [n, 3] of any of those
/// dtypes; `rounds` is even and at least 4. The result has index's dtype, scalar when all
/// inputs are scalars (a [3] seed), else [n].
Tensor random_index_shuffle(const Tensor& index, const Tensor& seed, const Tensor& max_index, std::int64_t rounds = 4);

}  // namespace tf::random

// tf.random.experimental.stateless_shuffle: a tensor's first dimension permuted as a seed
// decides, the same order for the same seed (ops StatelessRandomGetKeyCounter and
// StatelessShuffle).
#pragma once

#include "tfpp/random_generator.h"
#include "tfpp/tensor.h"

namespace tf::random {

/// `value` with its first dimension permuted as the int32/int64 [2] `seed` decides, TensorFlow's
/// permutation bit for bit. tfpp implements Philox, which auto-select picks; Threefry is an
/// InvalidArgumentError as on TensorFlow's CPU.
Tensor stateless_shuffle(const Tensor& value, const Tensor& seed, Algorithm alg = Algorithm::kAutoSelect);

}  // namespace tf::random

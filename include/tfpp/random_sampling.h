// Sampling from tensors and managing stateless seeds: tf.random.categorical,
// stateless_categorical, shuffle, split, fold_in, and full-range stateless integers.
//
// Seeds follow tfpp/random_ops.h: stateful ops combine an optional op seed with the global seed
// (tf::random::get_seed); stateless ops take a [2] int32/int64 seed and give TensorFlow's numbers
// for it bit for bit.
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::random {

/// Options of tf::random::categorical.
struct CategoricalOptions {
  DType dtype = int64;               ///< int32 or int64 class indices
  std::optional<std::int64_t> seed;  ///< op seed, combined with the global seed
};

/// `num_samples` class indices per row of the [batch, classes] float `logits`, drawn with
/// probabilities softmax(logits) (tf.random.categorical; op Multinomial): [batch, num_samples].
Tensor categorical(const Tensor& logits, std::int64_t num_samples, const CategoricalOptions& options = {});
/// tf.random.stateless_categorical (op StatelessMultinomial): the samples depend only on `seed`.
Tensor stateless_categorical(const Tensor& logits, std::int64_t num_samples, const IntArray& seed,
                             DType dtype = int64);

/// `value` with its first dimension randomly permuted (tf.random.shuffle; op RandomShuffle).
Tensor shuffle(const Tensor& value, std::optional<std::int64_t> seed = std::nullopt);

/// Integers over the whole int32, int64, uint32 or uint64 range that depend only on `seed`
/// (tf.random.stateless_uniform with an integer dtype and no bounds; op StatelessRandomUniformFullInt).
Tensor stateless_uniform_full_int(const IntArray& shape, const IntArray& seed, DType dtype = int64);

/// `num` new seeds, a [num, 2] tensor of `seed`'s dtype, from one seed (tf.random.split).
Tensor split(const Tensor& seed, std::int64_t num = 2);
/// A new seed from `seed` and an int32/int64 scalar `data` (tf.random.fold_in): [x, data], x
/// drawn from `seed` with data's dtype.
Tensor fold_in(const Tensor& seed, const Tensor& data);

}  // namespace tf::random

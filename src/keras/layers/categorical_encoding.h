// Keras' encode_categorical_inputs: integer ids as one-hot, multi-hot or count vectors, shared by
// CategoryEncoding, Hashing, StringLookup, IntegerLookup and TextVectorization.
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/tensor.h"

namespace tf::keras::detail {

/// `ids` encoded as Keras does with the TensorFlow backend: "int" casts; "one_hot" adds `depth`
/// entries (a scalar counts as one id, a last dimension of size 1 beyond the first is replaced; ids
/// outside [0, depth) give zeros, as tf.one_hot); "multi_hot" and "count" replace the last
/// dimension by `depth` entries, counting each id (weighted by `count_weights` when defined). Ids
/// at or past `depth` are dropped; negative ids raise as TensorFlow's bincount does.
Tensor encode_categorical(const Tensor& ids, const std::string& output_mode, std::int64_t depth, DType dtype,
                          const Tensor& count_weights = {});

}  // namespace tf::keras::detail

#include "keras/layers/categorical_encoding.h"

#include "tfpp/array_ops.h"
#include "tfpp/counting_ops.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::detail {

Tensor encode_categorical(const Tensor& ids, const std::string& output_mode, std::int64_t depth, DType dtype,
                          const Tensor& count_weights) {
  if (output_mode == "int") return cast(ids, dtype);
  Tensor x = ids.shape().rank() == 0 ? expand_dims(ids, -1) : ids;
  if (x.shape().has_unknown_rank()) throw InvalidArgumentError("[CategoryEncoding] needs inputs of known rank");
  if (output_mode == "one_hot") {  // Keras: a last dimension of 1 is replaced, any other is kept
    if (x.shape().rank() > 1 && x.shape().dim(-1) == 1) x = squeeze(x, {-1});
    return one_hot(x, depth, {.dtype = dtype});
  }
  if (x.shape().rank() <= 2) {
    // TensorFlow's fast path: one bincount per row.
    Tensor counts = math::bincount(x, {.weights = count_weights,
                                       .minlength = depth,
                                       .maxlength = depth,
                                       .dtype = int64,
                                       .axis = x.shape().rank() == 2 ? -1 : 0,
                                       .binary_output = output_mode != "count"});
    // The static shape for traced callers (Dense after StringLookup): `depth` bins per row.
    counts = x.shape().rank() == 2 ? reshape(counts, {-1, depth}) : reshape(counts, {depth});
    return cast(counts, count_weights.defined() ? count_weights.dtype() : dtype);
  }
  // Higher ranks: one-hot vectors of the last dimension, then reduced over it.
  Tensor hot = one_hot(x, depth, {.dtype = count_weights.defined() ? count_weights.dtype() : dtype});
  if (output_mode == "multi_hot") return reduce_max(hot, {-2});
  if (count_weights.defined()) hot = hot * expand_dims(count_weights, -1);
  return reduce_sum(hot, {-2});
}

}  // namespace tf::keras::detail

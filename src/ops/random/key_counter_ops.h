// Draws from the V2 stateless ops, whose generator is an explicit Philox key and counter:
// tf.random.Generator reads its state's key and counter and draws with these.
#pragma once

#include <cstdint>
#include <utility>

#include "ops/random/fill_distribution.h"
#include "tfpp/tensor.h"

namespace tf::ops {

/// The key and counter TensorFlow's GenerateKey makes of an int32/int64 [2] `seed`
/// (StatelessRandomGetKeyCounter).
std::pair<Tensor, Tensor> stateless_key_counter(const Tensor& seed);

/// The distributions of the float V2 ops.
/// Standard normal, [0, 1) uniform or truncated normal values of `dtype` (StatelessRandomNormalV2,
/// StatelessRandomUniformV2, StatelessTruncatedNormalV2); key int64 [1], counter int64 [2], alg int32.
Tensor key_counter_draw(Distribution distribution, const TensorShape& shape, DType dtype, const Tensor& key,
                        const Tensor& counter, const Tensor& alg);
/// Integers in [minval, maxval) (StatelessRandomUniformIntV2).
Tensor key_counter_uniform_int(const TensorShape& shape, DType dtype, const Tensor& key, const Tensor& counter,
                               const Tensor& alg, std::int64_t minval, std::int64_t maxval);
/// Integers over the dtype's whole range (StatelessRandomUniformFullIntV2).
Tensor key_counter_full_int(const TensorShape& shape, DType dtype, const Tensor& key, const Tensor& counter,
                            const Tensor& alg);

}  // namespace tf::ops

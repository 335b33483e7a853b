// Where a stateless random op's generator comes from: a [2] int32/int64 seed (the V1 ops,
// scrambled as TensorFlow's GenerateKey does), or an explicit Philox key and counter (the V2
// ops, which tf.random.Generator draws with).
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

/// The V1 ops' inputs: the seed.
struct SeedSource {
  static constexpr int kInputs = 1;
  static void check(const OpContext& ctx) { check_stateless_seed(ctx, 0); }
  static kernels::Philox generator(const OpContext& ctx) { return stateless_philox(ctx.input(0)); }
};

/// The V2 ops' inputs: key (int64 [1]), counter (int64 [2], low word first) and alg (int32
/// scalar, 1 = Philox or 3 = auto-select). TensorFlow's key and counter are uint64; tfpp
/// carries the same bits as int64.
struct KeyCounterSource {
  static constexpr int kInputs = 3;
  static void check(const OpContext& ctx);
  static kernels::Philox generator(const OpContext& ctx);
};

}  // namespace tf::ops

// Where a stateless random op's generator comes from: a [2] int32/int64 seed (the V1 ops,
// scrambled as TensorFlow's GenerateKey does), or an explicit Philox key and counter (the V2
// ops, which tf.random.Generator draws with).
#pragma once

#include "kernels/cpu/philox.h"
#include "ops/op_def.h"
#include "tfpp/tensor.h"

namespace tf::ops {

/// A generator's key and counter as the V2 ops take them (TensorFlow's uint64 words; tfpp's
/// tensors carry the same bits as int64): counter[0] is the low word.
struct KeyCounter {
  std::uint64_t key;
  std::uint64_t counter[2];
};

/// TensorFlow's GenerateKey: the two seed values, as a counter under a fixed key, give the key
/// and the upper half of the counter of the generator. `seed` is concrete and already checked.
KeyCounter scrambled_key_counter(const Tensor& seed);
/// The Philox generator of a key and counter.
kernels::Philox key_counter_philox(const KeyCounter& kc);
/// key_counter_philox of scrambled_key_counter: the V1 ops' generator.
kernels::Philox stateless_philox(const Tensor& seed);

/// Fails the shape function unless inputs first, first + 1 and first + 2 are a V2 op's key
/// (int64 [1]), counter (int64 [2]) and alg (int32 scalar, 1 = Philox or 3 = auto-select).
void check_key_counter_alg(const OpContext& ctx, std::size_t first);
/// The key and counter inputs at `first` and first + 1.
KeyCounter key_counter_of(const OpContext& ctx, std::size_t first);

/// Fails the shape function unless input `i` is an int32/int64 seed of shape [2].
void check_stateless_seed(const OpContext& ctx, std::size_t i);

/// The V1 ops' inputs after the shape: the seed.
struct SeedSource {
  static constexpr int kInputs = 1;
  static void check(const OpContext& ctx) { check_stateless_seed(ctx, 1); }
  static kernels::Philox generator(const OpContext& ctx) { return stateless_philox(ctx.input(1)); }
};

/// The V2 ops' inputs after the shape: key (int64 [1]), counter (int64 [2], low word first) and alg (int32
/// scalar, 1 = Philox or 3 = auto-select). TensorFlow's key and counter are uint64; tfpp
/// carries the same bits as int64.
struct KeyCounterSource {
  static constexpr int kInputs = 3;
  static void check(const OpContext& ctx) { check_key_counter_alg(ctx, 1); }
  static kernels::Philox generator(const OpContext& ctx) { return key_counter_philox(key_counter_of(ctx, 1)); }
};

}  // namespace tf::ops

// tf.random.Generator: a random number generator whose state is a variable, so a program (or
// a traced function) draws a new stretch of numbers on every call and the state can be saved,
// reset and split. As TensorFlow's Philox generator, the state is an int64 [3] variable: a
// 128-bit counter (low word first) and a 64-bit key; each draw of n values uses the counter
// and advances it by 256 n, so a seed gives TensorFlow's numbers bit for bit.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf::random {

/// TensorFlow's tf.random.Algorithm ids. tfpp implements Philox (auto-select picks it, as on CPUs).
enum class Algorithm : std::int32_t { kPhilox = 1, kThreefry = 2, kAutoSelect = 3 };

/// The Philox state for an integer seed: [seed, 0, 0] (tf.random.create_rng_state).
Tensor create_rng_state(std::int64_t seed, Algorithm alg = Algorithm::kPhilox);

/// A stateful random number generator (tf.random.Generator). Copies share the state.
class Generator {
 public:
  /// A generator from a state tensor (int64 [3]; copied into a new variable).
  Generator(const Tensor& state, Algorithm alg);
  /// A generator seeded with `seed` (Generator.from_seed).
  static Generator from_seed(std::int64_t seed, Algorithm alg = Algorithm::kPhilox);
  /// A generator with a nondeterministic state (Generator.from_non_deterministic_state).
  static Generator from_non_deterministic_state(Algorithm alg = Algorithm::kPhilox);

  /// The state variable.
  const Variable& state() const { return state_; }
  /// The algorithm id.
  Algorithm algorithm() const { return alg_; }

  /// Normal values (Generator.normal).
  Tensor normal(const TensorShape& shape, double mean = 0.0, double stddev = 1.0, DType dtype = float32);
  /// Normal values within two standard deviations (Generator.truncated_normal).
  Tensor truncated_normal(const TensorShape& shape, double mean = 0.0, double stddev = 1.0, DType dtype = float32);
  /// Uniform values in [minval, maxval): maxval defaults to 1 for floats; integer dtypes need
  /// both bounds, or neither for the whole range (Generator.uniform).
  Tensor uniform(const TensorShape& shape, std::optional<double> minval = 0.0, std::optional<double> maxval = std::nullopt,
                 DType dtype = float32);
  /// Integers over the whole range of int32, int64, uint32 or uint64 (Generator.uniform_full_int).
  Tensor uniform_full_int(const TensorShape& shape, DType dtype = int64);
  /// `count` seeds for the stateless functions, an int64 [2, count] tensor (Generator.make_seeds).
  Tensor make_seeds(std::int64_t count = 1);
  /// `count` new generators with independent streams (Generator.split); advances this one.
  std::vector<Generator> split(std::int64_t count = 1);
  /// Advances the counter as a draw of `delta` values would (Generator.skip).
  void skip(std::int64_t delta);
  /// Sets the state to the one of from_seed(seed) (Generator.reset_from_seed).
  void reset_from_seed(std::int64_t seed);
  /// Sets the state (Generator.reset).
  void reset(const Tensor& state);

 private:
  // The state before advancing it by `n` draws: its key [1] and counter [2].
  std::pair<Tensor, Tensor> key_and_counter(std::int64_t n);

  Variable state_;
  Algorithm alg_;
};

/// The generator tf.random functions of this process share (tf.random.get_global_generator),
/// created nondeterministically on first use unless set.
Generator& get_global_generator();
/// Replaces the global generator (tf.random.set_global_generator).
void set_global_generator(const Generator& generator);

}  // namespace tf::random

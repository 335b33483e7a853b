// Random tensors: tf::random::normal, uniform, truncated_normal and the global seed, and the
// stateless variants whose numbers depend only on a seed pair (tf.random.stateless_*).
//
// Numbers come from the Philox4x32-10 counter-based generator, as in TensorFlow, so a seed
// gives the same numbers on every machine and for any thread count. Seeds combine as in
// TensorFlow: with tf::random::set_seed(g) and an op seed s, the op uses (g, s); with only a
// global seed, ops get successive seeds derived from it (reproducible after set_seed); with
// only an op seed, the global seed defaults to 87654321; with neither, numbers are
// nondeterministic. As TensorFlow's kernels do, a seeded op continues its stream from call to
// call: eager calls of one op with the same dtype and seeds share a stream (set_seed restarts
// it), and each random op in a traced function has its own, kept across the function's calls.
//
// Shapes are tf::IntArray: written inline ({2, 3}), a TensorShape, or a 1-D int32/int64 tensor,
// which may be symbolic inside tf::function (tf::random::normal(tf::shape(x))).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::random {

/// Options of tf::random::normal and truncated_normal.
struct NormalOptions {
  double mean = 0.0;                  ///< mean of the distribution
  double stddev = 1.0;                ///< standard deviation (before truncation)
  DType dtype = float32;              ///< float32 or float64
  std::optional<std::int64_t> seed;   ///< op seed, combined with the global seed
};

/// Options of tf::random::uniform.
struct UniformOptions {
  double minval = 0.0;                ///< inclusive lower bound
  std::optional<double> maxval;       ///< exclusive upper bound; 1 for floats, required for integers
  DType dtype = float32;              ///< float32, float64, int32 or int64
  std::optional<std::int64_t> seed;   ///< op seed, combined with the global seed
};

/// Normally distributed values of `shape` (tf.random.normal).
Tensor normal(const IntArray& shape, const NormalOptions& options = {});
/// Uniformly distributed values in [minval, maxval) of `shape` (tf.random.uniform).
Tensor uniform(const IntArray& shape, const UniformOptions& options = {});
/// Integers uniformly distributed in [minval, maxval) of `shape` (tf.random.uniform with an integer
/// dtype), where the shape and the bounds (int32 or int64 scalars of one dtype, the result's) are
/// tensors, which may be symbolic inside tf::function.
Tensor uniform(const IntArray& shape, const Tensor& minval, const Tensor& maxval,
               std::optional<std::int64_t> seed = std::nullopt);
/// Normal values more than two standard deviations from the mean are redrawn (tf.random.truncated_normal).
Tensor truncated_normal(const IntArray& shape, const NormalOptions& options = {});

/// Options of tf::random::stateless_normal and stateless_truncated_normal.
struct StatelessNormalOptions {
  double mean = 0.0;      ///< mean of the distribution
  double stddev = 1.0;    ///< standard deviation (before truncation)
  DType dtype = float32;  ///< float32 or float64
};
/// Options of tf::random::stateless_uniform.
struct StatelessUniformOptions {
  double minval = 0.0;             ///< inclusive lower bound
  std::optional<double> maxval;    ///< exclusive upper bound; 1 for floats, required for integers
  DType dtype = float32;           ///< float32, float64, int32, int64, or uint32/uint64 (full range, no maxval)
};
/// Normal values that depend only on `seed`, two int32/int64 values (tf.random.stateless_normal):
/// the same seed gives TensorFlow's numbers bit for bit.
Tensor stateless_normal(const IntArray& shape, const IntArray& seed, const StatelessNormalOptions& options = {});
/// Uniform values in [minval, maxval) that depend only on `seed` (tf.random.stateless_uniform).
Tensor stateless_uniform(const IntArray& shape, const IntArray& seed, const StatelessUniformOptions& options = {});
/// Integers in [minval, maxval) that depend only on `seed`, the bounds int32 or int64 scalars of one
/// dtype, the result's, which may be symbolic inside tf::function (tf.random.stateless_uniform).
Tensor stateless_uniform(const IntArray& shape, const IntArray& seed, const Tensor& minval, const Tensor& maxval);
/// Truncated normal values that depend only on `seed` (tf.random.stateless_truncated_normal).
Tensor stateless_truncated_normal(const IntArray& shape, const IntArray& seed,
                                  const StatelessNormalOptions& options = {});
/// Sets the global random seed (tf.random.set_seed) and restarts the sequence of op seeds
/// derived from it; std::nullopt clears it, as set_seed(None) does.
void set_seed(std::optional<std::int64_t> seed);

/// The (seed, seed2) pair an op with optional seed `op_seed` uses, by TensorFlow's rules;
/// (0, 0) means "pick nondeterministic seeds when the kernel runs" (tf.random.get_seed).
std::pair<std::int64_t, std::int64_t> get_seed(std::optional<std::int64_t> op_seed);

}  // namespace tf::random

// Random samples from parametrized distributions: tf.random.gamma (op RandomGamma, with
// TensorFlow's implicit-reparameterization gradient with respect to alpha) and tf.random.poisson
// (op RandomPoissonV2), and their stateless forms.
//
// Seeds follow tfpp/random_ops.h; each sample draws from its own stretch of the Philox stream,
// as in TensorFlow, so a seed gives TensorFlow's numbers for any thread count.
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::random {

/// Options of tf::random::gamma.
struct GammaOptions {
  std::optional<Tensor> beta;        ///< inverse scale, broadcast with alpha (default 1)
  std::optional<std::int64_t> seed;  ///< op seed, combined with the global seed
};

/// Gamma(alpha, beta) samples of shape `shape` + broadcast(alpha, beta).shape, in alpha's dtype
/// (float32 or float64), at least the dtype's smallest normal number (tf.random.gamma).
Tensor gamma(const TensorShape& shape, const Tensor& alpha, const GammaOptions& options = {});

/// Gamma(alpha, beta) samples of shape `shape`, which ends with broadcast(alpha, beta).shape, that
/// depend only on the [2] int32/int64 `seed` (tf.random.stateless_gamma; op
/// StatelessRandomGammaV2), differentiable in alpha.
Tensor stateless_gamma(const TensorShape& shape, const IntArray& seed, const Tensor& alpha,
                       const std::optional<Tensor>& beta = std::nullopt);

/// Options of tf::random::poisson.
struct PoissonOptions {
  DType dtype = float32;             ///< float32, float64, int32 or int64 counts
  std::optional<std::int64_t> seed;  ///< op seed, combined with the global seed
};

/// Poisson(lam) samples of shape `shape` + lam.shape (tf.random.poisson); lam is float32,
/// float64, int32 or int64. Not differentiable, as in TensorFlow.
Tensor poisson(const TensorShape& shape, const Tensor& lam, const PoissonOptions& options = {});
/// Poisson(lam) samples that depend only on the [2] int32/int64 `seed` (tf.random.stateless_poisson;
/// op StatelessRandomPoisson).
Tensor stateless_poisson(const TensorShape& shape, const IntArray& seed, const Tensor& lam, DType dtype = int32);

/// Binomial(counts, probs) samples of shape `shape`, whose trailing dimensions counts and probs
/// (float32/float64) broadcast to, that depend only on the [2] int32/int64 `seed`
/// (tf.random.stateless_binomial; op StatelessRandomBinomial).
Tensor stateless_binomial(const TensorShape& shape, const IntArray& seed, const Tensor& counts, const Tensor& probs,
                          DType output_dtype = int32);

}  // namespace tf::random

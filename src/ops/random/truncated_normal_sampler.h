// TensorFlow's sampler of normal values truncated to [minval, maxval] (its
// parameterized_truncated_normal_op.cc), Philox word for word: per parameter set it rejection
// samples from normals (bounds far out on one side), from uniforms on the interval (a narrow
// interval) or from an exponential (a bound far in the tail), with TensorFlow's arithmetic order.
//
// Note [TensorFlow's shards]: TensorFlow's kernels run their work in shards that Eigen's
// ThreadPoolDevice::parallelFor sizes from a cost per item and the pool's thread count, and each
// shard's generator starts at a counter computed from the shard's first item, then runs on
// sequentially. The numbers therefore depend on the shard boundaries; tensorflow_block_size gives
// Eigen's, for TensorFlow's default pool on this machine (one thread per schedulable CPU).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

#include "kernels/cpu/philox.h"

namespace tf::ops {

/// TensorFlow's rejection limit per sample.
inline constexpr int kTruncatedNormalMaxIterations = 1000;

/// Eigen's parallelFor block size for n items of `cost` cycles each on `threads` threads (n: one block).
std::int64_t tensorflow_block_size(std::int64_t n, double cost, int threads);
/// The thread count of TensorFlow's default intra-op pool here: the CPUs this process may run on.
int tensorflow_intra_op_threads();

/// TensorFlow's UniformDistribution and NormalDistribution over one Philox block: 4 floats or 2 doubles.
template <class T>
struct PhiloxDistributions {
  static constexpr int kCount = sizeof(T) == 4 ? 4 : 2;
  static std::array<T, kCount> uniform(kernels::Philox& gen) {
    const kernels::Philox::Block b = gen();
    if constexpr (kCount == 4)
      return {kernels::uint32_to_float(b[0]), kernels::uint32_to_float(b[1]), kernels::uint32_to_float(b[2]),
              kernels::uint32_to_float(b[3])};
    else
      return {kernels::uint64_to_double(b[0], b[1]), kernels::uint64_to_double(b[2], b[3])};
  }
  static std::array<T, kCount> normal(kernels::Philox& gen) {
    const kernels::Philox::Block b = gen();
    if constexpr (kCount == 4) {
      const auto x = kernels::box_muller_float(b[0], b[1]), y = kernels::box_muller_float(b[2], b[3]);
      return {x[0], x[1], y[0], y[1]};
    } else {
      return kernels::box_muller_double(b[0], b[1], b[2], b[3]);
    }
  }
};

/// One parameter set's sampler: TensorFlow's choice of method and its constants.
template <class T>
class TruncatedNormalSampler {
 public:
  /// Which rejection sampler failed, or none.
  enum class Failure { kNone, kNormal, kUniform, kExponential };

  /// The parameters must be valid (stddev > 0, minval < maxval, a finite bound).
  TruncatedNormalSampler(T mean, T stddev, T minval, T maxval) : mean_(mean), stddev_(stddev) {
    // Make a one-sided bound the lower one, or both bounds positive, by flipping the axis.
    if ((std::isinf(minval) && minval < T(0)) || maxval < mean) {
      std::swap(minval, maxval);
      stddev_ = -stddev_;
    }
    norm_min_ = (minval - mean_) / stddev_;
    norm_max_ = (maxval - mean_) / stddev_;
    const T sqrt_factor = std::sqrt((norm_min_ * norm_min_) + T(4));
    const T cutoff = T(2) * std::exp(T(0.5) + (norm_min_ * (norm_min_ - sqrt_factor)) / T(4)) / (norm_min_ + sqrt_factor);
    const T diff = norm_max_ - norm_min_;
    const T inside = T(1.3);  // kStdDevsInsideBoundsToUseRandnSampler
    if (((norm_min_ < -inside) && (norm_max_ >= T(0.))) || ((norm_max_ > inside) && (norm_min_ <= T(0.))))
      method_ = Method::kNormal;
    else if (diff < cutoff)
      method_ = Method::kUniform, diff_ = diff, plus_factor_ = (norm_min_ < T(0)) ? T(0) : norm_min_ * norm_min_;
    else
      method_ = Method::kExponential, alpha_ = (norm_min_ + std::sqrt((norm_min_ * norm_min_) + T(4))) / T(2);
  }

  /// Draws `count` samples from `gen`, handing sample k to out(k, value); stops at a failure.
  template <class Out>
  Failure run(kernels::Philox& gen, std::int64_t count, Out out) const {
    switch (method_) {
      case Method::kNormal: return normal(gen, count, out);
      case Method::kUniform: return uniform(gen, count, out);
      default: return exponential(gen, count, out);
    }
  }

 private:
  enum class Method { kNormal, kUniform, kExponential };
  using D = PhiloxDistributions<T>;
  static constexpr int kMax = kTruncatedNormalMaxIterations;

  template <class Out>
  Failure normal(kernels::Philox& gen, std::int64_t count, Out out) const {
    int iterations = 0;
    for (std::int64_t k = 0; k < count;) {
      for (const T x : D::normal(gen)) {
        if (x >= norm_min_ && x <= norm_max_) {
          out(k++, x * stddev_ + mean_);
          if (k >= count) break;
          iterations = 0;
        } else if (++iterations > kMax) {
          return Failure::kNormal;
        }
      }
    }
    return Failure::kNone;
  }

  template <class Out>
  Failure uniform(kernels::Philox& gen, std::int64_t count, Out out) const {
    int iterations = 0;
    for (std::int64_t k = 0; k < count;) {
      const auto rand = D::uniform(gen);
      std::array<T, D::kCount> z, g;
      for (int i = 0; i < D::kCount; ++i) {
        z[i] = rand[i] * diff_ + norm_min_;
        g[i] = (plus_factor_ - z[i] * z[i]) / T(2.0);
      }
      const auto u = D::uniform(gen);
      for (int i = 0; i < D::kCount; ++i) {
        const bool accept = u[i] <= std::exp(g[i]);
        if (accept || iterations + 1 >= kMax) {
          if (!accept) return Failure::kUniform;
          out(k++, z[i] * stddev_ + mean_);
          if (k >= count) break;
          iterations = 0;
        } else {
          ++iterations;
        }
      }
    }
    return Failure::kNone;
  }

  // Uses each block's values in pairs: the proposal from the first, the test from the second.
  template <class Out>
  Failure exponential(kernels::Philox& gen, std::int64_t count, Out out) const {
    int iterations = 0;
    for (std::int64_t k = 0; k < count;) {
      const auto rand = D::uniform(gen);
      for (int i = 0; i < D::kCount; i += 2) {
        const T z = -std::log(rand[i]) / alpha_ + norm_min_;
        const T x = norm_min_ < alpha_ ? alpha_ - z : norm_min_ - alpha_;
        const T g = std::exp(-x * x / T(2.0));
        const T u = rand[i + 1];
        const bool accept = (u <= g && z < norm_max_);
        if (accept || iterations + 1 >= kMax) {
          if (!accept) return Failure::kExponential;
          out(k++, z * stddev_ + mean_);
          if (k >= count) break;
          iterations = 0;
        } else {
          ++iterations;
        }
      }
    }
    return Failure::kNone;
  }

  T mean_, stddev_, norm_min_ = 0, norm_max_ = 0, diff_ = 0, plus_factor_ = 0, alpha_ = 0;
  Method method_ = Method::kNormal;
};

}  // namespace tf::ops

// Doubles drawn as TensorFlow's per-sample rejection samplers (RandomGamma, RandomPoissonV2)
// draw them: each output owns the Philox stream from block 256 * output, and takes uniform or
// normal doubles two per block, the second of each pair first (TensorFlow's UNIFORM macro).
#pragma once

#include <array>
#include <cstdint>

#include "kernels/cpu/philox.h"

namespace tf::ops {

/// Philox blocks reserved for each output of a rejection sampler.
inline constexpr std::uint64_t kBlocksPerSample = 256;

/// The generator of output `o`: `base` skipped to the output's own stretch.
inline kernels::Philox sample_generator(kernels::Philox base, std::int64_t o) {
  base.skip(kBlocksPerSample * static_cast<std::uint64_t>(o));
  return base;
}

/// Two doubles at a time from one Philox block, handed out last first.
class DoublePairs {
 public:
  /// The next uniform double in [0, 1).
  double uniform(kernels::Philox& gen) {
    if (left_ == 0) {
      const kernels::Philox::Block b = gen();
      values_ = {kernels::uint64_to_double(b[0], b[1]), kernels::uint64_to_double(b[2], b[3])}, left_ = 2;
    }
    return values_[--left_];
  }
  /// The next standard normal double (Box-Muller).
  double normal(kernels::Philox& gen) {
    if (left_ == 0) {
      const kernels::Philox::Block b = gen();
      values_ = kernels::box_muller_double(b[0], b[1], b[2], b[3]), left_ = 2;
    }
    return values_[--left_];
  }

 private:
  std::array<double, 2> values_{};
  int left_ = 0;
};

}  // namespace tf::ops

// What TensorFlow's per-sample rejection samplers (RandomGamma, RandomPoissonV2 and their
// stateless forms) share: each output owns the Philox stream from block 256 * output, and takes
// uniform or normal doubles two per block, the second of each pair first (TensorFlow's UNIFORM
// macro); and their output shapes.
#pragma once

#include <array>
#include <cstdint>

#include "kernels/cpu/philox.h"
#include "ops/op_def.h"

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

/// Adds the output of a sampler with parameters of shape `param` (alpha, rate): `shape` + param
/// for the stateful ops; `shape` itself for the stateless ones, which must end with `param`.
inline void add_sampler_output(ShapeContext& ctx, const TensorShape& shape, const TensorShape& param, DType dtype,
                               bool stateless) {
  if (!shape.is_fully_defined()) ctx.fail("the shape must be fully defined, got " + shape.debug_string());
  if (stateless) {
    bool ends_with = param.has_unknown_rank() || param.rank() <= shape.rank();
    for (int d = 0; ends_with && !param.has_unknown_rank() && d < param.rank(); ++d)
      ends_with = param.dim(d) < 0 || param.dim(d) == shape.dim(shape.rank() - param.rank() + d);
    if (!ends_with) ctx.fail("Shape passed in must end with broadcasted shape.");
    ctx.add_output(dtype, shape);
    return;
  }
  TensorShape out = shape;
  if (param.has_unknown_rank()) out = TensorShape::unknown_rank();
  else
    for (int d = 0; d < param.rank(); ++d) out.append(param.dim(d));
  ctx.add_output(dtype, out);
}

}  // namespace tf::ops

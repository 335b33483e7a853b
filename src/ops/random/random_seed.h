// Turning a random op's (seed, seed2) attributes into a Philox generator, and the streams that
// let a stateful random op continue its numbers from call to call.
#pragma once

#include <cstdint>

#include "kernels/cpu/philox.h"
#include "ops/op_def.h"

namespace tf::ops {

/// The generator for seeds (seed, seed2); (0, 0) asks for fresh nondeterministic seeds on
/// every call, as TensorFlow's kernels do, so an unseeded op inside a traced graph still
/// draws new numbers each time the graph runs.
kernels::Philox make_philox(std::int64_t seed, std::int64_t seed2);

/// Note [Random streams]: TensorFlow's stateful random kernels keep a Philox generator and
/// reserve a slice of its counter at every run (GuardedPhiloxRandom), so a seeded op gives
/// new numbers at each call and the same sequence after every reseeding. Kernels here are
/// functions, so the position lives in a stream passed as one more attribute after the op's
/// named ones (graph export leaves it out): eager calls of one op with the same dtype and
/// seeds share a stream, as TensorFlow's eager kernel cache shares a kernel, and
/// tf::random::set_seed restarts them; each traced call, a graph node, gets a stream of its
/// own, kept across the function's calls. Unseeded calls need none.
///
/// The stream attribute for a call of `op` drawing `dtype` with seeds (seed, seed2).
AttrValue random_stream(const OpDef& op, DType dtype, std::int64_t seed, std::int64_t seed2);

/// The kernel's generator for seeds (seed, seed2), at its stream's position, which then moves
/// past the `blocks` 128-bit outputs reserved (TensorFlow's ReserveSamples128).
kernels::Philox reserve_philox(const KernelContext& ctx, std::int64_t seed, std::int64_t seed2, std::uint64_t blocks);

/// TensorFlow's ReserveRandomOutputs(outputs, 256): the blocks a kernel filling `outputs`
/// values reserves.
constexpr std::uint64_t blocks_for_outputs(std::int64_t outputs) { return static_cast<std::uint64_t>(outputs) * 256; }
/// TensorFlow's ReserveSamples32(samples): 32-bit samples, four to a block.
constexpr std::uint64_t blocks_for_samples32(std::int64_t samples) { return (static_cast<std::uint64_t>(samples) + 3) / 4; }

}  // namespace tf::ops

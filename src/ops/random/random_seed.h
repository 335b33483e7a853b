// Turning a random op's (seed, seed2) attributes into a Philox generator, and the streams that
// let a stateful random op continue its numbers from call to call.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

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
/// The stream attribute for a call of `op` drawing `dtype` with seeds (seed, seed2); an op whose
/// shape is an input has a stream per shape dtype, as TensorFlow's kernel cache keys kernels by
/// every attribute (the shape's dtype is its `T`).
AttrValue random_stream(const OpDef& op, DType dtype, std::int64_t seed, std::int64_t seed2,
                        DType shape_dtype = DType::kInt32);

/// The kernel's generator for seeds (seed, seed2), at its stream's position, which then moves
/// past the `blocks` 128-bit outputs reserved (TensorFlow's ReserveSamples128).
kernels::Philox reserve_philox(const KernelContext& ctx, std::int64_t seed, std::int64_t seed2, std::uint64_t blocks);

/// Note [Random streams of dataset functions]: TensorFlow instantiates a dataset's functions
/// anew for each iterator it makes outside any other pass (an iterator resource owns its own
/// function library), so a seeded op in a `map` or `filter` function gives the same numbers in
/// every epoch, while the passes inside one iterator (repeat's epochs, interleave's inner
/// datasets) continue one stream. tfpp's traced ops keep one stream each, so an outermost pass
/// holds the positions of the streams its functions use and makes them current on the threads
/// that run its stages; while positions are current, every stream reads and moves its position
/// there instead of its own.
class RandomStreamPositions {
 public:
  /// The position of `stream`, moved past `blocks` (0 for a stream not yet used here).
  std::uint64_t reserve(const std::shared_ptr<const OpPayload>& stream, std::uint64_t blocks);

 private:
  std::mutex mutex_;
  // Keys keep their streams alive, so no later stream can take a used one's address.
  std::map<std::shared_ptr<const OpPayload>, std::uint64_t> next_block_;
};

/// The positions current on this thread, or nullptr outside any dataset pass.
RandomStreamPositions* current_random_stream_positions();

/// Makes `positions` current on this thread for the scope's lifetime.
class RandomStreamPositionsScope {
 public:
  explicit RandomStreamPositionsScope(RandomStreamPositions* positions);
  ~RandomStreamPositionsScope();
  RandomStreamPositionsScope(const RandomStreamPositionsScope&) = delete;
  RandomStreamPositionsScope& operator=(const RandomStreamPositionsScope&) = delete;

 private:
  RandomStreamPositions* previous_;
};

/// TensorFlow's ReserveRandomOutputs(outputs, 256): the blocks a kernel filling `outputs`
/// values reserves.
constexpr std::uint64_t blocks_for_outputs(std::int64_t outputs) { return static_cast<std::uint64_t>(outputs) * 256; }
/// TensorFlow's ReserveSamples32(samples): 32-bit samples, four to a block.
constexpr std::uint64_t blocks_for_samples32(std::int64_t samples) { return (static_cast<std::uint64_t>(samples) + 3) / 4; }

}  // namespace tf::ops

// The global seed (tf.random.set_seed), TensorFlow's rules for combining it with op seeds,
// generators for (seed, seed2) pairs, and the streams of stateful random ops.
#include "ops/random/random_seed.h"

#include <array>
#include <atomic>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <tuple>
#include <utility>

#include "ops/execute.h"
#include "tfpp/random_ops.h"

namespace tf {
namespace {

// TensorFlow's default graph seed, used when only an op seed is given.
constexpr std::int64_t kDefaultGraphSeed = 87654321;
constexpr std::int64_t kMaxInt32 = std::numeric_limits<std::int32_t>::max();

// Python's random.Random(seed): TensorFlow draws the op seeds of eager ops from one seeded with
// the global seed (context.internal_operation_seed: randint(0, 2**31 - 1)), so the same calls
// after tf.random.set_seed get TensorFlow's numbers. MT19937 seeded as CPython's init_by_array.
class PythonRandom {
 public:
  void seed(std::uint64_t value) {
    std::array<std::uint32_t, 2> key{static_cast<std::uint32_t>(value), static_cast<std::uint32_t>(value >> 32)};
    const std::size_t key_length = key[1] == 0 ? 1 : 2;
    init(19650218u);
    std::size_t i = 1, j = 0;
    for (std::size_t k = std::max(kN, key_length); k > 0; --k) {
      state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1664525u)) + key[j] + static_cast<std::uint32_t>(j);
      if (++i >= kN) state_[0] = state_[kN - 1], i = 1;
      if (++j >= key_length) j = 0;
    }
    for (std::size_t k = kN - 1; k > 0; --k) {
      state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1566083941u)) - static_cast<std::uint32_t>(i);
      if (++i >= kN) state_[0] = state_[kN - 1], i = 1;
    }
    state_[0] = 0x80000000u;
    index_ = kN;
  }
  // randint(0, 2**31 - 1): 32 random bits, redrawn until below 2**31.
  std::int64_t randint_int32() {
    std::uint32_t r;
    do r = next(); while (r >= 0x80000000u);
    return r;
  }

 private:
  static constexpr std::size_t kN = 624, kM = 397;
  void init(std::uint32_t s) {
    state_[0] = s;
    for (std::size_t i = 1; i < kN; ++i)
      state_[i] = 1812433253u * (state_[i - 1] ^ (state_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
  }
  std::uint32_t next() {
    if (index_ >= kN) {
      for (std::size_t i = 0; i < kN; ++i) {
        const std::uint32_t y = (state_[i] & 0x80000000u) | (state_[(i + 1) % kN] & 0x7fffffffu);
        state_[i] = state_[(i + kM) % kN] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
      }
      index_ = 0;
    }
    std::uint32_t y = state_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
  }
  std::array<std::uint32_t, kN> state_{};
  std::size_t index_ = kN;
};

// The eager streams, by op, dtype and seeds (Note [Random streams]).
using StreamKey = std::tuple<const ops::OpDef*, DType, std::int64_t, std::int64_t, DType>;

struct RandomStream final : ops::OpPayload {
  mutable std::atomic<std::uint64_t> next_block{0};
};

struct GlobalSeed {
  std::mutex mutex;
  std::optional<std::int64_t> seed;
  PythonRandom op_seeds;  // successive op seeds, restarted by set_seed
  std::map<StreamKey, std::shared_ptr<const RandomStream>> eager_streams;
};

GlobalSeed& global_seed() {
  static GlobalSeed state;
  return state;
}

// TensorFlow's _truncate_seed: seeds fold into [0, 2**31 - 1).
std::int64_t truncate_seed(std::int64_t seed) { return ((seed % kMaxInt32) + kMaxInt32) % kMaxInt32; }

}  // namespace

namespace random {

void set_seed(std::optional<std::int64_t> seed) {
  GlobalSeed& g = global_seed();
  std::lock_guard lock(g.mutex);
  g.seed = seed;
  if (seed) g.op_seeds.seed(static_cast<std::uint64_t>(*seed < 0 ? -*seed : *seed));
  g.eager_streams.clear();  // as TensorFlow clears its kernel cache
}

std::pair<std::int64_t, std::int64_t> get_seed(std::optional<std::int64_t> op_seed) {
  GlobalSeed& g = global_seed();
  std::lock_guard lock(g.mutex);
  std::pair<std::int64_t, std::int64_t> seeds;
  if (g.seed && op_seed) seeds = {truncate_seed(*g.seed), truncate_seed(*op_seed)};
  else if (g.seed) {
    ops::ExecutionContext* graph = ops::current_context();
    seeds = {truncate_seed(*g.seed), truncate_seed(graph ? graph->op_seeds_drawn++ : g.op_seeds.randint_int32())};
  }
  else if (op_seed) seeds = {kDefaultGraphSeed, truncate_seed(*op_seed)};
  else return {0, 0};
  // (0, 0) would mean "nondeterministic"; a user who gave seeds asked for determinism.
  if (seeds.first == 0 && seeds.second == 0) seeds.second = kMaxInt32;
  return seeds;
}

}  // namespace random

namespace ops {

kernels::Philox make_philox(std::int64_t seed, std::int64_t seed2) {
  if (seed == 0 && seed2 == 0) {
    thread_local std::mt19937_64 fresh{std::random_device{}()};
    return kernels::Philox(fresh(), fresh());
  }
  return kernels::Philox(static_cast<std::uint64_t>(seed), static_cast<std::uint64_t>(seed2));
}

AttrValue random_stream(const OpDef& op, DType dtype, std::int64_t seed, std::int64_t seed2, DType shape_dtype) {
  if (seed == 0 && seed2 == 0) return {};
  if (current_context()) return std::shared_ptr<const OpPayload>(std::make_shared<RandomStream>());
  GlobalSeed& g = global_seed();
  std::lock_guard lock(g.mutex);
  auto& stream = g.eager_streams[StreamKey{&op, dtype, seed, seed2, shape_dtype}];
  if (!stream) stream = std::make_shared<RandomStream>();
  return std::shared_ptr<const OpPayload>(stream);
}

kernels::Philox reserve_philox(const KernelContext& ctx, std::int64_t seed, std::int64_t seed2, std::uint64_t blocks) {
  kernels::Philox gen = make_philox(seed, seed2);
  const std::size_t at = ctx.op().attr_names.size();
  if (ctx.attrs().size() > at)
    if (const auto* payload = std::get_if<std::shared_ptr<const OpPayload>>(&ctx.attrs()[at])) {
      RandomStreamPositions* positions = current_random_stream_positions();
      gen.skip(positions ? positions->reserve(*payload, blocks)
                         : static_cast<const RandomStream&>(**payload).next_block.fetch_add(blocks));
    }
  return gen;
}

std::uint64_t RandomStreamPositions::reserve(const std::shared_ptr<const OpPayload>& stream, std::uint64_t blocks) {
  std::lock_guard lock(mutex_);
  std::uint64_t& next = next_block_[stream];
  return std::exchange(next, next + blocks);
}

namespace {
thread_local RandomStreamPositions* current_positions = nullptr;
}  // namespace

RandomStreamPositions* current_random_stream_positions() { return current_positions; }

RandomStreamPositionsScope::RandomStreamPositionsScope(RandomStreamPositions* positions)
    : previous_(std::exchange(current_positions, positions)) {}

RandomStreamPositionsScope::~RandomStreamPositionsScope() { current_positions = previous_; }

}  // namespace ops
}  // namespace tf

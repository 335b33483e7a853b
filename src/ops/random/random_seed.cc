// The global seed (tf.random.set_seed), TensorFlow's rules for combining it with op seeds,
// and generators for (seed, seed2) pairs.
#include "ops/random/random_seed.h"

#include <limits>
#include <mutex>
#include <random>

#include "tfpp/random_ops.h"

namespace tf {
namespace {

// TensorFlow's default graph seed, used when only an op seed is given.
constexpr std::int64_t kDefaultGraphSeed = 87654321;
constexpr std::int64_t kMaxInt32 = std::numeric_limits<std::int32_t>::max();

struct GlobalSeed {
  std::mutex mutex;
  std::optional<std::int64_t> seed;
  std::mt19937_64 op_seeds;  // successive op seeds, restarted by set_seed
};

GlobalSeed& global_seed() {
  static GlobalSeed state;
  return state;
}

}  // namespace

namespace random {

void set_seed(std::optional<std::int64_t> seed) {
  GlobalSeed& g = global_seed();
  std::lock_guard lock(g.mutex);
  g.seed = seed;
  if (seed) g.op_seeds.seed(static_cast<std::uint64_t>(*seed));
}

std::pair<std::int64_t, std::int64_t> get_seed(std::optional<std::int64_t> op_seed) {
  GlobalSeed& g = global_seed();
  std::lock_guard lock(g.mutex);
  std::pair<std::int64_t, std::int64_t> seeds;
  if (g.seed && op_seed) seeds = {*g.seed, *op_seed};
  else if (g.seed) seeds = {*g.seed, static_cast<std::int64_t>(g.op_seeds() % kMaxInt32)};
  else if (op_seed) seeds = {kDefaultGraphSeed, *op_seed};
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

}  // namespace ops
}  // namespace tf

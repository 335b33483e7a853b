// Keras 3's SeedGenerator: an int64 [seed, counter] variable read and advanced at every draw.
#include "tfpp/keras/seed_generator.h"

#include <random>

#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_ops.h"

namespace tf::keras {
namespace {

// Keras' make_default_seed draws from [1, 1e9] with Python's `random`, which
// keras.utils.set_random_seed seeds; here the global seed's sequence of op seeds plays that part.
std::int64_t default_seed() {
  const auto [global, op] = tf::random::get_seed(std::nullopt);
  if (global != 0 || op != 0) return op;
  thread_local std::mt19937_64 fresh{std::random_device{}()};
  return std::uniform_int_distribution<std::int64_t>(1, 1'000'000'000)(fresh);
}

}  // namespace

SeedGenerator::SeedGenerator(std::optional<std::int64_t> seed)
    : state_(constant(std::vector<std::int64_t>{seed.value_or(default_seed()), 0}, TensorShape({2})),
             {.name = "seed_generator_state", .trainable = false}) {}

Tensor SeedGenerator::next() {
  Tensor value = identity(state_.read_value());
  state_.assign_add(constant(std::vector<std::int64_t>{0, 1}, TensorShape({2})));
  return value;
}

Tensor int32_seed(const Tensor& seed) {
  if (seed.dtype() == int32) return seed;
  return cast(math::floormod(seed, scalar_like(seed, 2147483646.0)), int32);
}

}  // namespace tf::keras

// tf::random::Generator: draws read the state variable's key and counter and advance the
// counter in one RngReadAndSkip op, then sample with the V2 stateless ops from that key and
// counter (TensorFlow's Stateful*V2 ops do both in one kernel; the numbers are the same).
#include "tfpp/random_generator.h"

#include <random>

#include "ops/random/key_counter_ops.h"
#include "ops/random/rng_read_and_skip.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"

namespace tf::random {
namespace {

void check_algorithm(Algorithm alg) {
  if (alg != Algorithm::kPhilox && alg != Algorithm::kAutoSelect)
    throw InvalidArgumentError("[Generator] unsupported algorithm id " + std::to_string(static_cast<int>(alg)) +
                               " (tfpp implements Philox, 1, which auto-select picks)");
}

std::int64_t num_values(const TensorShape& shape) {
  if (!shape.is_fully_defined())
    throw InvalidArgumentError("[Generator] the shape must be fully defined, got " + shape.debug_string());
  return shape.num_elements();
}

Tensor alg_tensor(Algorithm alg) { return constant(static_cast<std::int32_t>(alg)); }

Variable state_variable(const Tensor& state) {
  if (state.num_elements() != 3 || !is_index_dtype(state.dtype()))
    throw InvalidArgumentError("[Generator] a Philox state is 3 int64 values, got " + std::string(dtype_name(state.dtype())) +
                               " " + state.shape().debug_string());
  return Variable(reshape(cast(state, int64), {3}), {.name = "StateVar", .trainable = false});
}

}  // namespace

Tensor create_rng_state(std::int64_t seed, Algorithm alg) {
  check_algorithm(alg);
  return constant(std::vector<std::int64_t>{seed, 0, 0});
}

Generator::Generator(const Tensor& state, Algorithm alg) : state_(state_variable(state)), alg_(alg) { check_algorithm(alg); }

Generator Generator::from_seed(std::int64_t seed, Algorithm alg) { return Generator(create_rng_state(seed, alg), alg); }

Generator Generator::from_non_deterministic_state(Algorithm alg) {
  std::random_device device;
  std::vector<std::int64_t> words(3);
  for (std::int64_t& w : words) w = static_cast<std::int64_t>((std::uint64_t{device()} << 32) | device());
  return Generator(constant(words), alg);
}

std::pair<Tensor, Tensor> Generator::key_and_counter(std::int64_t n) {
  const Tensor s = ops::rng_read_and_skip(state_.handle(), static_cast<std::int32_t>(alg_), n);
  return {strided_slice(s, {2}, {3}), strided_slice(s, {0}, {2})};
}

Tensor Generator::normal(const TensorShape& shape, double mean, double stddev, DType dtype) {
  const auto [key, counter] = key_and_counter(num_values(shape));
  const Tensor x = ops::key_counter_draw(ops::Distribution::kNormal, shape, dtype, key, counter, alg_tensor(alg_));
  return x * constant(stddev, dtype) + constant(mean, dtype);
}

Tensor Generator::truncated_normal(const TensorShape& shape, double mean, double stddev, DType dtype) {
  const auto [key, counter] = key_and_counter(num_values(shape));
  const Tensor x =
      ops::key_counter_draw(ops::Distribution::kTruncatedNormal, shape, dtype, key, counter, alg_tensor(alg_));
  return x * constant(stddev, dtype) + constant(mean, dtype);
}

Tensor Generator::uniform(const TensorShape& shape, std::optional<double> minval, std::optional<double> maxval,
                          DType dtype) {
  if (is_index_dtype(dtype)) {
    if (minval.has_value() != maxval.has_value())
      throw InvalidArgumentError("[Generator.uniform] For integer dtype " + std::string(dtype_name(dtype)) +
                                 ", minval and maxval must be both `None` or both non-`None`");
    if (!minval) return uniform_full_int(shape, dtype);
    const auto [key, counter] = key_and_counter(num_values(shape));
    return ops::key_counter_uniform_int(shape, dtype, key, counter, alg_tensor(alg_), static_cast<std::int64_t>(*minval),
                                        static_cast<std::int64_t>(*maxval));
  }
  const double lo = minval.value_or(0.0), hi = maxval.value_or(1.0);
  const auto [key, counter] = key_and_counter(num_values(shape));
  const Tensor x = ops::key_counter_draw(ops::Distribution::kUniform, shape, dtype, key, counter, alg_tensor(alg_));
  return x * constant(hi - lo, dtype) + constant(lo, dtype);
}

Tensor Generator::uniform_full_int(const TensorShape& shape, DType dtype) {
  const auto [key, counter] = key_and_counter(num_values(shape));
  return ops::key_counter_full_int(shape, dtype, key, counter, alg_tensor(alg_));
}

Tensor Generator::make_seeds(std::int64_t count) {
  const Tensor keys = uniform_full_int(TensorShape({count}), int64);
  return stack({keys, zeros_like(keys)});
}

std::vector<Generator> Generator::split(std::int64_t count) {
  const Tensor keys = uniform_full_int(TensorShape({count}), int64);
  std::vector<Generator> out;
  for (const Tensor& key : unstack(keys)) {
    const Tensor zero = constant(std::int64_t{0});
    out.emplace_back(stack({zero, zero, key}), alg_);
  }
  return out;
}

void Generator::skip(std::int64_t delta) { ops::rng_read_and_skip(state_.handle(), static_cast<std::int32_t>(alg_), delta); }

void Generator::reset_from_seed(std::int64_t seed) { state_.assign(create_rng_state(seed, alg_)); }

void Generator::reset(const Tensor& state) { state_.assign(reshape(cast(state, int64), {3})); }

namespace {
std::optional<Generator>& global_generator() {
  static std::optional<Generator> generator;
  return generator;
}
}  // namespace

Generator& get_global_generator() {
  std::optional<Generator>& g = global_generator();
  if (!g) g = Generator::from_non_deterministic_state();
  return *g;
}

void set_global_generator(const Generator& generator) { global_generator() = generator; }

}  // namespace tf::random

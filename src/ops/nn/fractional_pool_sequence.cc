// Fractional pooling's window boundaries as TensorFlow draws them (fractional_pool_common.cc):
// the same Philox words in the same order, so a seed gives TensorFlow's windows.
#include <algorithm>
#include <cmath>
#include <utility>

#include "ops/nn/fractional_pool.h"

namespace tf::ops::nn {
namespace {

// GuardedPhiloxRandom::ReserveSamples32(n): a copy of the generator for n 32-bit samples, the
// generator itself moved past the 128-bit blocks they take.
kernels::Philox reserve_samples32(kernels::Philox& generator, std::int64_t n) {
  kernels::Philox local = generator;
  generator.skip(static_cast<std::uint64_t>((n + 3) / 4));
  return local;
}

// The paper's pseudorandom sequence a_i = ceil(alpha * (i + u)), one uniform u for all i, with
// u kept below the bounds that keep the first and last windows between k and k + 1 wide.
// TensorFlow sets a_0 = 1 and a_N = input_length + 1 (so the differences are the window sizes).
std::vector<std::int64_t> pseudo_random_sizes(std::int64_t input_length, std::int64_t output_length,
                                              kernels::Philox& generator) {
  const double alpha = static_cast<double>(input_length) / static_cast<double>(output_length);
  const std::int64_t k = input_length / output_length;
  const double u_max1 = static_cast<double>(k + 2) / alpha - 1;
  const double u_max2 = static_cast<double>(input_length + 1 - k) / alpha - static_cast<double>(output_length - 1);
  kernels::Philox local = reserve_samples32(generator, 2);
  const kernels::Philox::Block words = local();  // SimplePhilox::RandDouble takes the first two words
  const double u = kernels::uint64_to_double(words[0], words[1]) * std::min(u_max1, u_max2);
  std::vector<std::int64_t> cum(static_cast<std::size_t>(output_length + 1));
  cum[0] = 1;
  cum[static_cast<std::size_t>(output_length)] = input_length + 1;
  for (std::int64_t i = 1; i < output_length; ++i)
    cum[static_cast<std::size_t>(i)] = static_cast<int>(std::ceil(alpha * (static_cast<double>(i) + u)));
  std::vector<std::int64_t> sizes(static_cast<std::size_t>(output_length));
  for (std::size_t i = 0; i < sizes.size(); ++i) sizes[i] = cum[i + 1] - cum[i];
  return sizes;
}

// input_length % output_length windows of k + 1 and the rest of k, shuffled by TensorFlow's
// RandomShuffle (one 32-bit word per swap, modulo the number of places left).
std::vector<std::int64_t> random_sizes(std::int64_t input_length, std::int64_t output_length,
                                       kernels::Philox& generator) {
  const std::int64_t k = input_length / output_length;
  std::vector<std::int64_t> sizes(static_cast<std::size_t>(output_length), k);
  for (std::int64_t i = 0; i < input_length % output_length; ++i) ++sizes[static_cast<std::size_t>(i)];
  kernels::Philox local = reserve_samples32(generator, output_length);
  kernels::Philox::Block words{};
  int used = 4;
  for (std::size_t i = 0; i + 1 < sizes.size(); ++i) {
    if (used == 4) words = local(), used = 0;  // SingleSampleAdapter: the words of a block in order
    const auto left = static_cast<std::uint32_t>(sizes.size() - i);
    std::swap(sizes[i], sizes[i + words[static_cast<std::size_t>(used++)] % left]);
  }
  return sizes;
}

}  // namespace

std::vector<std::int64_t> pooling_sequence(std::int64_t input_length, std::int64_t output_length,
                                           kernels::Philox& generator, bool pseudo_random) {
  const std::vector<std::int64_t> sizes = pseudo_random ? pseudo_random_sizes(input_length, output_length, generator)
                                                        : random_sizes(input_length, output_length, generator);
  std::vector<std::int64_t> cum(sizes.size() + 1, 0);
  for (std::size_t i = 0; i < sizes.size(); ++i) cum[i + 1] = cum[i] + sizes[i];
  return cum;
}

}  // namespace tf::ops::nn

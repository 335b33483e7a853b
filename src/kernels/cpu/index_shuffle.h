// TensorFlow's random_index_shuffle bijection: a Simon block cipher (Beaulieu et al., 2013) with a
// 3-word key and a block just wide enough for max_index (at least 16 bits, even), applied by
// cycle-walking until the value falls in [0, max_index]. Same key, index and max_index give
// TensorFlow's result bit for bit.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

namespace tf::kernels {

/// The position of `index` in a pseudorandom permutation of [0, max_index] fixed by `key`;
/// `rounds` is even and at least 4 (the caller checks).
inline std::uint64_t index_shuffle(std::uint64_t index, const std::array<std::uint32_t, 3>& key,
                                   std::uint64_t max_index, int rounds) {
  if (max_index == 0) return 0;
  // TensorFlow sizes the block by ceil(log2(max_index)), in double precision, as here.
  int block = static_cast<int>(std::ceil(std::log2(static_cast<double>(max_index))));
  block = std::min(std::max(block + block % 2, 16), 64);
  const int w = block / 2;
  const std::uint64_t mask = w == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1;
  const auto rotl = [&](std::uint64_t x, int r) { return ((x << r) | (x >> (w - r))) & mask; };
  const auto rotr = [&](std::uint64_t x, int r) { return ((x >> r) | (x << (w - r))) & mask; };
  const auto simon_f = [&](std::uint64_t x) { return (rotl(x, 1) & rotl(x, 8)) ^ rotl(x, 2); };

  // Simon's key schedule for three key words, its constants truncated to the word size.
  std::vector<std::uint64_t> round_keys = {key[0] & mask, key[1] & mask, key[2] & mask};
  const std::uint64_t c = 0xfffffffcULL & mask;
  std::uint64_t z = 0x7369f885192c0ef5ULL & mask;
  for (int i = 3; i < rounds; ++i, z >>= 1)
    round_keys.push_back(c ^ (z & 1) ^ round_keys[i - 3] ^ rotr(round_keys[i - 1], 3) ^ rotr(round_keys[i - 1], 4));

  std::uint64_t value = index;
  while (true) {
    std::uint64_t left = (value >> w) & mask, right = value & mask;
    for (std::size_t i = 0; i + 1 < round_keys.size(); i += 2) {
      left ^= simon_f(right) ^ round_keys[i];
      right ^= simon_f(left) ^ round_keys[i + 1];
    }
    value = (left << w) | right;
    if (value <= max_index) return value;
  }
}

}  // namespace tf::kernels

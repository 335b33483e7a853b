// Written from the published algorithms: FarmHash's "na" 64-bit hash (farmhashna::Hash64, which
// is Fingerprint64), SipHash-2-4 (Aumasson and Bernstein), and MurmurHash64A with TensorFlow's
// seed. Every multi-byte load is little-endian, as the algorithms define them.
#include "ops/strings/string_hashes.h"

#include <bit>
#include <cstring>
#include <utility>

namespace tf::ops {
namespace {

std::uint64_t load64(const char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  return v;
}

std::uint32_t load32(const char* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
  return v;
}

// --- FarmHash Fingerprint64 ------------------------------------------------------------------

constexpr std::uint64_t k0 = 0xc3a5c85c97cb3127ULL;
constexpr std::uint64_t k1 = 0xb492b66fbe98f273ULL;
constexpr std::uint64_t k2 = 0x9ae16a3b2f90404fULL;

std::uint64_t rotate(std::uint64_t v, int shift) { return shift == 0 ? v : std::rotr(v, shift); }
std::uint64_t shift_mix(std::uint64_t v) { return v ^ (v >> 47); }

std::uint64_t hash_len16(std::uint64_t u, std::uint64_t v, std::uint64_t mul) {
  std::uint64_t a = (u ^ v) * mul;
  a ^= a >> 47;
  std::uint64_t b = (v ^ a) * mul;
  b ^= b >> 47;
  return b * mul;
}

std::uint64_t hash_len0to16(const char* s, std::size_t len) {
  if (len >= 8) {
    const std::uint64_t mul = k2 + len * 2;
    const std::uint64_t a = load64(s) + k2;
    const std::uint64_t b = load64(s + len - 8);
    const std::uint64_t c = rotate(b, 37) * mul + a;
    const std::uint64_t d = (rotate(a, 25) + b) * mul;
    return hash_len16(c, d, mul);
  }
  if (len >= 4) {
    const std::uint64_t mul = k2 + len * 2;
    const std::uint64_t a = load32(s);
    return hash_len16(len + (a << 3), load32(s + len - 4), mul);
  }
  if (len > 0) {
    const std::uint8_t a = s[0], b = s[len >> 1], c = s[len - 1];
    const std::uint32_t y = a + (static_cast<std::uint32_t>(b) << 8);
    const std::uint32_t z = static_cast<std::uint32_t>(len) + (static_cast<std::uint32_t>(c) << 2);
    return shift_mix(y * k2 ^ z * k0) * k2;
  }
  return k2;
}

std::uint64_t hash_len17to32(const char* s, std::size_t len) {
  const std::uint64_t mul = k2 + len * 2;
  const std::uint64_t a = load64(s) * k1;
  const std::uint64_t b = load64(s + 8);
  const std::uint64_t c = load64(s + len - 8) * mul;
  const std::uint64_t d = load64(s + len - 16) * k2;
  return hash_len16(rotate(a + b, 43) + rotate(c, 30) + d, a + rotate(b + k2, 18) + c, mul);
}

std::uint64_t hash_len33to64(const char* s, std::size_t len) {
  const std::uint64_t mul = k2 + len * 2;
  const std::uint64_t a = load64(s) * k2;
  const std::uint64_t b = load64(s + 8);
  const std::uint64_t c = load64(s + len - 8) * mul;
  const std::uint64_t d = load64(s + len - 16) * k2;
  const std::uint64_t y = rotate(a + b, 43) + rotate(c, 30) + d;
  const std::uint64_t z = hash_len16(y, a + rotate(b + k2, 18) + c, mul);
  const std::uint64_t e = load64(s + 16) * mul;
  const std::uint64_t f = load64(s + 24);
  const std::uint64_t g = (y + load64(s + len - 32)) * mul;
  const std::uint64_t h = (z + load64(s + len - 24)) * mul;
  return hash_len16(rotate(e + f, 43) + rotate(g, 30) + h, e + rotate(f + a, 18) + g, mul);
}

using Pair = std::pair<std::uint64_t, std::uint64_t>;

// A weak hash of 32 bytes at s, mixed with the seeds a and b.
Pair weak_hash_len32_with_seeds(const char* s, std::uint64_t a, std::uint64_t b) {
  const std::uint64_t w = load64(s), x = load64(s + 8), y = load64(s + 16), z = load64(s + 24);
  a += w;
  b = rotate(b + a + z, 21);
  const std::uint64_t c = a;
  a += x;
  a += y;
  b += rotate(a, 44);
  return {a + z, b + c};
}

}  // namespace

std::uint64_t fingerprint64(std::string_view text) {
  const char* s = text.data();
  const std::size_t len = text.size();
  if (len <= 16) return hash_len0to16(s, len);
  if (len <= 32) return hash_len17to32(s, len);
  if (len <= 64) return hash_len33to64(s, len);
  // Over 64 bytes: 56 bytes of state (v, w, x, y, z) mixed with each 64-byte chunk, then with
  // the last 64 bytes of the input.
  constexpr std::uint64_t seed = 81;
  std::uint64_t x = seed;
  std::uint64_t y = seed * k1 + 113;
  std::uint64_t z = shift_mix(y * k2 + 113) * k2;
  Pair v{0, 0}, w{0, 0};
  x = x * k2 + load64(s);
  const char* end = s + ((len - 1) / 64) * 64;
  const char* last64 = end + ((len - 1) & 63) - 63;
  do {
    x = rotate(x + y + v.first + load64(s + 8), 37) * k1;
    y = rotate(y + v.second + load64(s + 48), 42) * k1;
    x ^= w.second;
    y += v.first + load64(s + 40);
    z = rotate(z + w.first, 33) * k1;
    v = weak_hash_len32_with_seeds(s, v.second * k1, x + w.first);
    w = weak_hash_len32_with_seeds(s + 32, z + w.second, y + load64(s + 16));
    std::swap(z, x);
    s += 64;
  } while (s != end);
  const std::uint64_t mul = k1 + ((z & 0xff) << 1);
  s = last64;
  w.first += (len - 1) & 63;
  v.first += w.first;
  w.first += v.first;
  x = rotate(x + y + v.first + load64(s + 8), 37) * mul;
  y = rotate(y + v.second + load64(s + 48), 42) * mul;
  x ^= w.second * 9;
  y += v.first * 9 + load64(s + 40);
  z = rotate(z + w.first, 33) * mul;
  v = weak_hash_len32_with_seeds(s, v.second * mul, x + w.first);
  w = weak_hash_len32_with_seeds(s + 32, z + w.second, y + load64(s + 16));
  std::swap(z, x);
  return hash_len16(hash_len16(v.first, w.first, mul) + shift_mix(y) * k0 + z,
                    hash_len16(v.second, w.second, mul) + x, mul);
}

// --- SipHash-2-4 -----------------------------------------------------------------------------

std::uint64_t siphash24(std::uint64_t key0, std::uint64_t key1, std::string_view text) {
  std::uint64_t v0 = key0 ^ 0x736f6d6570736575ULL, v1 = key1 ^ 0x646f72616e646f6dULL;
  std::uint64_t v2 = key0 ^ 0x6c7967656e657261ULL, v3 = key1 ^ 0x7465646279746573ULL;
  auto round = [&] {
    v0 += v1, v1 = std::rotl(v1, 13), v1 ^= v0, v0 = std::rotl(v0, 32);
    v2 += v3, v3 = std::rotl(v3, 16), v3 ^= v2;
    v0 += v3, v3 = std::rotl(v3, 21), v3 ^= v0;
    v2 += v1, v1 = std::rotl(v1, 17), v1 ^= v2, v2 = std::rotl(v2, 32);
  };
  auto compress = [&](std::uint64_t m) {
    v3 ^= m;
    round(), round();
    v0 ^= m;
  };
  const std::size_t full = text.size() / 8 * 8;
  for (std::size_t i = 0; i < full; i += 8) compress(load64(text.data() + i));
  // The last block: the remaining bytes, with the length's low byte on top.
  std::uint64_t last = static_cast<std::uint64_t>(text.size()) << 56;
  for (std::size_t i = full; i < text.size(); ++i) last |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(text[i])) << (8 * (i - full));
  compress(last);
  v2 ^= 0xff;
  round(), round(), round(), round();
  return v0 ^ v1 ^ v2 ^ v3;
}

// --- TensorFlow's Hash64 ---------------------------------------------------------------------

std::uint64_t legacy_hash64(std::string_view text) {
  constexpr std::uint64_t seed = 0xDECAFCAFFEULL;
  constexpr std::uint64_t m = 0xc6a4a7935bd1e995ULL;
  constexpr int r = 47;
  const char* data = text.data();
  std::size_t n = text.size();
  std::uint64_t h = seed ^ (n * m);
  while (n >= 8) {
    std::uint64_t k = load64(data);
    data += 8, n -= 8;
    k *= m, k ^= k >> r, k *= m;
    h ^= k, h *= m;
  }
  if (n > 0) {  // the 1 to 7 remaining bytes, the last one highest
    for (std::size_t i = n; i-- > 0;) h ^= static_cast<std::uint64_t>(static_cast<std::uint8_t>(data[i])) << (8 * i);
    h *= m;
  }
  h ^= h >> r, h *= m, h ^= h >> r;
  return h;
}

}  // namespace tf::ops

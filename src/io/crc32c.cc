// CRC32C with the SSE4.2 crc32 instruction when the CPU has it (checked at run time, so the
// binary still runs on any x86-64), else with slicing-by-8 tables.
#include "io/crc32c.h"

#include <array>
#include <cstring>

#include <nmmintrin.h>

namespace tf::io {
namespace {

constexpr std::uint32_t kPoly = 0x82f63b78u;  // reflected Castagnoli polynomial

using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

constexpr Tables make_tables() {
  Tables t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (kPoly & (0u - (c & 1u)));
    t[0][i] = c;
  }
  for (std::uint32_t i = 0; i < 256; ++i)
    for (int s = 1; s < 8; ++s) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xff];
  return t;
}

constexpr Tables kTables = make_tables();

std::uint32_t extend_portable(std::uint32_t crc, const unsigned char* p, std::size_t n) {
  std::uint32_t c = ~crc;
  for (; n >= 8; p += 8, n -= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    w ^= c;
    c = kTables[7][w & 0xff] ^ kTables[6][(w >> 8) & 0xff] ^ kTables[5][(w >> 16) & 0xff] ^
        kTables[4][(w >> 24) & 0xff] ^ kTables[3][(w >> 32) & 0xff] ^ kTables[2][(w >> 40) & 0xff] ^
        kTables[1][(w >> 48) & 0xff] ^ kTables[0][w >> 56];
  }
  while (n--) c = (c >> 8) ^ kTables[0][(c ^ *p++) & 0xff];
  return ~c;
}

__attribute__((target("sse4.2"))) std::uint32_t extend_sse42(std::uint32_t crc, const unsigned char* p, std::size_t n) {
  std::uint64_t c = ~crc;
  for (; n >= 8; p += 8, n -= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    c = _mm_crc32_u64(c, w);
  }
  std::uint32_t c32 = static_cast<std::uint32_t>(c);
  while (n--) c32 = _mm_crc32_u8(c32, *p++);
  return ~c32;
}

using ExtendFn = std::uint32_t (*)(std::uint32_t, const unsigned char*, std::size_t);

ExtendFn pick() { return __builtin_cpu_supports("sse4.2") ? extend_sse42 : extend_portable; }

}  // namespace

std::uint32_t crc32c_extend(std::uint32_t crc, const void* data, std::size_t n) {
  static const ExtendFn fn = pick();
  return fn(crc, static_cast<const unsigned char*>(data), n);
}

namespace detail {
std::uint32_t crc32c_extend_portable(std::uint32_t crc, const void* data, std::size_t n) {
  return extend_portable(crc, static_cast<const unsigned char*>(data), n);
}
}  // namespace detail

}  // namespace tf::io

// LevelDB/protobuf base-128 varints and little-endian fixed-width integers, as tensor bundles
// store them. Decoders are bounded by an end pointer and report malformed input.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

namespace tf::checkpoint {

/// Appends `value` as a varint.
inline void put_varint64(std::string& out, std::uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

/// Appends `value` as 4 little-endian bytes.
inline void put_fixed32(std::string& out, std::uint32_t value) {
  char bytes[4];
  std::memcpy(bytes, &value, 4);  // x86-64 is little-endian, as the format
  out.append(bytes, 4);
}

/// The 4 little-endian bytes at p as an integer.
inline std::uint32_t get_fixed32(const char* p) {
  std::uint32_t value;
  std::memcpy(&value, p, 4);
  return value;
}

/// Decodes a varint of at most `max_bits` bits from [p, end) and advances p; false if it runs
/// past end, is longer than such a varint can be, overflows, or is overlong (a last byte of 0
/// after others: writers never emit that, so it is a damaged byte that still decodes).
inline bool get_varint(const char*& p, const char* end, std::uint64_t& value, int max_bits = 64) {
  value = 0;
  for (int shift = 0; shift < max_bits && p < end; shift += 7) {
    const auto byte = static_cast<std::uint8_t>(*p++);
    const std::uint64_t bits = byte & 0x7f;
    if (shift + 7 > max_bits && (bits >> (max_bits - shift)) != 0) return false;  // overflow
    value |= bits << shift;
    if ((byte & 0x80) == 0) return shift == 0 || byte != 0;
  }
  return false;
}

}  // namespace tf::checkpoint

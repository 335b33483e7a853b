// CRC32C (Castagnoli), the checksum of TFRecord files and checkpoints, plus TensorFlow's
// "masked" form stored in TFRecord headers.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tf::io {

/// Extends `crc` (the CRC32C of earlier bytes, 0 to start) over n more bytes.
std::uint32_t crc32c_extend(std::uint32_t crc, const void* data, std::size_t n);
/// The CRC32C of n bytes.
inline std::uint32_t crc32c(const void* data, std::size_t n) { return crc32c_extend(0, data, n); }

namespace detail {
/// The table-driven implementation, which crc32c_extend uses on CPUs without SSE4.2 (for tests).
std::uint32_t crc32c_extend_portable(std::uint32_t crc, const void* data, std::size_t n);
}  // namespace detail

/// TensorFlow masks stored CRCs so that a CRC of data containing CRCs stays well distributed.
inline std::uint32_t mask_crc(std::uint32_t crc) { return ((crc >> 15) | (crc << 17)) + 0xa282ead8u; }
/// Whether a stored checksum equals the one computed. The fuzzing build (fuzz/CMakeLists.txt,
/// FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION) accepts every checksum, so that the fuzzers reach
/// the checks behind it instead of stopping at a CRC they cannot guess.
constexpr bool checksum_matches([[maybe_unused]] std::uint32_t stored, [[maybe_unused]] std::uint32_t actual) {
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
  return true;
#else
  return stored == actual;
#endif
}
/// Inverse of mask_crc.
inline std::uint32_t unmask_crc(std::uint32_t masked) {
  const std::uint32_t rot = masked - 0xa282ead8u;
  return (rot >> 17) | (rot << 15);
}

}  // namespace tf::io

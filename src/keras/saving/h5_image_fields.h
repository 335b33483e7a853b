// Reading fields of an HDF5 file image directly, for the checks tfpp makes before the HDF5
// library reads a damaged file (h5_local_heaps.h, h5_object_headers.h). Layouts are those of the
// HDF5 file format specification.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tf::keras::saving::detail {

/// The superblock's sizes of file addresses and lengths, its base address (which file addresses
/// count from) and the address of the root group's object header.
struct FieldSizes {
  std::size_t offsets = 8;
  std::size_t lengths = 8;
  std::uint64_t base_address = 0;
  std::uint64_t root_address = 0;
};

/// A little-endian unsigned integer of `size` bytes (1 to 8) at `at`, if it lies inside `image`.
std::optional<std::uint64_t> read_uint(std::string_view image, std::uint64_t at, std::size_t size);

/// The field sizes of the superblock at the start of `image` (versions 0 to 3), if it has them.
std::optional<FieldSizes> field_sizes(std::string_view image);

}  // namespace tf::keras::saving::detail

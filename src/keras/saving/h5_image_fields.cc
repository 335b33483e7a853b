#include "keras/saving/h5_image_fields.h"

namespace tf::keras::saving::detail {

std::optional<std::uint64_t> read_uint(std::string_view image, std::uint64_t at, std::size_t size) {
  if (size == 0 || size > 8 || at > image.size() || image.size() - at < size) return std::nullopt;
  std::uint64_t value = 0;
  for (std::size_t i = size; i-- > 0;) value = (value << 8) | static_cast<unsigned char>(image[at + i]);
  return value;
}

std::optional<FieldSizes> field_sizes(std::string_view image) {
  const auto version = read_uint(image, 8, 1);
  if (!version) return std::nullopt;
  // Versions 0 and 1 keep four version bytes before the sizes; 2 and 3 none.
  const std::uint64_t sizes_at = *version <= 1 ? 13 : 9;
  const auto offsets = read_uint(image, sizes_at, 1);
  const auto lengths = read_uint(image, sizes_at + 1, 1);
  if (!offsets || !lengths || *offsets == 0 || *offsets > 8 || *lengths == 0 || *lengths > 8) return std::nullopt;
  FieldSizes sizes{static_cast<std::size_t>(*offsets), static_cast<std::size_t>(*lengths), 0, 0};
  // Version 0 has the base address after 8 bytes of B-tree K values and flags; version 1 has 4 more.
  const std::uint64_t base_at = *version == 0 ? 24 : *version == 1 ? 28 : sizes_at + 3;
  // Versions 0 and 1 follow it with three addresses and the root group's symbol table entry
  // (a name offset, then the header's address); 2 and 3 with two addresses, then the header's.
  const std::uint64_t root_at = *version <= 1 ? base_at + 4 * sizes.offsets + sizes.lengths : base_at + 3 * sizes.offsets;
  const auto base = read_uint(image, base_at, sizes.offsets);
  const auto root = read_uint(image, root_at, sizes.offsets);
  if (!base || !root) return std::nullopt;
  sizes.base_address = *base;
  sizes.root_address = *root;
  return sizes;
}

}  // namespace tf::keras::saving::detail

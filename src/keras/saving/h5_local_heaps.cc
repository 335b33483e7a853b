#include "keras/saving/h5_local_heaps.h"

#include <algorithm>
#include <cstdint>

#include "keras/saving/h5_image_fields.h"

namespace tf::keras::saving::detail {
namespace {

// Layouts from the HDF5 file format specification (superblock versions 0–3, local heap version 0).
constexpr std::string_view kHeapSignature{"HEAP\0\0\0\0", 8};  // signature, version 0, reserved bytes
constexpr std::uint64_t kEndOfFreeList = 1;                      // H5HL_FREE_NULL

// Whether the free list of the heap whose header starts at `header` loops. Every free block takes
// at least two length fields, and distinct blocks of all heaps lie apart in the file, so lists
// that do not loop hold at most `room` blocks together (and one heap's at most its size's worth).
// Each walk takes its blocks from `room`, which keeps the check linear in the file's size.
bool free_list_loops(std::string_view image, std::uint64_t header, const FieldSizes& sizes, std::uint64_t& room) {
  std::uint64_t at = header + kHeapSignature.size();
  const auto data_size = read_uint(image, at, sizes.lengths);
  const auto head = read_uint(image, at + sizes.lengths, sizes.lengths);
  const auto data_address = read_uint(image, at + 2 * sizes.lengths, sizes.offsets);
  if (!data_size || !head || !data_address || sizes.base_address > image.size() || *data_address > image.size())
    return false;
  const std::uint64_t data_start = sizes.base_address + *data_address;
  const std::uint64_t most_blocks = std::min(*data_size / (2 * sizes.lengths), room);
  std::uint64_t offset = *head;
  for (std::uint64_t blocks = 0; offset != kEndOfFreeList; ++blocks, --room) {
    if (blocks == most_blocks) return true;
    if (offset >= *data_size || offset > image.size()) return false;
    const auto next = read_uint(image, data_start + offset, sizes.lengths);
    if (!next) return false;
    offset = *next;
  }
  return false;
}

}  // namespace

std::optional<std::string> find_looping_local_heap(std::string_view image) {
  const auto sizes = field_sizes(image);
  if (!sizes) return std::nullopt;
  std::uint64_t room = image.size() / (2 * sizes->lengths);
  for (std::size_t at = image.find(kHeapSignature); at != std::string_view::npos;
       at = image.find(kHeapSignature, at + 1)) {
    if (free_list_loops(image, at, *sizes, room))
      return "the free list of the local heap at byte " + std::to_string(at) + " loops";
  }
  return std::nullopt;
}

}  // namespace tf::keras::saving::detail

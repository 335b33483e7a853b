#include "keras/saving/h5_object_headers.h"

#include <vector>

#include "keras/saving/h5_image_fields.h"

namespace tf::keras::saving::detail {
namespace {

constexpr std::uint64_t kChunked = 2;  // the layout class of chunked storage
// Bounds on the walk: a damaged header may chain continuation blocks without end.
constexpr std::size_t kMaxChunks = 64;

struct Chunk {
  std::uint64_t begin, end;  // file offsets of its messages
};

// Reads object_header_messages.
class HeaderReader {
 public:
  HeaderReader(std::string_view image, const FieldSizes& sizes) : image_(image), sizes_(sizes) {}

  std::optional<std::vector<H5Message>> messages(std::uint64_t address) {
    const std::uint64_t at = sizes_.base_address + address;
    std::vector<Chunk> chunks;
    if (image_.substr(std::min<std::uint64_t>(at, image_.size()), 4) == "OHDR") {
      version2_ = true;
      const auto flags = read_uint(image_, at + 5, 1);
      if (!flags) return std::nullopt;
      std::uint64_t size_at = at + 6 + (*flags & 0x20 ? 16 : 0) + (*flags & 0x10 ? 4 : 0);
      creation_order_ = *flags & 0x04;
      const std::size_t size_bytes = std::size_t{1} << (*flags & 0x03);
      const auto size = read_uint(image_, size_at, size_bytes);
      if (!size) return std::nullopt;
      chunks.push_back({size_at + size_bytes, size_at + size_bytes + *size});
    } else {
      const auto version = read_uint(image_, at, 1);
      const auto size = read_uint(image_, at + 8, 4);
      if (!version || *version != 1 || !size) return std::nullopt;
      chunks.push_back({at + 16, at + 16 + *size});
    }
    std::vector<H5Message> out;
    for (std::size_t c = 0; c < chunks.size() && c < kMaxChunks; ++c) {
      if (chunks[c].end > image_.size() || chunks[c].begin > chunks[c].end) break;
      if (!read_chunk(chunks[c], out, chunks)) break;
    }
    return out;
  }

 private:
  // Appends the chunk's messages to `out` and the blocks its continuation messages name to
  // `chunks`; false at a message that does not fit.
  bool read_chunk(Chunk chunk, std::vector<H5Message>& out, std::vector<Chunk>& chunks) const {
    const std::uint64_t header = version2_ ? 4 + (creation_order_ ? 2 : 0) : 8;
    std::uint64_t at = chunk.begin;
    while (chunk.end - at >= header) {
      const auto type = read_uint(image_, at, version2_ ? 1 : 2);
      const auto size = read_uint(image_, at + (version2_ ? 1 : 2), 2);
      if (!type || !size || *size > chunk.end - at - header) return false;
      const H5Message m{*type, image_.substr(at + header, *size)};
      if (m.type == kH5Continuation) {
        const auto offset = read_uint(m.data, 0, sizes_.offsets);
        const auto length = read_uint(m.data, sizes_.offsets, sizes_.lengths);
        if (!offset || !length) return false;
        const std::uint64_t begin = sizes_.base_address + *offset;
        // A version 2 block starts with "OCHK" and ends with a checksum.
        if (version2_) {
          if (*length < 8) return false;
          chunks.push_back({begin + 4, begin + *length - 4});
        } else {
          chunks.push_back({begin, begin + *length});
        }
      }
      out.push_back(m);
      at += header + *size;
    }
    return true;
  }

  std::string_view image_;
  FieldSizes sizes_;
  bool version2_ = false;
  bool creation_order_ = false;
};

// The dataspace's rank, when the message holds it (not shared, versions 1 and 2).
std::optional<std::uint64_t> rank_of(const H5Message& dataspace) {
  const auto version = read_uint(dataspace.data, 0, 1);
  if (!version || (*version != 1 && *version != 2)) return std::nullopt;
  return read_uint(dataspace.data, 1, 1);
}

struct ChunkDims {
  std::uint64_t count = 0;  // the dataset's rank, plus one for the element size
  std::vector<std::uint64_t> sizes;
  bool truncated = false;   // the message ends before its sizes do (HDF5 1.10 reads on past its end)
};

// The chunk sizes of a chunked layout message; nullopt for other layouts or unknown versions.
std::optional<ChunkDims> chunk_dims(const H5Message& layout, std::size_t offsets) {
  const auto version = read_uint(layout.data, 0, 1);
  if (!version) return std::nullopt;
  std::uint64_t count_at, dims_at, width = 4;
  if (*version == 1 || *version == 2) {
    if (read_uint(layout.data, 2, 1) != kChunked) return std::nullopt;
    count_at = 1;
    dims_at = 8 + offsets;
  } else if (*version == 3) {
    if (read_uint(layout.data, 1, 1) != kChunked) return std::nullopt;
    count_at = 2;
    dims_at = 3 + offsets;
  } else if (*version == 4) {
    if (read_uint(layout.data, 1, 1) != kChunked) return std::nullopt;
    count_at = 3;
    const auto encoded = read_uint(layout.data, 4, 1);
    if (!encoded || *encoded == 0 || *encoded > 8) return ChunkDims{.truncated = true};
    width = *encoded;
    dims_at = 5;
  } else {
    return std::nullopt;
  }
  const auto count = read_uint(layout.data, count_at, 1);
  if (!count) return ChunkDims{.truncated = true};
  ChunkDims dims{.count = *count};
  for (std::uint64_t i = 0; i < *count; ++i) {
    const auto size = read_uint(layout.data, dims_at + i * width, static_cast<std::size_t>(width));
    if (!size) return ChunkDims{.count = *count, .truncated = true};
    dims.sizes.push_back(*size);
  }
  return dims;
}

}  // namespace

std::optional<std::vector<H5Message>> object_header_messages(std::string_view image, const FieldSizes& sizes,
                                                             std::uint64_t address) {
  return HeaderReader(image, sizes).messages(address);
}

std::optional<std::string> check_chunk_layout(std::span<const H5Message> messages, const FieldSizes& sizes) {
  std::optional<std::uint64_t> rank;
  std::optional<ChunkDims> dims;
  for (const H5Message& m : messages) {
    if (m.type == kH5Dataspace && !rank) rank = rank_of(m);
    if (m.type == kH5Layout && !dims) dims = chunk_dims(m, sizes.offsets);
  }
  if (!dims) return std::nullopt;
  if (dims->truncated) return "a chunk layout message too short for its chunk sizes";
  for (std::uint64_t size : dims->sizes)
    if (size == 0) return "a chunk size of 0 in its layout";
  if (dims->count == 0) return "a chunk layout of no dims";
  if (rank && *rank > dims->count - 1)
    return "a chunk layout of " + std::to_string(dims->count - 1) + " dims for a dataspace of " + std::to_string(*rank);
  return std::nullopt;
}

}  // namespace tf::keras::saving::detail

// Writing and reading the `.index` table (table_format.h).
#include "checkpoint/table_format.h"

#include <cstdint>
#include <string_view>

#include "checkpoint/varint.h"
#include "io/crc32c.h"
#include "tfpp/errors.h"

namespace tf::checkpoint {
namespace {

constexpr std::size_t kBlockSize = 262144;       // TensorFlow's table_options.h, not LevelDB's 4 KiB
constexpr int kDataRestartInterval = 16;
constexpr std::size_t kTrailerSize = 5;          // type byte + masked CRC32C
constexpr std::size_t kFooterSize = 48;          // two padded block handles + magic
constexpr std::size_t kHandlesSize = 40;
constexpr std::uint64_t kTableMagic = 0xdb4775248b80fb57ull;

struct BlockHandle {
  std::uint64_t offset = 0, size = 0;
};

void put_handle(std::string& out, const BlockHandle& handle) {
  put_varint64(out, handle.offset);
  put_varint64(out, handle.size);
}

// Prefix-compressed entries with a restart point every `interval` entries (block_builder.cc).
class BlockBuilder {
 public:
  explicit BlockBuilder(int interval) : interval_(interval) {}

  void add(const std::string& key, const std::string& value) {
    std::size_t shared = 0;
    if (counter_ < interval_) {
      while (shared < last_key_.size() && shared < key.size() && last_key_[shared] == key[shared]) ++shared;
    } else {
      restarts_.push_back(static_cast<std::uint32_t>(buffer_.size()));
      counter_ = 0;
    }
    put_varint64(buffer_, shared);
    put_varint64(buffer_, key.size() - shared);
    put_varint64(buffer_, value.size());
    buffer_.append(key, shared, std::string::npos);
    buffer_.append(value);
    last_key_ = key;
    ++counter_;
    empty_ = false;
  }
  bool empty() const { return empty_; }
  std::size_t size_estimate() const { return buffer_.size() + restarts_.size() * 4 + 4; }
  // The block's contents; the builder starts over.
  std::string finish() {
    for (std::uint32_t r : restarts_) put_fixed32(buffer_, r);
    put_fixed32(buffer_, static_cast<std::uint32_t>(restarts_.size()));
    std::string out = std::move(buffer_);
    *this = BlockBuilder(interval_);
    return out;
  }

 private:
  int interval_;
  std::string buffer_;
  std::vector<std::uint32_t> restarts_{0};
  int counter_ = 0;
  std::string last_key_;
  bool empty_ = true;
};

BlockHandle write_block(std::string& out, const std::string& contents) {
  const BlockHandle handle{out.size(), contents.size()};
  out.append(contents);
  const char type = 0;  // no compression, as BundleWriter writes
  const std::uint32_t crc = io::crc32c_extend(io::crc32c(contents.data(), contents.size()), &type, 1);
  out.push_back(type);
  put_fixed32(out, io::mask_crc(crc));
  return handle;
}

// A short key k with start <= k < limit (LevelDB's bytewise FindShortestSeparator).
std::string shortest_separator(const std::string& start, const std::string& limit) {
  std::size_t i = 0;
  while (i < start.size() && i < limit.size() && start[i] == limit[i]) ++i;
  if (i >= start.size() || i >= limit.size()) return start;  // one is a prefix of the other
  const auto byte = static_cast<std::uint8_t>(start[i]);
  if (byte < 0xff && byte + 1 < static_cast<std::uint8_t>(limit[i])) {
    std::string key = start.substr(0, i + 1);
    key[i] = static_cast<char>(byte + 1);
    return key;
  }
  return start;
}

// A short key k >= key (FindShortSuccessor).
std::string short_successor(const std::string& key) {
  for (std::size_t i = 0; i < key.size(); ++i) {
    const auto byte = static_cast<std::uint8_t>(key[i]);
    if (byte != 0xff) {
      std::string out = key.substr(0, i + 1);
      out[i] = static_cast<char>(byte + 1);
      return out;
    }
  }
  return key;
}

// Reads checked pieces of one table file, naming it and the offset in every error.
class TableParser {
 public:
  TableParser(const std::string& bytes, const std::string& path) : bytes_(bytes), path_(path) {}

  [[noreturn]] void fail(std::uint64_t offset, const std::string& what) const {
    throw DataLossError("[BundleReader] " + path_ + ": " + what + " at offset " + std::to_string(offset));
  }

  std::vector<TableEntry> read_all() {
    if (bytes_.size() < kFooterSize)
      fail(0, "the file holds " + std::to_string(bytes_.size()) + " bytes, fewer than a table's " +
                  std::to_string(kFooterSize) + "-byte footer (truncated?)");
    footer_offset_ = bytes_.size() - kFooterSize;
    const char* footer = bytes_.data() + footer_offset_;
    const std::uint64_t magic = get_fixed32(footer + kHandlesSize) |
                                (static_cast<std::uint64_t>(get_fixed32(footer + kHandlesSize + 4)) << 32);
    if (magic != kTableMagic) fail(footer_offset_ + kHandlesSize, "bad magic number (not a tensor bundle index, or truncated)");
    const char* p = footer;
    const char* handles_end = footer + kHandlesSize;
    const BlockHandle metaindex = parse_handle(p, handles_end, footer_offset_);
    const BlockHandle index = parse_handle(p, handles_end, footer_offset_);
    for (; p < handles_end; ++p)
      if (*p != 0) fail(footer_offset_ + static_cast<std::uint64_t>(p - footer), "nonzero footer padding");
    read_block(metaindex, "metaindex");

    std::vector<TableEntry> entries;
    const std::string_view index_block = read_block(index, "index");
    const std::vector<RawEntry> index_entries = parse_block(index_block, index.offset);
    for (const RawEntry& ie : index_entries) {
      const char* hp = ie.value.data();
      const BlockHandle handle = parse_handle(hp, hp + ie.value.size(), ie.value_offset);
      if (hp != ie.value.data() + ie.value.size()) fail(ie.value_offset, "trailing bytes after an index entry's block handle");
      const std::string_view block = read_block(handle, "data");
      for (RawEntry& e : parse_block(block, handle.offset)) {
        if (!entries.empty() && !(entries.back().key < e.key)) fail(e.offset, "keys out of order");
        if (ie.key < e.key) fail(e.offset, "a key past its block's index key");
        entries.push_back({std::move(e.key), std::string(e.value), e.value_offset});
      }
    }
    return entries;
  }

 private:
  struct RawEntry {
    std::string key;
    std::string_view value;
    std::uint64_t offset;        // of the entry
    std::uint64_t value_offset;  // of its value
  };

  std::uint64_t offset_of(const char* p) const { return static_cast<std::uint64_t>(p - bytes_.data()); }

  BlockHandle parse_handle(const char*& p, const char* end, std::uint64_t offset) const {
    BlockHandle h;
    if (!get_varint(p, end, h.offset) || !get_varint(p, end, h.size)) fail(offset, "malformed block handle");
    return h;
  }

  // The contents of the block at `handle`, after checking its bounds, type and CRC.
  std::string_view read_block(const BlockHandle& h, const char* what) const {
    if (h.offset > footer_offset_ || h.size > footer_offset_ - h.offset || kTrailerSize > footer_offset_ - h.offset - h.size)
      fail(h.offset, std::string("the ") + what + " block (" + std::to_string(h.size) + " bytes) runs past the table's end");
    const char* contents = bytes_.data() + h.offset;
    const char type = contents[h.size];
    if (type == 1) fail(h.offset + h.size, std::string("the ") + what + " block is snappy-compressed, which tfpp does not read");
    if (type != 0) fail(h.offset + h.size, std::string("unknown compression type of the ") + what + " block");
    const std::uint32_t actual = io::crc32c(contents, h.size + 1);
    const std::uint32_t stored = io::unmask_crc(get_fixed32(contents + h.size + 1));
    if (!io::checksum_matches(stored, actual)) fail(h.offset, std::string("CRC32C mismatch in the ") + what + " block");
    return {contents, h.size};
  }

  // The entries of a block, checking every length against the block's bounds.
  std::vector<RawEntry> parse_block(std::string_view block, std::uint64_t base) const {
    if (block.size() < 4) fail(base, "a block shorter than its restart count");
    const std::uint32_t num_restarts = get_fixed32(block.data() + block.size() - 4);
    if (num_restarts == 0 || num_restarts > (block.size() - 4) / 4) fail(base + block.size() - 4, "bad restart count");
    const std::size_t limit = block.size() - 4 - std::size_t{num_restarts} * 4;
    std::vector<std::uint32_t> restarts(num_restarts);
    for (std::uint32_t i = 0; i < num_restarts; ++i) restarts[i] = get_fixed32(block.data() + limit + std::size_t{i} * 4);

    std::vector<RawEntry> entries;
    std::string key;
    std::size_t next_restart = 0;
    const char* p = block.data();
    const char* end = block.data() + limit;
    while (p < end) {
      const char* start = p;
      const std::uint64_t offset = base + static_cast<std::uint64_t>(p - block.data());
      std::uint64_t shared, non_shared, value_size;
      if (!get_varint(p, end, shared, 32) || !get_varint(p, end, non_shared, 32) || !get_varint(p, end, value_size, 32))
        fail(offset, "malformed entry header");
      if (shared > key.size()) fail(offset, "an entry shares more bytes than the previous key has");
      if (non_shared > static_cast<std::uint64_t>(end - p) || value_size > static_cast<std::uint64_t>(end - p) - non_shared)
        fail(offset, "an entry runs past its block");
      const auto at = static_cast<std::size_t>(start - block.data());
      if (next_restart < restarts.size() && restarts[next_restart] == at) {
        if (shared != 0) fail(offset, "an entry at a restart point shares a prefix");
        ++next_restart;
      }
      key.resize(shared);
      key.append(p, non_shared);
      p += non_shared;
      entries.push_back({key, std::string_view(p, value_size), offset, offset_of(p)});
      p += value_size;
    }
    if (next_restart != restarts.size()) fail(base + limit, "restart points that are not entry boundaries");
    return entries;
  }

  const std::string& bytes_;
  const std::string& path_;
  std::uint64_t footer_offset_ = 0;
};

}  // namespace

std::string build_table(const std::vector<TableEntry>& entries) {
  std::string out;
  BlockBuilder data(kDataRestartInterval), index(1);
  std::string last_key;
  BlockHandle pending;
  bool pending_index_entry = false;
  bool first = true;
  for (const auto& [key, value, unused_offset] : entries) {
    if (!first && !(last_key < key))
      throw InvalidArgumentError("[BundleWriter] table keys must be strictly increasing: \"" + key + "\" after \"" + last_key + "\"");
    first = false;
    if (pending_index_entry) {
      std::string handle;
      put_handle(handle, pending);
      index.add(shortest_separator(last_key, key), handle);
      pending_index_entry = false;
    }
    last_key = key;
    data.add(key, value);
    if (data.size_estimate() >= kBlockSize) {
      pending = write_block(out, data.finish());
      pending_index_entry = true;
    }
  }
  if (!data.empty()) {
    pending = write_block(out, data.finish());
    pending_index_entry = true;
  }
  const BlockHandle metaindex = write_block(out, BlockBuilder(kDataRestartInterval).finish());
  if (pending_index_entry) {
    std::string handle;
    put_handle(handle, pending);
    index.add(short_successor(last_key), handle);
  }
  const BlockHandle index_handle = write_block(out, index.finish());
  std::string footer;
  put_handle(footer, metaindex);
  put_handle(footer, index_handle);
  footer.resize(kHandlesSize, '\0');
  put_fixed32(footer, static_cast<std::uint32_t>(kTableMagic));
  put_fixed32(footer, static_cast<std::uint32_t>(kTableMagic >> 32));
  return out + footer;
}

std::vector<TableEntry> read_table(const std::string& bytes, const std::string& path) {
  return TableParser(bytes, path).read_all();
}

}  // namespace tf::checkpoint

#include "keras/saving/h5_structure.h"

#include <set>
#include <vector>

#include "keras/saving/h5_image_fields.h"
#include "keras/saving/h5_object_headers.h"

namespace tf::keras::saving::detail {
namespace {

// A damaged file may link its structures in cycles or without end: each is visited once, the
// walk stops after this many, and groups nested deeper than kMaxDepth (Keras nests a handful) are
// left to the library, which keeps the recursion's stack small.
constexpr std::size_t kMaxVisits = 1 << 16;
constexpr int kMaxDepth = 64;

class StructureWalk {
 public:
  StructureWalk(std::string_view image, const FieldSizes& sizes) : image_(image), sizes_(sizes) {}

  std::optional<std::string> object(std::uint64_t address, int depth = 0) {
    if (depth > kMaxDepth || !first_visit(address)) return std::nullopt;
    if (!inside(address, 1)) return "an object header at address " + std::to_string(address) + " outside the file";
    const auto messages = object_header_messages(image_, sizes_, address);
    if (!messages) return std::nullopt;  // a header the library rejects itself
    if (auto bad = check_chunk_layout(*messages, sizes_)) return "the dataset at address " + std::to_string(address) + " has " + *bad;
    for (const H5Message& m : *messages) {
      std::optional<std::string> bad;
      if (m.type == kH5SymbolTable) bad = symbol_table(m, address, depth);
      else if (m.type == kH5Link) bad = link(m, depth);
      if (bad) return bad;
    }
    return std::nullopt;
  }

 private:
  // An old-style group: its B-tree of symbol table nodes and the local heap of its link names.
  std::optional<std::string> symbol_table(const H5Message& m, std::uint64_t group, int depth) {
    const auto tree = read_uint(m.data, 0, sizes_.offsets);
    const auto heap = read_uint(m.data, sizes_.offsets, sizes_.offsets);
    const std::string where = "the group at address " + std::to_string(group);
    if (!tree || !heap) return where + " has a symbol table message too short for its addresses";
    if (!inside(*heap, 8 + 2 * sizes_.lengths + sizes_.offsets)) return where + " names its local heap at address " + std::to_string(*heap) + ", outside the file";
    if (image_.substr(at(*heap), 4) != "HEAP") return where + " names a local heap at address " + std::to_string(*heap) + " that is none";
    const auto data_size = read_uint(image_, at(*heap) + 8, sizes_.lengths);
    const auto data_address = read_uint(image_, at(*heap) + 8 + 2 * sizes_.lengths, sizes_.offsets);
    if (!data_size || !data_address || !inside(*data_address, *data_size))
      return "the local heap at address " + std::to_string(*heap) + " keeps its data outside the file";
    return tree_node(*tree, std::nullopt, where, depth);
  }

  // A group B-tree node ("TREE", node type 0) at `level` (any for the root): its children are
  // nodes one level down, or symbol table nodes at level 0.
  std::optional<std::string> tree_node(std::uint64_t address, std::optional<std::uint64_t> expected_level,
                                       const std::string& where, int depth) {
    if (!first_visit(address)) return std::nullopt;
    const std::uint64_t header = 8 + 2 * sizes_.offsets;
    if (!inside(address, header) || image_.substr(at(address), 4) != "TREE")
      return where + " has no B-tree node at address " + std::to_string(address);
    const auto type = read_uint(image_, at(address) + 4, 1);
    const auto level = read_uint(image_, at(address) + 5, 1);
    const auto used = read_uint(image_, at(address) + 6, 2);
    if (type != 0 || !level || !used || (expected_level && level != expected_level))
      return where + " has a B-tree node of another kind at address " + std::to_string(address);
    for (std::uint64_t i = 0; i < *used; ++i) {
      const auto child = read_uint(image_, at(address) + header + sizes_.lengths + i * (sizes_.offsets + sizes_.lengths), sizes_.offsets);
      if (!child) return where + " has a B-tree node at address " + std::to_string(address) + " cut short";
      auto bad = *level > 0 ? tree_node(*child, *level - 1, where, depth) : symbol_node(*child, where, depth);
      if (bad) return bad;
    }
    return std::nullopt;
  }

  // A symbol table node ("SNOD"): entries of a name offset, an object header address, a cache
  // type, 4 reserved bytes and 16 of scratch-pad.
  std::optional<std::string> symbol_node(std::uint64_t address, const std::string& where, int depth) {
    if (!first_visit(address)) return std::nullopt;
    if (!inside(address, 8) || image_.substr(at(address), 4) != "SNOD")
      return where + " has no symbol table node at address " + std::to_string(address);
    const auto count = read_uint(image_, at(address) + 6, 2);
    const std::uint64_t entry = sizes_.lengths + sizes_.offsets + 24;
    if (!count || !inside(address + 8, *count * entry))
      return where + " has a symbol table node at address " + std::to_string(address) + " cut short";
    for (std::uint64_t i = 0; i < *count; ++i) {
      const std::uint64_t object_address =
          read_uint(image_, at(address) + 8 + i * entry + sizes_.lengths, sizes_.offsets).value_or(0);
      if (auto bad = object(object_address, depth + 1)) return bad;
    }
    return std::nullopt;
  }

  // A link message of a new-style group: a hard link's object header.
  std::optional<std::string> link(const H5Message& m, int depth) {
    const auto flags = read_uint(m.data, 1, 1);
    if (!flags) return std::nullopt;
    std::uint64_t pos = 2;
    std::uint64_t type = 0;  // hard
    if (*flags & 0x08) type = read_uint(m.data, pos++, 1).value_or(1);
    if (*flags & 0x04) pos += 8;   // creation order
    if (*flags & 0x10) pos += 1;   // name character set
    const std::size_t length_bytes = std::size_t{1} << (*flags & 0x03);
    const auto name_length = read_uint(m.data, pos, length_bytes);
    if (type != 0 || !name_length) return std::nullopt;  // soft and external links name paths
    const auto target = read_uint(m.data, pos + length_bytes + *name_length, sizes_.offsets);
    if (!target) return std::nullopt;
    return object(*target, depth + 1);
  }

  bool first_visit(std::uint64_t address) { return visited_.size() < kMaxVisits && visited_.insert(address).second; }
  // The file offset of file address `address`.
  std::uint64_t at(std::uint64_t address) const { return sizes_.base_address + address; }
  // Whether `size` bytes at file address `address` lie in the image.
  bool inside(std::uint64_t address, std::uint64_t size) const {
    return sizes_.base_address <= image_.size() && address <= image_.size() - sizes_.base_address &&
           size <= image_.size() - sizes_.base_address - address;
  }

  std::string_view image_;
  FieldSizes sizes_;
  std::set<std::uint64_t> visited_;
};

}  // namespace

std::optional<std::string> find_damaged_structure(std::string_view image) {
  const auto sizes = field_sizes(image);
  if (!sizes) return std::nullopt;
  return StructureWalk(image, *sizes).object(sizes->root_address);
}

}  // namespace tf::keras::saving::detail

// Why by hand: building, serializing and freeing an Event message per scalar was about a third of a
// traced scalar summary's instructions. The tensor still goes through TensorProto; the three
// enclosing messages are a few tagged fields, written here in field order as protobuf writes them.
#include "summary/summary_event.h"

#include <bit>

#include "proto/tensor_proto.h"

namespace tf::summary::detail {
namespace {

enum WireType : std::uint32_t { kVarint = 0, kFixed64 = 1, kLengthDelimited = 2 };

void append_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void append_tag(std::string& out, std::uint32_t field, WireType type) { append_varint(out, field << 3 | type); }

void append_bytes(std::string& out, std::uint32_t field, const std::string& bytes) {
  append_tag(out, field, kLengthDelimited);
  append_varint(out, bytes.size());
  out += bytes;
}

}  // namespace

void serialize_summary_event(double wall_time, std::int64_t step, const std::string& tag, const Tensor& tensor,
                             const std::string& metadata, std::string& out) {
  thread_local proto::TensorProto tensor_proto;
  thread_local std::string tensor_bytes, value, summary;
  tensor_proto.Clear();
  proto_convert::to_tensor_proto(tensor, &tensor_proto);
  tensor_proto.SerializeToString(&tensor_bytes);

  value.clear();  // Summary.Value: tag = 1, tensor = 8, metadata = 9 (proto3 leaves empty fields out)
  if (!tag.empty()) append_bytes(value, 1, tag);
  append_bytes(value, 8, tensor_bytes);
  if (!metadata.empty()) append_bytes(value, 9, metadata);
  summary.clear();  // Summary: value = 1
  append_bytes(summary, 1, value);

  out.clear();  // Event: wall_time = 1, step = 2, summary = 5
  if (wall_time != 0) {
    append_tag(out, 1, kFixed64);
    const auto bits = std::bit_cast<std::uint64_t>(wall_time);
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(bits >> (8 * i)));
  }
  if (step != 0) {
    append_tag(out, 2, kVarint);
    append_varint(out, static_cast<std::uint64_t>(step));
  }
  append_bytes(out, 5, summary);
}

}  // namespace tf::summary::detail

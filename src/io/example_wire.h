// The protocol-buffer wire encoding shared by tf::train::Example and SequenceExample (tfpp
// internals): writing tags, varints and length-delimited fields, a bounds-checked reader, and
// the Feature / Features messages both examples are made of. Field numbers follow
// tensorflow/core/example/feature.proto:
//   Features{map<string, Feature> feature = 1}
//   Feature{oneof: BytesList bytes_list = 1, FloatList float_list = 2, Int64List int64_list = 3}
//   BytesList{repeated bytes value = 1}  FloatList{repeated float value = 1 [packed]}
//   Int64List{repeated int64 value = 1 [packed]}
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/train/example.h"

namespace tf::train::wire {

/// Protocol-buffer wire types.
enum WireType : std::uint32_t { kVarint = 0, kFixed64 = 1, kLengthDelimited = 2, kFixed32 = 5 };

/// The tag of a length-delimited field (the only kind the example messages nest).
constexpr std::uint64_t delimited(std::uint32_t field) { return (field << 3) | kLengthDelimited; }

/// Appends a base-128 varint.
void put_varint(std::string& out, std::uint64_t v);
/// Appends a length-delimited field.
void put_bytes(std::string& out, std::uint32_t field, const std::string& bytes);
/// A Feature message's encoding (an empty string for a Feature holding no list).
std::string encode_feature(const Feature& f);
/// A Features message's encoding: map entries in key order, as protobuf's deterministic mode.
std::string encode_features(const Features& features);

/// A bounds-checked cursor over one message's bytes; a damaged encoding throws DataLossError
/// naming the top-level message being decoded.
class Reader {
 public:
  /// Reads `n` bytes at `p`, part of a `message` ("Example", "SequenceExample").
  Reader(const char* p, std::size_t n, const char* message) : p_(p), end_(p + n), message_(message) {}
  /// Whether every byte has been read.
  bool done() const { return p_ == end_; }
  /// The next varint.
  std::uint64_t varint();
  /// The next length-delimited field's bytes, as a reader of their own.
  Reader sub();
  /// The next length-delimited field's bytes, copied.
  std::string bytes();
  /// The next four bytes as a little-endian float.
  float fixed32_float();
  /// Skips a field of wire type `type` (unknown fields are skipped, as protobuf does).
  void skip(std::uint32_t type);
  /// Throws the DataLossError for a damaged encoding.
  [[noreturn]] void fail(const std::string& what) const;

 private:
  void advance(std::size_t n);
  const char* p_;
  const char* end_;
  const char* message_;
};

/// Decodes a Feature message (packed or unpacked lists; the last list wins, as protobuf's oneof).
Feature decode_feature(Reader r);
/// Decodes a Features message into `out`, merging as protobuf does: a repeated key keeps the last.
void decode_features(Reader r, Features& out);

}  // namespace tf::train::wire

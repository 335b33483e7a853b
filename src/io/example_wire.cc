// The wire encoding of the Feature and Features messages (see example_wire.h), by hand: the
// messages are small and fixed.
#include "io/example_wire.h"

#include <cstring>

#include "tfpp/errors.h"

namespace tf::train::wire {
namespace {

void put_tag(std::string& out, std::uint32_t field, WireType type) { put_varint(out, (field << 3) | type); }

BytesList decode_bytes_list(Reader r) {
  BytesList out;
  while (!r.done()) {
    const std::uint64_t tag = r.varint();
    if (tag == delimited(1)) out.value.push_back(r.bytes());
    else r.skip(tag & 7);
  }
  return out;
}

FloatList decode_float_list(Reader r) {
  FloatList out;
  while (!r.done()) {
    const std::uint64_t tag = r.varint();
    if (tag == delimited(1)) {
      Reader packed = r.sub();
      while (!packed.done()) out.value.push_back(packed.fixed32_float());
    } else if (tag == ((1 << 3) | kFixed32)) {
      out.value.push_back(r.fixed32_float());
    } else {
      r.skip(tag & 7);
    }
  }
  return out;
}

Int64List decode_int64_list(Reader r) {
  Int64List out;
  while (!r.done()) {
    const std::uint64_t tag = r.varint();
    if (tag == delimited(1)) {
      Reader packed = r.sub();
      while (!packed.done()) out.value.push_back(static_cast<std::int64_t>(packed.varint()));
    } else if (tag == ((1 << 3) | kVarint)) {
      out.value.push_back(static_cast<std::int64_t>(r.varint()));
    } else {
      r.skip(tag & 7);
    }
  }
  return out;
}

}  // namespace

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void put_bytes(std::string& out, std::uint32_t field, const std::string& bytes) {
  put_tag(out, field, kLengthDelimited);
  put_varint(out, bytes.size());
  out += bytes;
}

std::string encode_feature(const Feature& f) {
  std::string body, out;
  if (const auto* b = std::get_if<BytesList>(&f.kind)) {
    for (const std::string& v : b->value) put_bytes(body, 1, v);
    put_bytes(out, 1, body);
  } else if (const auto* fl = std::get_if<FloatList>(&f.kind)) {
    if (!fl->value.empty()) {
      std::string packed(fl->value.size() * 4, '\0');
      std::memcpy(packed.data(), fl->value.data(), packed.size());  // little-endian, as the wire format
      put_bytes(body, 1, packed);
    }
    put_bytes(out, 2, body);
  } else if (const auto* il = std::get_if<Int64List>(&f.kind)) {
    if (!il->value.empty()) {
      std::string packed;
      for (std::int64_t v : il->value) put_varint(packed, static_cast<std::uint64_t>(v));
      put_bytes(body, 1, packed);
    }
    put_bytes(out, 3, body);
  }
  return out;
}

std::string encode_features(const Features& features) {
  std::string out;
  for (const auto& [key, value] : features.feature) {
    std::string entry;
    put_bytes(entry, 1, key);
    put_bytes(entry, 2, encode_feature(value));
    put_bytes(out, 1, entry);
  }
  return out;
}

std::uint64_t Reader::varint() {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (p_ == end_) fail("truncated varint");
    const auto byte = static_cast<unsigned char>(*p_++);
    v |= std::uint64_t{byte & 0x7fu} << shift;
    if (!(byte & 0x80)) return v;
  }
  fail("varint longer than 10 bytes");
}

Reader Reader::sub() {
  const std::uint64_t n = varint();
  if (n > static_cast<std::uint64_t>(end_ - p_)) fail("length-delimited field runs past the end");
  Reader r(p_, n, message_);
  p_ += n;
  return r;
}

std::string Reader::bytes() {
  Reader r = sub();
  return std::string(r.p_, r.end_);
}

float Reader::fixed32_float() {
  if (end_ - p_ < 4) fail("truncated fixed32");
  float f;
  std::memcpy(&f, p_, 4);
  p_ += 4;
  return f;
}

void Reader::skip(std::uint32_t type) {
  switch (type) {
    case kVarint: varint(); return;
    case kFixed64: advance(8); return;
    case kLengthDelimited: sub(); return;
    case kFixed32: advance(4); return;
    default: fail("unsupported wire type " + std::to_string(type));
  }
}

void Reader::fail(const std::string& what) const {
  throw DataLossError(std::string("[") + message_ + "] invalid serialized " + message_ + ": " + what);
}

void Reader::advance(std::size_t n) {
  if (static_cast<std::size_t>(end_ - p_) < n) fail("truncated field");
  p_ += n;
}

Feature decode_feature(Reader r) {
  Feature f;
  while (!r.done()) {
    const std::uint64_t tag = r.varint();
    if (tag == delimited(1)) f.kind = decode_bytes_list(r.sub());
    else if (tag == delimited(2)) f.kind = decode_float_list(r.sub());
    else if (tag == delimited(3)) f.kind = decode_int64_list(r.sub());
    else r.skip(tag & 7);
  }
  return f;
}

void decode_features(Reader r, Features& out) {
  while (!r.done()) {
    const std::uint64_t tag = r.varint();
    if (tag != delimited(1)) {
      r.skip(tag & 7);
      continue;
    }
    Reader entry = r.sub();
    std::string key;
    Feature value;
    while (!entry.done()) {
      const std::uint64_t t = entry.varint();
      if (t == delimited(1)) key = entry.bytes();
      else if (t == delimited(2)) value = decode_feature(entry.sub());
      else entry.skip(t & 7);
    }
    out.feature[key] = std::move(value);  // a repeated key keeps the last, as protobuf maps do
  }
}

}  // namespace tf::train::wire

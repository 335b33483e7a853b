// tf::train::SequenceExample on the wire (field numbers in sequence_example.h; the Feature and
// Features encodings are example_wire.cc's).
#include "io/example_wire.h"
#include "tfpp/train/sequence_example.h"

namespace tf::train {
namespace {

FeatureList decode_feature_list(wire::Reader r) {
  FeatureList out;
  while (!r.done()) {
    const std::uint64_t tag = r.varint();
    if (tag == wire::delimited(1)) out.feature.push_back(wire::decode_feature(r.sub()));
    else r.skip(tag & 7);
  }
  return out;
}

void decode_feature_lists(wire::Reader r, FeatureLists& out) {
  while (!r.done()) {
    const std::uint64_t tag = r.varint();
    if (tag != wire::delimited(1)) {
      r.skip(tag & 7);
      continue;
    }
    wire::Reader entry = r.sub();
    std::string key;
    FeatureList value;
    while (!entry.done()) {
      const std::uint64_t t = entry.varint();
      if (t == wire::delimited(1)) key = entry.bytes();
      else if (t == wire::delimited(2)) value = decode_feature_list(entry.sub());
      else entry.skip(t & 7);
    }
    out.feature_list[key] = std::move(value);  // a repeated key keeps the last, as protobuf maps do
  }
}

}  // namespace

std::string SequenceExample::SerializeToString() const {
  std::string out;
  // Protobuf writes a sub-message only when it is set; tfpp's plain structs cannot tell an empty
  // one set from an unset one, so an empty one is left out (TensorFlow's bytes for the common case).
  if (!context.feature.empty()) wire::put_bytes(out, 1, wire::encode_features(context));
  if (!feature_lists.feature_list.empty()) {
    std::string lists;
    for (const auto& [key, list] : feature_lists.feature_list) {
      std::string features;
      for (const Feature& f : list.feature) wire::put_bytes(features, 1, wire::encode_feature(f));
      std::string entry;
      wire::put_bytes(entry, 1, key);
      wire::put_bytes(entry, 2, features);
      wire::put_bytes(lists, 1, entry);
    }
    wire::put_bytes(out, 2, lists);
  }
  return out;
}

SequenceExample SequenceExample::FromString(const std::string& bytes) {
  SequenceExample se;
  wire::Reader r(bytes.data(), bytes.size(), "SequenceExample");
  while (!r.done()) {
    const std::uint64_t tag = r.varint();
    if (tag == wire::delimited(1)) wire::decode_features(r.sub(), se.context);
    else if (tag == wire::delimited(2)) decode_feature_lists(r.sub(), se.feature_lists);
    else r.skip(tag & 7);
  }
  return se;
}

}  // namespace tf::train

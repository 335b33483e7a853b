// tf::train::Example on the wire: Example{Features features = 1}, as
// tensorflow/core/example/example.proto defines it (the Features encoding is example_wire.cc's).
#include "io/example_wire.h"
#include "tfpp/train/example.h"

namespace tf::train {

std::string Example::SerializeToString() const {
  std::string out;
  wire::put_bytes(out, 1, wire::encode_features(features));
  return out;
}

Example Example::FromString(const std::string& bytes) {
  Example ex;
  wire::Reader r(bytes.data(), bytes.size(), "Example");
  while (!r.done()) {
    const std::uint64_t tag = r.varint();
    if (tag == wire::delimited(1)) wire::decode_features(r.sub(), ex.features);  // repeats merge, as protobuf's
    else r.skip(tag & 7);
  }
  return ex;
}

}  // namespace tf::train

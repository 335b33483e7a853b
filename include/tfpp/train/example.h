// tf::train::Example: TensorFlow's Example protocol buffer (a map from names to lists of
// bytes, floats or int64s), encoded on the wire exactly as tensorflow/core/example/example.proto
// and feature.proto define it, so files written here are read by TensorFlow and vice versa.
//
//   tf::train::Example ex{.features = {.feature = {{"label", tf::train::Int64List{{3}}},
//                                                  {"image", tf::train::BytesList{{png}}}}}};
//   writer.write(ex.SerializeToString());
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace tf::train {

/// A list of byte strings (feature.proto's BytesList).
struct BytesList {
  std::vector<std::string> value;
};
/// A list of floats (FloatList).
struct FloatList {
  std::vector<float> value;
};
/// A list of int64s (Int64List).
struct Int64List {
  std::vector<std::int64_t> value;
};

/// One feature: one of the three lists, or nothing.
struct Feature {
  std::variant<std::monostate, BytesList, FloatList, Int64List> kind;

  Feature() = default;
  Feature(BytesList v) : kind(std::move(v)) {}   ///< tf.train.Feature(bytes_list=...)
  Feature(FloatList v) : kind(std::move(v)) {}   ///< tf.train.Feature(float_list=...)
  Feature(Int64List v) : kind(std::move(v)) {}   ///< tf.train.Feature(int64_list=...)
};

/// Named features.
struct Features {
  std::map<std::string, Feature> feature;
};

/// One example: its features.
struct Example {
  Features features;

  /// The protocol-buffer encoding (map entries in key order, lists packed).
  std::string SerializeToString() const;
  /// Decodes a serialized Example (packed or unpacked lists, unknown fields skipped); throws
  /// DataLossError if the bytes are not a valid encoding.
  static Example FromString(const std::string& bytes);
};

}  // namespace tf::train

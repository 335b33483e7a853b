// tf::train::SequenceExample: TensorFlow's SequenceExample protocol buffer, context features of
// the whole sequence plus a list of features per time step, encoded on the wire as
// tensorflow/core/example/example.proto and feature.proto define it:
//   SequenceExample{Features context = 1; FeatureLists feature_lists = 2}
//   FeatureLists{map<string, FeatureList> feature_list = 1}  FeatureList{repeated Feature feature = 1}
//
//   tf::train::SequenceExample se{
//       .context = {.feature = {{"length", tf::train::Int64List{{2}}}}},
//       .feature_lists = {.feature_list = {{"tokens", {.feature = {tf::train::Int64List{{4, 5}},
//                                                                  tf::train::Int64List{{6, 7}}}}}}}};
//   writer.write(se.SerializeToString());
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tfpp/train/example.h"

namespace tf::train {

/// The features of a sequence's time steps, one Feature per step (feature.proto's FeatureList).
struct FeatureList {
  std::vector<Feature> feature;
};

/// Named feature lists (FeatureLists).
struct FeatureLists {
  std::map<std::string, FeatureList> feature_list;
};

/// One sequence: features of the whole (context) and per-step feature lists.
struct SequenceExample {
  Features context;
  FeatureLists feature_lists;

  /// The protocol-buffer encoding, as TensorFlow writes it with deterministic serialization (map
  /// entries in key order, lists packed); an empty context or feature_lists is left out.
  std::string SerializeToString() const;
  /// Decodes a serialized SequenceExample (packed or unpacked lists, unknown fields skipped,
  /// repeated messages merged as protobuf merges them); throws DataLossError if the bytes are not
  /// a valid encoding.
  static SequenceExample FromString(const std::string& bytes);
};

}  // namespace tf::train

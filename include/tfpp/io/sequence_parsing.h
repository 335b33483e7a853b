// tf::io::parse_single_sequence_example / parse_sequence_example: decode serialized
// tf::train::SequenceExample records into tensors, as TensorFlow's ParseSequenceExampleV2 does.
//
// Context features (of the whole sequence) are described by FixedLenFeature (a dense tensor; its
// default_value must hold the shape's number of elements) or VarLenFeature (a SparseTensor);
// feature lists (one Feature per step) by FixedLenSequenceFeature (a dense [steps, *shape]
// tensor, a batch padded with 0 or "" to its longest list) or VarLenFeature (a SparseTensor of
// [steps, longest step] per sequence). Parsing runs through one graph op, eagerly or traced.
//
//   auto parsed = tf::io::parse_single_sequence_example(
//       record, {{"length", tf::io::FixedLenFeature{{}, tf::int64}}},
//       {{"tokens", tf::io::FixedLenSequenceFeature{{2}, tf::int64}}});
//   parsed.feature_lists.at("tokens");   // int64 [steps, 2]
#pragma once

#include <map>
#include <string>
#include <variant>

#include "tfpp/io/parsing.h"
#include "tfpp/sparse_tensor.h"

namespace tf::io {

/// A feature list whose every step holds `shape`'s number of values.
struct FixedLenSequenceFeature {
  TensorShape shape;           ///< one step's shape ({} for a scalar per step)
  DType dtype = float32;       ///< float32, int64 or string
  bool allow_missing = false;  ///< a sequence without this feature list parses as zero steps instead of failing
};

/// How to parse one feature list.
using SequenceFeatureSpec = std::variant<FixedLenSequenceFeature, VarLenFeature>;

/// The features parsed from one SequenceExample or a batch of them (then every result's first
/// dimension is the batch).
struct ParsedSequenceExamples {
  std::map<std::string, Tensor> context;                     ///< FixedLenFeature context features
  std::map<std::string, SparseTensor> context_sparse;        ///< VarLenFeature context features
  std::map<std::string, Tensor> feature_lists;               ///< FixedLenSequenceFeature lists
  std::map<std::string, SparseTensor> feature_lists_sparse;  ///< VarLenFeature lists
  std::map<std::string, Tensor> lengths;  ///< each FixedLenSequenceFeature list's number of steps (int64)
};

/// Parses `serialized`: a string vector of SequenceExamples (a batch), or a scalar (one).
ParsedSequenceExamples parse_sequence_example(const Tensor& serialized,
                                              const std::map<std::string, FeatureSpec>& context_features,
                                              const std::map<std::string, SequenceFeatureSpec>& sequence_features);
/// Parses one SequenceExample (a string scalar).
ParsedSequenceExamples parse_single_sequence_example(const Tensor& serialized,
                                                     const std::map<std::string, FeatureSpec>& context_features,
                                                     const std::map<std::string, SequenceFeatureSpec>& sequence_features);

}  // namespace tf::io

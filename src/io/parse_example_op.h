// The ParseExample op (tfpp internals): tf.io.parse_single_example / parse_example as one graph op,
// so parsing runs inside tf.function and Dataset.map functions too. Its VarLenFeatures come back
// as the (indices, values, dense_shape) of TensorFlow's SparseTensor, its ragged keys as the
// (values, row_splits) that TensorFlow's ParseExampleV2 gives and tf.io.RaggedFeature builds on.
#pragma once

#include <array>
#include <map>
#include <string>

#include "tfpp/io/parsing.h"

namespace tf::io {

/// A key parsed as one ragged dimension: its values and, per example, where its values start.
struct RaggedKey {
  DType dtype = float32;        ///< float32, int64 or string
  DType splits_dtype = int32;   ///< the row splits' dtype: int32 or int64
};

/// Parsed features: dense tensors for FixedLenFeatures, sparse triples for VarLenFeatures.
struct ParsedFeatures {
  std::map<std::string, Tensor> dense;
  std::map<std::string, std::array<Tensor, 3>> sparse;  ///< indices (int64 [n, rank]), values, dense_shape
  std::map<std::string, std::array<Tensor, 2>> ragged;  ///< values (all examples' in turn), row_splits [n + 1]
};

/// Parses `serialized` (a string scalar: one Example, or a vector: a batch, the first dimension of
/// every result) through the ParseExample op: eagerly now, or as a node of the current trace.
/// `ragged` keys come back as ParsedFeatures::ragged; a key must not be both a feature and a ragged key.
ParsedFeatures parse_example_features(const Tensor& serialized, const std::map<std::string, FeatureSpec>& features,
                                      const std::map<std::string, RaggedKey>& ragged = {});

}  // namespace tf::io

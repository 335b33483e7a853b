// The ParseExample op (tfpp internals): tf.io.parse_single_example / parse_example as one graph op,
// so parsing runs inside tf.function and Dataset.map functions too. Its VarLenFeatures come back
// as the (indices, values, dense_shape) of TensorFlow's SparseTensor.
#pragma once

#include <array>
#include <map>
#include <string>

#include "tfpp/io/parsing.h"

namespace tf::io {

/// Parsed features: dense tensors for FixedLenFeatures, sparse triples for VarLenFeatures.
struct ParsedFeatures {
  std::map<std::string, Tensor> dense;
  std::map<std::string, std::array<Tensor, 3>> sparse;  ///< indices (int64 [n, rank]), values, dense_shape
};

/// Parses `serialized` (a string scalar: one Example, or a vector: a batch, the first dimension of
/// every result) through the ParseExample op: eagerly now, or as a node of the current trace.
ParsedFeatures parse_example_features(const Tensor& serialized, const std::map<std::string, FeatureSpec>& features);

}  // namespace tf::io

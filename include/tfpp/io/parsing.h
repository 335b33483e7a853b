// tf::io::parse_single_example / parse_example: decode serialized tf::train::Example records
// into tensors, as described by FixedLenFeature and VarLenFeature specs.
//
// tfpp has no SparseTensor yet: a VarLenFeature comes back dense, as a 1-D tensor of the
// example's values (parse_single_example), or as [batch, longest] padded with 0 or ""
// (parse_example).
#pragma once

#include <map>
#include <string>
#include <variant>

#include "tfpp/tensor.h"

namespace tf::io {

/// A feature with a fixed number of values, reshaped to `shape`.
struct FixedLenFeature {
  TensorShape shape;          ///< the value's shape ({} for a scalar)
  DType dtype = float32;      ///< float32, int64 or string
  Tensor default_value;       ///< used when the feature is missing (undefined: the feature is required);
                              ///< a scalar fills the shape
};

/// A feature with any number of values (see the header comment for how it is returned).
struct VarLenFeature {
  DType dtype = float32;      ///< float32, int64 or string
};

/// How to parse one feature.
using FeatureSpec = std::variant<FixedLenFeature, VarLenFeature>;

/// Parses one serialized Example (a string scalar) into a tensor per requested feature.
std::map<std::string, Tensor> parse_single_example(const Tensor& serialized,
                                                   const std::map<std::string, FeatureSpec>& features);
/// Parses a batch (a 1-D string tensor) into tensors whose first dimension is the batch.
std::map<std::string, Tensor> parse_example(const Tensor& serialized, const std::map<std::string, FeatureSpec>& features);

}  // namespace tf::io

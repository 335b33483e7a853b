// tf::StructuredValue to and from TensorFlow's StructuredValue proto (struct.proto), and its
// TensorSpecs in TensorFlow's flattening order (nest.flatten: dict keys sorted).
#pragma once

#include <string>
#include <vector>

#include "proto/struct.pb.h"
#include "tfpp/structured_value.h"

namespace tf::saving {

/// The proto of `value`.
proto::StructuredValue to_proto(const StructuredValue& value);
/// The value a proto holds; throws UnimplementedError naming `where` for a kind tfpp does not
/// restore (a TypeSpec other than a TensorSpec, a TensorShape or DType value).
StructuredValue from_proto(const proto::StructuredValue& value, const std::string& where);
/// The TensorSpecs of `value`, in TensorFlow's flattening order.
std::vector<TensorSpec> flat_specs(const StructuredValue& value);
/// `value` with its TensorSpecs replaced by `specs`, in flat_specs' order.
StructuredValue with_specs(const StructuredValue& value, const std::vector<TensorSpec>& specs);

}  // namespace tf::saving

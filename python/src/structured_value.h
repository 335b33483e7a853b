// tf::StructuredValue to and from Python values (a SavedModel's signature values).
#pragma once

#include "bindings.h"
#include "tfpp/structured_value.h"

namespace tfpp_python {

/// A Python structure of None, bool, int, float, str and tf.TensorSpec in lists, tuples, named
/// tuples and dicts with string keys; TypeError for other values.
tf::StructuredValue structured_value_from(nb::handle value);
/// The Python value of a structured value (a named tuple as a collections.namedtuple).
nb::object structured_value_object(const tf::StructuredValue& value);

}  // namespace tfpp_python

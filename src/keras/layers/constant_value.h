// Constant initializers of arrays, and arrays in Keras configs. Keras 3 writes a NumPy array as
// {"class_name": "__numpy__", "config": {"value": nested lists, "dtype": "float64"}} (a tensor as
// "__tensor__"), and a Python list as the nested lists themselves; Constant's "value" may be any
// of them, or a number.
#pragma once

#include <string>

#include "tfpp/keras/config.h"
#include "tfpp/keras/initializers.h"
#include "tfpp/tensor.h"

namespace tf::keras::detail {

/// The array a config value holds: a number or nested lists of numbers as float64, a serialized
/// array in its dtype. Ragged lists and other values raise InvalidArgumentError naming `who`.
Tensor array_from_config(const ConfigValue& value, const std::string& who);
/// `value` (a real or integer tensor) as Keras serializes a NumPy array.
ConfigValue numpy_array_config(const Tensor& value);
/// Keras' Constant of `value` (cast to the weight's dtype times ones of its shape), its config
/// holding `recorded` as "value" (the number, lists or serialized array it was made from).
initializers::Initializer constant_initializer(const Tensor& value, ConfigValue recorded);

}  // namespace tf::keras::detail

// tf::StructuredValue: a value of a function's structured signature as a SavedModel records it
// (TensorFlow's struct.proto StructuredValue): the Python values a tf.function was traced with,
// with a TensorSpec wherever a tensor went.
//
//   // ((TensorSpec(shape=(), dtype=tf.float32, name='x'), True, 1), {})
//   tf::StructuredValue args = tf::StructuredValue::tuple(
//       {tf::StructuredValue::spec(tf::TensorSpec({}, tf::float32, "x")), true, std::int64_t{1}});
//   tf::StructuredValue signature = tf::StructuredValue::tuple({args, tf::StructuredValue::dict({}, {})});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/concrete_function.h"

namespace tf {

/// None, a bool, an integer, a float, a string, a TensorSpec, or a list, tuple, dict or named
/// tuple of them.
struct StructuredValue {
  enum class Kind { kNone, kBool, kInt, kFloat, kString, kTensorSpec, kList, kTuple, kDict, kNamedTuple };
  Kind kind = Kind::kNone;
  bool bool_value = false;
  std::int64_t int_value = 0;
  double float_value = 0;
  std::string string_value;               ///< a string, or a named tuple's type name
  std::optional<TensorSpec> tensor_spec;  ///< kTensorSpec
  std::vector<StructuredValue> items;     ///< a list's, tuple's, dict's or named tuple's values
  std::vector<std::string> keys;          ///< a dict's or named tuple's keys, beside `items`

  /// None.
  StructuredValue() = default;
  /// A bool.
  StructuredValue(bool b) : kind(Kind::kBool), bool_value(b) {}
  /// An integer.
  StructuredValue(std::int64_t i) : kind(Kind::kInt), int_value(i) {}
  /// A float.
  StructuredValue(double f) : kind(Kind::kFloat), float_value(f) {}
  /// A string.
  StructuredValue(std::string s) : kind(Kind::kString), string_value(std::move(s)) {}
  /// A string (not a bool).
  StructuredValue(const char* s) : StructuredValue(std::string(s)) {}
  /// A tensor's place.
  static StructuredValue spec(TensorSpec s);
  /// A list.
  static StructuredValue list(std::vector<StructuredValue> items);
  /// A tuple.
  static StructuredValue tuple(std::vector<StructuredValue> items);
  /// A dict: keys[i] maps to items[i].
  static StructuredValue dict(std::vector<std::string> keys, std::vector<StructuredValue> items);
  /// A named tuple of type `name` with fields keys[i] = items[i].
  static StructuredValue named_tuple(std::string name, std::vector<std::string> keys, std::vector<StructuredValue> items);

  /// How many TensorSpecs it holds, at any depth.
  std::size_t num_specs() const;
};

/// How a front end called a tf.function for one trace, which a SavedModel records with the
/// concrete function: (args, kwargs) as a StructuredValue tuple, the TensorSpecs standing for the
/// tensor arguments in the order of ConcreteFunction::inputs() (dict keys sorted), and the
/// function's parameters as Python's FullArgSpec (a named tuple).
struct StructuredSignature {
  StructuredValue inputs;
  StructuredValue fullargspec;
};

}  // namespace tf

// tf.experimental.Optional's value and ops, as TensorFlow's: an optional element (a tuple of
// tensors, or none) held by a variant scalar, so that it flows through traced functions and
// conditionals like a tensor. OptionalFromValue, OptionalNone, OptionalHasValue, OptionalGetValue
// and IteratorGetNextAsOptional run eagerly or become nodes of a trace.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// A variant scalar holding `value` (nullopt: an empty optional).
Tensor optional_variant(std::optional<Element> value);
/// The optional a variant scalar from optional_variant holds; InvalidArgumentError naming `op` for
/// another tensor.
const std::optional<Element>& optional_of(const Tensor& variant, std::string_view op);

/// OptionalFromValue: an optional holding `components` (at least one tensor).
Tensor optional_from_value(const std::vector<Tensor>& components);
/// OptionalNone: an empty optional.
Tensor optional_none();
/// OptionalHasValue: whether the optional holds a value, a bool scalar.
Tensor optional_has_value(const Tensor& optional);
/// OptionalGetValue: the optional's components, as tensors of `element_specs`;
/// InvalidArgumentError "The given optional does not have a value." for an empty one.
std::vector<Tensor> optional_get_value(const Tensor& optional, const std::vector<TensorSpec>& element_specs);
/// IteratorGetNextAsOptional: the next element of the iterator `handle` refers to as an optional,
/// empty at the end of the pass. Stateful, as IteratorGetNext.
Tensor iterator_get_next_as_optional(const Tensor& handle, const std::vector<TensorSpec>& element_specs);

}  // namespace tf::data::detail

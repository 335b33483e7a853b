// tf.strings for Python: the C++ string ops (StringLength, StringJoin, ReduceJoin, StringSplitV2,
// StringToNumber, StringFormat) under TensorFlow's names and signatures. All are ops, so they run
// eagerly and inside tf.function alike.
#include <algorithm>
#include <array>
#include <span>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "ops/execute.h"
#include "ops/string_format.h"
#include "tfpp/string_ops.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

/// An op input that must hold strings: Python values are converted to string tensors (TypeError
/// if they are not text, as TensorFlow's conversion), tensors are passed to the op, whose own
/// check raises InvalidArgumentError eagerly and TypeError while tracing, as TensorFlow's does.
tf::Tensor string_input(nb::handle value) { return to_tensor(value, tf::string); }

/// A list element of tf.strings.join: TensorFlow converts the list with dtype string, so a tensor
/// of another dtype is its ValueError "Tensor conversion requested dtype ...".
tf::Tensor join_input(nb::handle value) {
  tf::Tensor t = string_input(value);
  if (t.dtype() != tf::string)
    throw nb::value_error(("Tensor conversion requested dtype string for Tensor with dtype " +
                           std::string(tf::dtype_name(t.dtype())) + ": " + nb::cast<std::string>(nb::repr(value)))
                              .c_str());
  return t;
}

/// reduce_join over several axes, as TensorFlow orders the strings: the first axis listed varies
/// fastest. Joining one axis at a time, in the listed order, gives that order.
tf::Tensor reduce_join(nb::handle inputs, nb::handle axis, bool keepdims, const std::string& separator) {
  tf::Tensor t = string_input(inputs);
  tf::strings::ReduceJoinOptions options{.keepdims = keepdims, .separator = separator};
  if (axis.is_none()) return tf::strings::reduce_join(t, options);
  const std::int64_t rank = t.shape().has_unknown_rank() ? 0 : t.shape().rank();
  std::vector<std::int64_t> axes;
  for (std::int64_t a : int_list(axis)) {
    if (a < 0 && a >= -rank) a += rank;
    if (std::find(axes.begin(), axes.end(), a) == axes.end()) axes.push_back(a);
  }
  if (axes.empty()) return t;  // joining along no axis leaves every string as it is
  for (std::size_t i = 0; i < axes.size(); ++i) {
    options.axis = axes[i];
    t = tf::strings::reduce_join(t, options);
    // Without keepdims the joined axis is gone: the later ones above it move down by one.
    if (!keepdims)
      for (std::size_t j = i + 1; j < axes.size(); ++j)
        if (axes[j] > axes[i]) --axes[j];
  }
  return t;
}

/// tf.strings.split of a scalar: a 1-D tensor of the pieces. TensorFlow returns a RaggedTensor for
/// higher ranks, a type tfpp does not have, so those raise TypeError saying so.
tf::Tensor split(nb::handle input, nb::handle sep, std::int64_t maxsplit) {
  tf::Tensor t = string_input(input);
  if (t.shape().has_unknown_rank() || t.rank() != 0)
    throw nb::type_error(("tf.strings.split of a string tensor of shape " + t.shape().debug_string() +
                          " returns a RaggedTensor in TensorFlow, and tfpp has no RaggedTensor; split scalars "
                          "(e.g. one element at a time)").c_str());
  tf::strings::SplitOptions options{.maxsplit = maxsplit};
  if (!sep.is_none()) options.sep = nb::cast<std::string>(sep);
  return tf::strings::split(t, options);
}

/// The number of non-overlapping occurrences of `placeholder` in `text`.
std::size_t count_placeholders(const std::string& text, const std::string& placeholder) {
  if (placeholder.empty()) return 0;
  std::size_t count = 0;
  for (std::size_t at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + placeholder.size()))
    ++count;
  return count;
}

/// tf.strings.format: `inputs` is one tensor or a list of values, each formatted as tf.print does.
tf::Tensor format(const std::string& text, nb::handle inputs, const std::string& placeholder, std::int64_t summarize) {
  std::vector<tf::Tensor> tensors;
  if (nb::isinstance<nb::list>(inputs) || nb::isinstance<nb::tuple>(inputs)) {
    for (nb::handle v : nb::iter(inputs)) tensors.push_back(to_tensor(v));
  } else {
    tensors.push_back(to_tensor(inputs));
  }
  // TensorFlow's wrapper checks the count itself, before the op, with this ValueError.
  const std::size_t expected = count_placeholders(text, placeholder);
  if (expected != tensors.size())
    throw nb::value_error(("The template expects " + std::to_string(expected) + " tensors, but the inputs only has " +
                           std::to_string(tensors.size()) +
                           ". Please ensure the number of placeholders in template matches inputs length.")
                              .c_str());
  const std::array<tf::ops::AttrValue, 3> attrs{text, placeholder, summarize};
  return std::move(tf::ops::execute(tf::ops::string_format_op(), std::span<const tf::Tensor>(tensors), attrs)[0]);
}

}  // namespace

void bind_string_ops(nb::module_& m) {
  nb::module_ strings = m.def_submodule("strings", "tf.strings: operations on string tensors.");
  strings.def("length", [](nb::handle input, const std::string& unit, nb::handle) {
    return tf::strings::length(string_input(input), {.unit = unit});
  }, "input"_a, "unit"_a = "BYTE", "name"_a = nb::none(), "The length of each string, as int32.");
  strings.def("join", [](nb::handle inputs, const std::string& separator, nb::handle) {
    std::vector<tf::Tensor> tensors;
    for (nb::handle v : nb::iter(inputs)) tensors.push_back(join_input(v));
    return tf::strings::join(tensors, separator);
  }, "inputs"_a, "separator"_a = "", "name"_a = nb::none(),
     "Elementwise concatenation of string tensors of one shape (or scalars), with `separator` between them.");
  strings.def("reduce_join", [](nb::handle inputs, nb::handle axis, bool keepdims, const std::string& separator,
                                nb::handle) { return reduce_join(inputs, axis, keepdims, separator); },
              "inputs"_a, "axis"_a = nb::none(), "keepdims"_a = false, "separator"_a = "", "name"_a = nb::none(),
              "Concatenates the strings along `axis` (all axes when None).");
  strings.def("split", [](nb::handle input, nb::handle sep, std::int64_t maxsplit, nb::handle) {
    return split(input, sep, maxsplit);
  }, "input"_a, "sep"_a = nb::none(), "maxsplit"_a = -1, "name"_a = nb::none(),
     "The pieces of a string scalar split on `sep` (runs of whitespace when None).");
  strings.def("to_number", [](nb::handle input, nb::handle out_type, nb::handle) {
    return tf::strings::to_number(string_input(input), dtype_from(out_type));
  }, "input"_a, "out_type"_a = nb::str("float32"), "name"_a = nb::none(),
     "Each string parsed as a number of `out_type`.");
  strings.def("format", [](const std::string& text, nb::handle inputs, const std::string& placeholder,
                           std::int64_t summarize, nb::handle) { return format(text, inputs, placeholder, summarize); },
              "template"_a, "inputs"_a, "placeholder"_a = "{}", "summarize"_a = 3, "name"_a = nb::none(),
              "A string scalar: `template` with each placeholder replaced by the next input's values.");
}

}  // namespace tfpp_python

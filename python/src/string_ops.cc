// tf.strings for Python: the C++ string ops (StringLength, StringJoin, ReduceJoin,
// UnsortedSegmentJoin, StringSplitV2, StringToNumber, StringFormat, StringLower/Upper/Strip,
// Substr, AsString, the regex ops) under TensorFlow's names and signatures. All are ops, so they
// run eagerly and inside tf.function alike.
#include <algorithm>
#include <array>
#include <span>

#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "ops/execute.h"
#include "ops/op_def.h"
#include "tfpp/constant.h"
#include "ops/string_format.h"
#include "tfpp/string_ops.h"
#include "tfpp/string_segment_join.h"
#include "tfpp/unicode_script.h"

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

/// The StringSplitV2 op on a vector of strings: the pieces in TensorFlow's sparse form (indices
/// [n, 2], values [n], dense_shape [2]), from which tf.strings.split (python/tfpp/ragged) builds
/// its RaggedTensor.
std::tuple<tf::Tensor, tf::Tensor, tf::Tensor> split_v2(nb::handle input, nb::handle sep, std::int64_t maxsplit) {
  static const tf::ops::OpDef& op = *tf::ops::find_op("StringSplitV2");
  const std::array<tf::ops::AttrValue, 1> attrs{maxsplit};
  const tf::Tensor separator = sep.is_none() ? tf::constant(std::string()) : string_input(sep);
  tf::ops::Outputs out = tf::ops::execute(op, {string_input(input), separator}, attrs);
  return std::tuple(std::move(out[0]), std::move(out[1]), std::move(out[2]));
}

/// pos and len of tf.strings.substr: as TensorFlow's op wrapper, a Python value takes the dtype
/// of the other argument when that is a tensor (int32 otherwise).
std::pair<tf::Tensor, tf::Tensor> substr_indices(nb::handle pos, nb::handle len) {
  const bool pos_tensor = nb::isinstance<tf::Tensor>(pos), len_tensor = nb::isinstance<tf::Tensor>(len);
  if (!pos_tensor && len_tensor) {
    tf::Tensor l = to_tensor(len);
    return {to_tensor(pos, l.dtype()), l};
  }
  tf::Tensor p = to_tensor(pos);
  return {p, len_tensor ? to_tensor(len) : to_tensor(len, p.dtype())};
}

/// True for a Python str or bytes: TensorFlow's regex functions then use the Static op, whose
/// pattern is an attribute.
bool is_text(nb::handle value) { return nb::isinstance<nb::str>(value) || nb::isinstance<nb::bytes>(value); }

/// The bytes of a Python str or bytes.
std::string text_of(nb::handle value) {
  if (nb::isinstance<nb::bytes>(value)) {
    nb::bytes b = nb::borrow<nb::bytes>(value);
    return std::string(b.c_str(), b.size());
  }
  return nb::cast<std::string>(value);
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
  strings.def("unsorted_segment_join", [](nb::handle inputs, nb::handle segment_ids, nb::handle num_segments,
                                          const std::string& separator, nb::handle) {
    return tf::strings::unsorted_segment_join(string_input(inputs), to_tensor(segment_ids), to_tensor(num_segments),
                                              separator);
  }, "inputs"_a, "segment_ids"_a, "num_segments"_a, "separator"_a = "", "name"_a = nb::none(),
     "Each segment's strings joined with `separator`, in input order (\"\" for an empty segment).");
  strings.def("_split_v2", &split_v2, "input"_a, "sep"_a.none(), "maxsplit"_a,
              "The StringSplitV2 op: the pieces of each string of a vector as (indices, values, dense_shape).");
  strings.def("to_number", [](nb::handle input, nb::handle out_type, nb::handle) {
    return tf::strings::to_number(string_input(input), dtype_from(out_type));
  }, "input"_a, "out_type"_a = nb::str("float32"), "name"_a = nb::none(),
     "Each string parsed as a number of `out_type`.");
  strings.def("format", [](const std::string& text, nb::handle inputs, const std::string& placeholder,
                           std::int64_t summarize, nb::handle) { return format(text, inputs, placeholder, summarize); },
              "template"_a, "inputs"_a, "placeholder"_a = "{}", "summarize"_a = 3, "name"_a = nb::none(),
              "A string scalar: `template` with each placeholder replaced by the next input's values.");
  strings.def("lower", [](nb::handle input, const std::string& encoding, nb::handle) {
    return tf::strings::lower(string_input(input), encoding);
  }, "input"_a, "encoding"_a = "", "name"_a = nb::none(),
     "Each string lowercased: ASCII only when `encoding` is \"\", all of Unicode when \"utf-8\".");
  strings.def("upper", [](nb::handle input, const std::string& encoding, nb::handle) {
    return tf::strings::upper(string_input(input), encoding);
  }, "input"_a, "encoding"_a = "", "name"_a = nb::none(),
     "Each string uppercased: ASCII only when `encoding` is \"\", all of Unicode when \"utf-8\".");
  strings.def("unicode_script", [](nb::handle input, nb::handle name) {
    NodeName named(name);
    return tf::strings::unicode_script(to_tensor(input, tf::int32));
  }, "input"_a, "name"_a = nb::none());
  strings.def("strip", [](nb::handle input, nb::handle) { return tf::strings::strip(string_input(input)); },
              "input"_a, "name"_a = nb::none(), "Each string without leading and trailing ASCII whitespace.");
  strings.def("substr", [](nb::handle input, nb::handle pos, nb::handle len, const std::string& unit, nb::handle) {
    auto [p, l] = substr_indices(pos, len);
    return tf::strings::substr(string_input(input), p, l, {.unit = unit});
  }, "input"_a, "pos"_a, "len"_a, "unit"_a = "BYTE", "name"_a = nb::none(),
     "The substring of each string at `pos` of at most `len` bytes (or UTF-8 characters).");
  strings.def("as_string", [](nb::handle input, std::int64_t precision, bool scientific, bool shortest,
                              std::int64_t width, const std::string& fill, nb::handle) {
    return tf::strings::as_string(to_tensor(input), {.precision = precision, .scientific = scientific,
                                                     .shortest = shortest, .width = width, .fill = fill});
  }, "input"_a, "precision"_a = -1, "scientific"_a = false, "shortest"_a = false, "width"_a = -1, "fill"_a = "",
     "name"_a = nb::none(), "Each element formatted as text.");
  strings.def("regex_replace", [](nb::handle input, nb::handle pattern, nb::handle rewrite, bool replace_global,
                                  nb::handle) {
    const tf::strings::RegexReplaceOptions options{.replace_global = replace_global};
    if (is_text(pattern) && is_text(rewrite))
      return tf::strings::regex_replace(string_input(input), text_of(pattern), text_of(rewrite), options);
    return tf::strings::regex_replace(string_input(input), string_input(pattern), string_input(rewrite), options);
  }, "input"_a, "pattern"_a, "rewrite"_a, "replace_global"_a = true, "name"_a = nb::none(),
     "Each string with the matches of the RE2 `pattern` replaced by `rewrite`.");
  strings.def("regex_full_match", [](nb::handle input, nb::handle pattern, nb::handle) {
    if (is_text(pattern)) return tf::strings::regex_full_match(string_input(input), text_of(pattern));
    return tf::strings::regex_full_match(string_input(input), string_input(pattern));
  }, "input"_a, "pattern"_a, "name"_a = nb::none(), "Whether each string matches the RE2 `pattern` as a whole.");
}

}  // namespace tfpp_python

// tf.math.bincount, confusion_matrix, in_top_k (also tf.nn.in_top_k, set in tfpp/__init__.py) and
// cumulative_logsumexp for Python, bound from counting_ops.h and statistics_ops.h.
#include <nanobind/stl/string.h>

#include <optional>

#include "bindings.h"
#include "tfpp/counting_ops.h"
#include "tfpp/statistics_ops.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

std::optional<std::int64_t> optional_int(nb::handle value) {
  if (value.is_none()) return std::nullopt;
  return nb::cast<std::int64_t>(value);
}

tf::Tensor optional_tensor(nb::handle value) { return value.is_none() ? tf::Tensor() : to_tensor(value); }

}  // namespace

void bind_math_counting(nb::module_& m) {
  nb::module_ math = nb::borrow<nb::module_>(m.attr("math"));
  math.def("bincount", [](nb::handle arr, nb::handle weights, nb::handle minlength, nb::handle maxlength, nb::handle dtype,
                          nb::handle name, nb::handle axis, bool binary_output) {
    const int a = axis.is_none() ? 0 : nb::cast<int>(axis);
    if (a != 0 && a != -1)
      throw nb::value_error(("Unsupported value for argument axis=" + std::to_string(a) +
                             ". Only 0 and -1 are currently supported.").c_str());
    if (!weights.is_none() && binary_output)
      throw nb::value_error("Arguments `binary_output` and `weights` are mutually exclusive. Please specify only one.");
    NodeName named(name);
    return tf::math::bincount(to_tensor(arr), {.weights = optional_tensor(weights), .minlength = optional_int(minlength),
                                               .maxlength = optional_int(maxlength), .dtype = dtype_from(dtype), .axis = a,
                                               .binary_output = binary_output});
  }, "arr"_a, "weights"_a = nb::none(), "minlength"_a = nb::none(), "maxlength"_a = nb::none(),
     "dtype"_a = nb::str("int32"), "name"_a = nb::none(), "axis"_a = nb::none(), "binary_output"_a = false);
  math.def("confusion_matrix", [](nb::handle labels, nb::handle predictions, nb::handle num_classes, nb::handle weights,
                                  nb::handle dtype, nb::handle name) {
    const tf::Tensor p = to_tensor(predictions), w = optional_tensor(weights);
    if (w.defined() && !w.shape().is_compatible_with(p.shape()))  // TensorFlow's static shape check
      throw nb::value_error(("Shapes " + p.shape().to_string() + " and " + w.shape().to_string() + " are incompatible").c_str());
    NodeName named(name);
    return tf::math::confusion_matrix(to_tensor(labels), p,
                                      {.num_classes = optional_int(num_classes), .weights = w, .dtype = dtype_from(dtype)});
  }, "labels"_a, "predictions"_a, "num_classes"_a = nb::none(), "weights"_a = nb::none(), "dtype"_a = nb::str("int32"),
     "name"_a = nb::none());
  math.def("in_top_k", [](nb::handle targets, nb::handle predictions, std::int64_t k, nb::handle name) {
    NodeName named(name);
    return tf::math::in_top_k(to_tensor(targets), to_tensor(predictions), k);
  }, "targets"_a, "predictions"_a, "k"_a, "name"_a = nb::none());
  math.def("cumulative_logsumexp", [](nb::handle x, std::int64_t axis, bool exclusive, bool reverse, nb::handle name) {
    NodeName named(name);
    return tf::math::cumulative_logsumexp(to_tensor(x), axis, {.exclusive = exclusive, .reverse = reverse});
  }, "x"_a, "axis"_a = 0, "exclusive"_a = false, "reverse"_a = false, "name"_a = nb::none());
}

}  // namespace tfpp_python

// The everyday array functions for Python, with TensorFlow's names and arguments: broadcast_to,
// broadcast_dynamic_shape, meshgrid, roll, reverse_sequence, repeat, sequence_mask, unique,
// searchsorted, the tensor_scatter_nd_* family, unravel_index, sort and argsort at top level, and
// tf.math's invert_permutation and monotonic checks. tfpp/array_everyday.py wraps the few that
// return TensorFlow's named tuples.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/index_ops.h"
#include "tfpp/scatter_ops.h"
#include "tfpp/search_ops.h"
#include "tfpp/sequence_ops.h"
#include "tfpp/unique_ops.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
using ScatterFn = tf::Tensor (*)(const tf::Tensor&, const tf::IntArray&, const tf::Tensor&);

// Integers given as a Python int, a list or an int tensor (TensorFlow converts them as int32).
tf::IntArray ints_of(nb::handle value) { return tf::IntArray(to_tensor_hinted(value, tf::int32)); }

std::optional<std::int64_t> optional_axis(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  return nb::cast<std::int64_t>(axis);
}

const std::pair<const char*, ScatterFn> kScatters[] = {
    {"tensor_scatter_nd_update", tf::tensor_scatter_nd_update}, {"tensor_scatter_nd_add", tf::tensor_scatter_nd_add},
    {"tensor_scatter_nd_sub", tf::tensor_scatter_nd_sub},       {"tensor_scatter_nd_max", tf::tensor_scatter_nd_max},
    {"tensor_scatter_nd_min", tf::tensor_scatter_nd_min},
};

}  // namespace

void bind_array_everyday_ops(nb::module_& m) {
  m.def("broadcast_to", [](nb::handle input, nb::handle shape, nb::handle name) {
    NodeName named(name);
    return tf::broadcast_to(to_tensor(input), ints_of(shape));
  }, "input"_a, "shape"_a, "name"_a = nb::none());
  m.def("broadcast_dynamic_shape", [](nb::handle shape_x, nb::handle shape_y) {
    return tf::broadcast_dynamic_shape(to_tensor_hinted(shape_x, tf::int32), to_tensor_hinted(shape_y, tf::int32));
  }, "shape_x"_a, "shape_y"_a);
  m.def("meshgrid", [](nb::args args, const std::string& indexing, nb::handle name) {
    NodeName named(name);
    std::vector<tf::Tensor> inputs;
    for (nb::handle a : args) inputs.push_back(to_tensor(a));
    return python_argument_errors("meshgrid", [&] { return tf::meshgrid(inputs, indexing); });
  }, "args"_a, "indexing"_a = "xy", "name"_a = nb::none());
  m.def("roll", [](nb::handle input, nb::handle shift, nb::handle axis, nb::handle name) {
    NodeName named(name);
    return tf::roll(to_tensor(input), ints_of(shift), ints_of(axis));
  }, "input"_a, "shift"_a, "axis"_a, "name"_a = nb::none());
  m.def("reverse_sequence", [](nb::handle input, nb::handle seq_lengths, nb::handle seq_axis, nb::handle batch_axis,
                               nb::handle name) {
    NodeName named(name);
    return tf::reverse_sequence(to_tensor(input), tf::IntArray(to_tensor_hinted(seq_lengths, tf::int64)),
                                nb::cast<std::int64_t>(seq_axis), optional_axis(batch_axis).value_or(0));
  }, "input"_a, "seq_lengths"_a, "seq_axis"_a = nb::none(), "batch_axis"_a = nb::none(), "name"_a = nb::none());
  m.def("repeat", [](nb::handle input, nb::handle repeats, nb::handle axis, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = to_tensor(input);
    const tf::IntArray counts = ints_of(repeats);
    return python_argument_errors("repeat", [&] { return tf::repeat(x, counts, optional_axis(axis)); });
  }, "input"_a, "repeats"_a, "axis"_a = nb::none(), "name"_a = nb::none());
  m.def("sequence_mask", [](nb::handle lengths, nb::handle maxlen, nb::handle dtype, nb::handle name) {
    NodeName named(name);
    std::optional<tf::Tensor> limit;
    if (!maxlen.is_none()) limit = to_tensor_hinted(maxlen, tf::int32);
    const tf::Tensor l = to_tensor(lengths);
    const tf::DType out = dtype.is_none() ? tf::bool_ : dtype_from(dtype);
    return python_argument_errors("sequence_mask", [&] { return tf::sequence_mask(l, limit, out); });
  }, "lengths"_a, "maxlen"_a = nb::none(), "dtype"_a = nb::none(), "name"_a = nb::none());
  m.def("_unique", [](nb::handle x, nb::handle out_idx, nb::handle name) {
    NodeName named(name);
    const tf::UniqueResult r = tf::unique(to_tensor(x), dtype_from(out_idx));
    return std::tuple(r.y, r.idx);
  }, "x"_a, "out_idx"_a, "name"_a = nb::none());
  m.def("_unique_with_counts", [](nb::handle x, nb::handle out_idx, nb::handle name) {
    NodeName named(name);
    const tf::UniqueWithCountsResult r = tf::unique_with_counts(to_tensor(x), dtype_from(out_idx));
    return std::tuple(r.y, r.idx, r.count);
  }, "x"_a, "out_idx"_a, "name"_a = nb::none());
  m.def("searchsorted", [](nb::handle sorted_sequence, nb::handle values, const std::string& side, nb::handle out_type,
                           nb::handle name) {
    NodeName named(name);
    auto [sorted, v] = binary_operands(sorted_sequence, values);
    return python_argument_errors("searchsorted", [&] { return tf::searchsorted(sorted, v, side, dtype_from(out_type)); });
  }, "sorted_sequence"_a, "values"_a, "side"_a = "left", "out_type"_a = nb::str("int32"), "name"_a = nb::none());
  for (const auto& [py_name, fn] : kScatters) {
    m.def(py_name, [fn](nb::handle tensor, nb::handle indices, nb::handle updates, nb::handle name) {
      NodeName named(name);
      const tf::Tensor t = to_tensor(tensor);
      return fn(t, ints_of(indices), operand_like(updates, t));
    }, "tensor"_a, "indices"_a, "updates"_a, "name"_a = nb::none());
  }
  m.def("unravel_index", [](nb::handle indices, nb::handle dims, nb::handle name) {
    NodeName named(name);
    return tf::unravel_index(to_tensor(indices), ints_of(dims));
  }, "indices"_a, "dims"_a, "name"_a = nb::none());
  m.def("sort", [](nb::handle values, std::int64_t axis, const std::string& direction, nb::handle name) {
    NodeName named(name);
    return tf::sort(to_tensor(values), axis, direction);
  }, "values"_a, "axis"_a = -1, "direction"_a = "ASCENDING", "name"_a = nb::none());
  m.def("argsort", [](nb::handle values, std::int64_t axis, const std::string& direction, bool stable, nb::handle name) {
    NodeName named(name);
    return tf::argsort(to_tensor(values), axis, direction, stable);
  }, "values"_a, "axis"_a = -1, "direction"_a = "ASCENDING", "stable"_a = false, "name"_a = nb::none());

  nb::module_ math = nb::borrow<nb::module_>(m.attr("math"));
  math.def("invert_permutation", [](nb::handle x, nb::handle name) {
    NodeName named(name);
    return tf::math::invert_permutation(to_tensor(x));
  }, "x"_a, "name"_a = nb::none());
  math.def("is_non_decreasing", [](nb::handle x, nb::handle name) {
    NodeName named(name);
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("is_non_decreasing", [&] { return tf::math::is_non_decreasing(t); }, true);
  }, "x"_a, "name"_a = nb::none());
  math.def("is_strictly_increasing", [](nb::handle x, nb::handle name) {
    NodeName named(name);
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("is_strictly_increasing", [&] { return tf::math::is_strictly_increasing(t); }, true);
  }, "x"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python

// tf.math's composite reductions, segment reductions, add_n and l2_normalize for Python (with
// their tf.nn / tf.linalg / top-level aliases set in tfpp/__init__.py), bound from
// statistics_ops.h, segment_ops.h, add_n.h and l2_normalize.h.
#include <nanobind/stl/string.h>

#include <vector>

#include "bindings.h"
#include "tfpp/add_n.h"
#include "tfpp/l2_normalize.h"
#include "tfpp/segment_ops.h"
#include "tfpp/statistics_ops.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
using ReduceAllFn = tf::Tensor (*)(const tf::Tensor&, const tf::ReduceOptions&);
using ReduceAxesFn = tf::Tensor (*)(const tf::Tensor&, const tf::Axes&, const tf::ReduceOptions&);
using SegmentFn = tf::Tensor (*)(const tf::Tensor&, const tf::IntArray&);
using UnsortedSegmentFn = tf::Tensor (*)(const tf::Tensor&, const tf::IntArray&, const tf::Tensor&);

struct Reduction {
  const char* name;
  ReduceAllFn all;
  ReduceAxesFn axes;
  bool floating_only;  // TensorFlow raises TypeError for integer input
};

const Reduction kReductions[] = {
    {"reduce_logsumexp", tf::math::reduce_logsumexp, tf::math::reduce_logsumexp, false},
    {"reduce_variance", tf::math::reduce_variance, tf::math::reduce_variance, true},
    {"reduce_std", tf::math::reduce_std, tf::math::reduce_std, true},
    {"reduce_euclidean_norm", tf::math::reduce_euclidean_norm, tf::math::reduce_euclidean_norm, false},
};

struct Segment {
  const char* name;
  SegmentFn fn;
};

struct UnsortedSegment {
  const char* name;
  UnsortedSegmentFn fn;
};

const Segment kSegments[] = {
    {"segment_sum", tf::math::segment_sum},   {"segment_mean", tf::math::segment_mean},
    {"segment_max", tf::math::segment_max},   {"segment_min", tf::math::segment_min},
    {"segment_prod", tf::math::segment_prod},
};

const UnsortedSegment kUnsortedSegments[] = {
    {"unsorted_segment_sum", tf::math::unsorted_segment_sum},
    {"unsorted_segment_mean", tf::math::unsorted_segment_mean},
    {"unsorted_segment_max", tf::math::unsorted_segment_max},
    {"unsorted_segment_min", tf::math::unsorted_segment_min},
    {"unsorted_segment_prod", tf::math::unsorted_segment_prod},
    {"unsorted_segment_sqrt_n", tf::math::unsorted_segment_sqrt_n},
};

// TensorFlow's message for a list that holds no tensor.
constexpr const char* kAddNInputs = "Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and shape.";

}  // namespace

void bind_math_reductions(nb::module_& m) {
  nb::module_ math = nb::borrow<nb::module_>(m.attr("math"));
  for (const Reduction& r : kReductions) {
    ReduceAllFn all = r.all;
    ReduceAxesFn axes = r.axes;
    const bool floating_only = r.floating_only;
    math.def(r.name, [all, axes, floating_only](nb::handle input, nb::handle axis, bool keepdims, nb::handle name) {
      NodeName named(name);
      tf::Tensor x = to_tensor(input);
      if (floating_only && tf::is_integer(x.dtype()))
        throw nb::type_error(("Input must be either real or complex. Received integer type <dtype: '" +
                              std::string(tf::dtype_name(x.dtype())) + "'>.").c_str());
      if (axis.is_none()) return all(x, {.keepdims = keepdims});
      return axes(x, tf::Axes(int_list(axis)), {.keepdims = keepdims});
    }, "input_tensor"_a, "axis"_a = nb::none(), "keepdims"_a = false, "name"_a = nb::none());
  }
  math.def("count_nonzero", [](nb::handle input, nb::handle axis, nb::handle keepdims, nb::handle dtype, nb::handle name) {
    NodeName named(name);
    const tf::ReduceOptions options{.keepdims = !keepdims.is_none() && nb::cast<bool>(keepdims)};
    tf::Tensor x = to_tensor(input);
    if (axis.is_none()) return tf::math::count_nonzero(x, options, dtype_from(dtype));
    return tf::math::count_nonzero(x, tf::Axes(int_list(axis)), options, dtype_from(dtype));
  }, "input"_a, "axis"_a = nb::none(), "keepdims"_a = nb::none(), "dtype"_a = nb::str("int64"), "name"_a = nb::none());
  math.def("zero_fraction", [](nb::handle value, nb::handle name) {
    NodeName named(name);
    return tf::math::zero_fraction(to_tensor(value));
  }, "value"_a, "name"_a = nb::none());
  math.def("add_n", [](nb::handle inputs, nb::handle name) {
    if (!nb::isinstance<nb::sequence>(inputs) || nb::len(inputs) == 0) throw nb::value_error(kAddNInputs);
    std::vector<tf::Tensor> tensors;
    for (nb::handle item : inputs) tensors.push_back(to_tensor(item));
    NodeName named(name);
    return tf::math::add_n(tensors);
  }, "inputs"_a, "name"_a = nb::none());
  math.def("l2_normalize", [](nb::handle x, nb::handle axis, double epsilon, nb::handle name, nb::handle dim) {
    NodeName named(name);
    tf::Tensor t = to_tensor(x);
    nb::handle a = axis.is_none() ? dim : axis;  // `dim` is TensorFlow's deprecated name of axis
    if (a.is_none()) return tf::math::l2_normalize(t, {.epsilon = epsilon});
    return tf::math::l2_normalize(t, tf::Axes(int_list(a)), {.epsilon = epsilon});
  }, "x"_a, "axis"_a = nb::none(), "epsilon"_a = 1e-12, "name"_a = nb::none(), "dim"_a = nb::none());
  for (const auto& [op_name, fn] : kSegments) {
    SegmentFn f = fn;
    math.def(op_name, [f](nb::handle data, nb::handle segment_ids, nb::handle name) {
      NodeName named(name);
      return f(to_tensor(data), to_tensor(segment_ids));
    }, "data"_a, "segment_ids"_a, "name"_a = nb::none());
  }
  for (const auto& [op_name, fn] : kUnsortedSegments) {
    UnsortedSegmentFn f = fn;
    math.def(op_name, [f](nb::handle data, nb::handle segment_ids, nb::handle num_segments, nb::handle name) {
      NodeName named(name);
      return f(to_tensor(data), to_tensor(segment_ids), to_tensor(num_segments));
    }, "data"_a, "segment_ids"_a, "num_segments"_a, "name"_a = nb::none());
  }
}

}  // namespace tfpp_python

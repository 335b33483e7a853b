// tf.map_fn, tf.scan, tf.foldl and tf.foldr for Python: the C++ core's functions over Python
// callables that take and return flat lists of tensors (tfpp/functional_ops.py packs the nested
// structures around them).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/functional_ops.h"

namespace tfpp_python {

// A Python sequence of tensor-like values as tensors (control_flow.cc).
std::vector<tf::Tensor> flat_tensors(nb::handle values);

namespace {

using namespace nb::literals;

std::optional<std::vector<tf::Tensor>> optional_list(nb::handle values) {
  if (values.is_none()) return std::nullopt;
  return flat_tensors(values);
}

tf::AccumulateFn accumulate_fn(nb::callable fn) {
  return [fn](const std::vector<tf::Tensor>& acc, const std::vector<tf::Tensor>& x) {
    return flat_tensors(fn(nb::cast(acc), nb::cast(x)));
  };
}

}  // namespace

void bind_functional_ops(nb::module_& m) {
  m.def("_map_fn_flat", [](nb::callable fn, nb::handle elems, nb::handle dtypes, bool infer_shape) {
    tf::MapFnOptions options{.infer_shape = infer_shape};
    for (nb::handle d : nb::iter(dtypes)) options.fn_output_signature.push_back(dtype_from(d));
    return python_argument_errors("map_fn", [&] {
      return tf::map_fn([fn](const std::vector<tf::Tensor>& x) { return flat_tensors(fn(nb::cast(x))); },
                        flat_tensors(elems), options);
    });
  }, "fn"_a, "elems"_a, "dtypes"_a, "infer_shape"_a = true,
        "tf.map_fn over flat lists: fn(slices) returns a list of tensors of `dtypes`.");
  m.def("_scan_flat", [](nb::callable fn, nb::handle elems, nb::handle initializer, bool reverse) {
    return python_argument_errors("scan", [&] {
      return tf::scan(accumulate_fn(fn), flat_tensors(elems), optional_list(initializer), reverse);
    });
  }, "fn"_a, "elems"_a, "initializer"_a.none(), "reverse"_a = false,
        "tf.scan over flat lists: fn(acc, slices) returns the next accumulators.");
  m.def("_fold_flat", [](nb::callable fn, nb::handle elems, nb::handle initializer, bool from_right) {
    using FlatFold = std::vector<tf::Tensor> (*)(const tf::AccumulateFn&, const std::vector<tf::Tensor>&,
                                                 const std::optional<std::vector<tf::Tensor>>&);
    const FlatFold fold = from_right ? FlatFold(tf::foldr) : FlatFold(tf::foldl);
    return python_argument_errors(from_right ? "foldr" : "foldl", [&] {
      return fold(accumulate_fn(fn), flat_tensors(elems), optional_list(initializer));
    });
  }, "fn"_a, "elems"_a, "initializer"_a.none(), "from_right"_a = false,
        "tf.foldl / tf.foldr over flat lists: the final accumulators.");
}

}  // namespace tfpp_python

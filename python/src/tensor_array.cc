// tf.TensorArray for Python: the C++ core's TensorArray (eager and traced). tf.while_loop and
// tf.cond (tfpp/control_flow.py) carry it as its flow tensor and rebuild it with _with_flow /
// _branch_array, as the C++ loops do.
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "dtype_object.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

std::int64_t array_size(nb::handle size) {
  if (size.is_none()) return 0;
  if (is_tensor_like(size)) {
    tf::Tensor t = to_tensor(size);
    if (t.is_symbolic())
      throw nb::value_error("[TensorArray] size must be known while tracing (a Python int or an eager tensor); use "
                            "dynamic_size=True to grow the array");
    return nb::cast<std::int64_t>(nb::int_(size));
  }
  return nb::cast<std::int64_t>(size);
}

}  // namespace

void bind_tensor_array(nb::module_& m) {
  nb::class_<tf::TensorArray>(m, "TensorArray", "A list of tensors of one dtype, eagerly and inside tf.function.")
      .def("__init__", [](tf::TensorArray* self, nb::handle dtype, nb::handle size, bool dynamic_size,
                          bool clear_after_read, nb::handle, nb::handle, nb::handle, bool infer_shape,
                          nb::handle element_shape, nb::handle, nb::handle) {
        tf::TensorArrayOptions options{.size = array_size(size), .dynamic_size = dynamic_size,
                                       .clear_after_read = clear_after_read, .infer_shape = infer_shape};
        if (!element_shape.is_none()) options.element_shape = shape_from(element_shape);
        new (self) tf::TensorArray(dtype_from(dtype), options);
      }, "dtype"_a, "size"_a = nb::none(), "dynamic_size"_a = false, "clear_after_read"_a = true,
         "tensor_array_name"_a = nb::none(), "handle"_a = nb::none(), "flow"_a = nb::none(), "infer_shape"_a = true,
         "element_shape"_a = nb::none(), "colocate_with_first_write_call"_a = nb::none(), "name"_a = nb::none())
      .def("write", [](const tf::TensorArray& ta, nb::handle index, nb::handle value, nb::handle) {
        return ta.write(to_tensor(index, tf::int32), to_tensor(value, ta.dtype()));
      }, "index"_a, "value"_a, "name"_a = nb::none(), "The array with element `index` set to `value`.")
      .def("read", [](const tf::TensorArray& ta, nb::handle index, nb::handle) {
        return ta.read(to_tensor(index, tf::int32));
      }, "index"_a, "name"_a = nb::none(), "Element `index`.")
      .def("stack", [](const tf::TensorArray& ta, nb::handle) { return ta.stack(); }, "name"_a = nb::none(),
           "The elements stacked into one tensor.")
      .def("concat", [](const tf::TensorArray& ta, nb::handle) { return ta.concat(); }, "name"_a = nb::none(),
           "The elements concatenated along their first dimension.")
      .def("unstack", [](const tf::TensorArray& ta, nb::handle value, nb::handle) {
        return ta.unstack(to_tensor(value, ta.dtype()));
      }, "value"_a, "name"_a = nb::none(), "The array holding the rows of `value`.")
      .def("gather", [](const tf::TensorArray& ta, nb::handle indices, nb::handle) {
        return ta.gather(tf::IntArray(to_tensor(indices, tf::int32)));
      }, "indices"_a, "name"_a = nb::none(), "The elements at `indices`, stacked.")
      .def("scatter", [](const tf::TensorArray& ta, nb::handle indices, nb::handle value, nb::handle) {
        return ta.scatter(tf::IntArray(to_tensor(indices, tf::int32)), to_tensor(value, ta.dtype()));
      }, "indices"_a, "value"_a, "name"_a = nb::none(), "The array with element indices[k] set to value[k].")
      .def("split", [](const tf::TensorArray& ta, nb::handle value, nb::handle lengths, nb::handle) {
        return ta.split(to_tensor(value, ta.dtype()), tf::IntArray(to_tensor(lengths, tf::int64)));
      }, "value"_a, "lengths"_a, "name"_a = nb::none(),
         "The array holding consecutive slices of `value` of the given lengths.")
      .def("size", [](const tf::TensorArray& ta, nb::handle) { return ta.size(); }, "name"_a = nb::none(),
           "The number of elements.")
      .def_prop_ro("dtype", [](const tf::TensorArray& ta) { return dtype_object(ta.dtype()); })
      .def_prop_ro("element_shape", [](const tf::TensorArray& ta) { return tensor_shape_object(ta.element_shape()); })
      .def_prop_ro("dynamic_size", &tf::TensorArray::dynamic_size)
      .def_prop_ro("flow", &tf::TensorArray::flow)
      .def("_with_flow", &tf::TensorArray::with_flow, "flow"_a, "This array's options with the state `flow`.");
  m.def("_branch_array", [](const std::vector<tf::TensorArray>& branches, const tf::Tensor& flow) {
    return tf::detail::branch_array("cond", branches, flow);
  }, "branches"_a, "flow"_a, "The TensorArray a traced If returns with state `flow`, from its branches' arrays.");
}

}  // namespace tfpp_python

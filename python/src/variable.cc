// tfpp.Variable: the Python face of tf::Variable. Used where a tensor is (operators, ops), it
// reads its value; assign / assign_add / assign_sub return the variable, as TensorFlow's eager
// assignments do, and inside tf.function they are ops on the variable's handle.
#include <sstream>

#include <nanobind/stl/string.h>

#include "bindings.h"
#include "dtype_object.h"
#include "operators.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

std::string variable_name(nb::handle name) {
  if (name.is_none()) return "Variable";
  std::string s = nb::cast<std::string>(name);
  // TensorFlow drops a trailing ":0" that a name copied from another variable carries.
  if (s.ends_with(":0")) s.resize(s.size() - 2);
  return s;
}

tf::Variable make_variable(nb::handle initial_value, nb::handle trainable, nb::handle name, nb::handle dtype) {
  if (PyCallable_Check(initial_value.ptr()) && !is_tensor_like(initial_value)) initial_value = initial_value();
  std::optional<tf::DType> d;
  if (!dtype.is_none()) d = dtype_from(dtype);
  tf::Tensor value = to_tensor(initial_value, d);
  if (d && value.dtype() != *d) value = tf::cast(value, *d);
  try {
    return tf::Variable(value, {.name = variable_name(name), .trainable = trainable.is_none() || nb::cast<bool>(trainable)});
  } catch (const tf::InvalidArgumentError& e) {
    // Creating a variable on a non-first trace is TensorFlow's ValueError.
    if (std::string_view(e.what()).find("tf.function") != std::string_view::npos) throw nb::value_error(e.what());
    throw;
  }
}

tf::Tensor value_for(const tf::Variable& v, nb::handle value) {
  return to_tensor(value, is_tensor_like(value) ? std::nullopt : std::optional(v.dtype()));
}

// The Python objects of the variables made in Python, weakly by variable id: a variable that C++
// hands back (what a forward function read, for tf.custom_gradient) is then the user's own object,
// as TensorFlow passes it.
nb::object& python_variables() {
  static auto* objects = new nb::object(nb::module_::import_("weakref").attr("WeakValueDictionary")());
  return *objects;
}

}  // namespace

void bind_variable(nb::module_& m) {
  nb::class_<tf::Variable> cls(m, "Variable", "A mutable tensor-valued variable (tf.Variable).",
                               nb::is_weak_referenceable());
  cls.def("__init__", [](tf::Variable* self, nb::handle initial_value, nb::handle trainable, nb::handle, nb::handle,
                         nb::handle name, nb::handle, nb::handle dtype, nb::kwargs) {
        new (self) tf::Variable(make_variable(initial_value, trainable, name, dtype));
        if (nb::object object = nb::find(self); object.is_valid()) python_variables()[nb::int_(self->id())] = object;
      }, "initial_value"_a = nb::none(), "trainable"_a = nb::none(), "validate_shape"_a = true,
      "caching_device"_a = nb::none(), "name"_a = nb::none(), "variable_def"_a = nb::none(), "dtype"_a = nb::none(),
      "kwargs"_a)
      .def_prop_ro("name", &tf::Variable::name)
      .def_prop_ro("dtype", [](const tf::Variable& v) { return dtype_object(v.dtype()); })
      .def_prop_ro("shape", [](const tf::Variable& v) { return tensor_shape_object(v.shape()); })
      .def_prop_ro("trainable", &tf::Variable::trainable)
      .def_prop_ro("ndim", [](const tf::Variable& v) { return v.shape().rank(); })
      .def("get_shape", [](const tf::Variable& v) { return tensor_shape_object(v.shape()); })
      .def("read_value", &tf::Variable::read_value)
      .def("value", &tf::Variable::read_value)
      .def("_array_view", [](const tf::Variable& v) { return tensor_array_view(v.read_value()); })
      .def("assign", [](tf::Variable& v, nb::handle value, nb::handle, nb::handle, bool) -> tf::Variable& {
        tf::Tensor t = value_for(v, value);
        if (!t.shape().is_compatible_with(v.shape()))
          throw nb::value_error(("Cannot assign value to variable ' " + v.name() + "': Shape mismatch.The variable shape " +
                                 v.shape().to_string() + ", and the assigned value shape " + t.shape().to_string() +
                                 " are incompatible.").c_str());
        return v.assign(t);
      }, "value"_a, "use_locking"_a = nb::none(), "name"_a = nb::none(), "read_value"_a = true, nb::rv_policy::reference_internal)
      .def("assign_add", [](tf::Variable& v, nb::handle delta, nb::handle, nb::handle, bool) -> tf::Variable& {
        return v.assign_add(value_for(v, delta));
      }, "delta"_a, "use_locking"_a = nb::none(), "name"_a = nb::none(), "read_value"_a = true, nb::rv_policy::reference_internal)
      .def("assign_sub", [](tf::Variable& v, nb::handle delta, nb::handle, nb::handle, bool) -> tf::Variable& {
        return v.assign_sub(value_for(v, delta));
      }, "delta"_a, "use_locking"_a = nb::none(), "name"_a = nb::none(), "read_value"_a = true, nb::rv_policy::reference_internal)
      .def("__repr__", [](const tf::Variable& v) {
        std::ostringstream os;
        os << v;
        return os.str();
      })
      .def("__bool__", [](const tf::Variable& v) { return nb::bool_(nb::cast(v.read_value())); })
      .def("__float__", [](const tf::Variable& v) { return nb::float_(nb::cast(v.read_value())); })
      .def("__int__", [](const tf::Variable& v) { return nb::int_(nb::cast(v.read_value())); });
  add_operators(cls);
  m.def("_python_variable", [](const tf::Variable& v) -> nb::object {
    nb::object known = python_variables().attr("get")(nb::int_(v.id()));
    return known.is_none() ? nb::cast(v) : known;
  }, "variable"_a, "The Python object of a variable made in Python (else a new one for the same variable).");
}

}  // namespace tfpp_python

// tfpp.Variable: the Python face of tf::Variable. Used where a tensor is (operators, ops), it
// reads its value; assign / assign_add / assign_sub return the variable, as TensorFlow's eager
// assignments do, and inside tf.function they are ops on the variable's handle.
#include <map>
#include <sstream>

#include <nanobind/stl/string.h>

#include "bindings.h"
#include "dtype_object.h"
#include "graph/tracer.h"
#include "operators.h"
#include "tfpp/variable_scatter.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// The name under the current name scope, as TensorFlow names variables ("outer/w"); a name copied
// from another variable keeps its ":0" ("w:0:0"), as in TensorFlow.
std::string variable_name(nb::handle name) {
  return tf::graph::current_name_scope() + (name.is_none() ? std::string("Variable") : nb::cast<std::string>(name));
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

// tf.Variable's synchronization / aggregation arguments: members of their enums, checked as TensorFlow does.
nb::object enum_member(const char* enum_name, const char* what, nb::handle value, nb::handle name) {
  nb::object cls = nb::module_::import_("tfpp.framework_constants").attr(enum_name);
  if (value.is_none()) return cls(0);
  if (!nb::isinstance(value, cls))
    throw nb::value_error(("Invalid variable " + std::string(what) + " mode: " + nb::cast<std::string>(nb::str(value)) +
                           " for variable: " + nb::cast<std::string>(nb::str(name))).c_str());
  return nb::borrow(value);
}

// What TensorFlow keeps beside a variable's value: its constraint (applied by optimizers, not by
// assign), synchronization and aggregation, as attributes of the Python object.
struct VariableTraits {
  nb::object constraint, synchronization, aggregation;
};

VariableTraits traits_of(nb::handle& trainable, nb::handle constraint, nb::handle synchronization,
                         nb::handle aggregation, nb::handle name) {
  if (!constraint.is_none() && !PyCallable_Check(constraint.ptr()))
    throw nb::value_error(("Argument `constraint` must be None or a callable. a callable. Got a " +
                           nb::cast<std::string>(nb::str(constraint.type())) + ":  " +
                           nb::cast<std::string>(nb::str(constraint))).c_str());
  VariableTraits traits{nb::borrow(constraint), enum_member("VariableSynchronization", "synchronization", synchronization, name),
                        enum_member("VariableAggregation", "aggregation", aggregation, name)};
  // A variable synchronized on read is not trainable unless the caller says so, as in TensorFlow.
  if (trainable.is_none() && nb::cast<int>(traits.synchronization.attr("value")) == 3) trainable = Py_False;
  return traits;
}

// tf.Variable's `shape` may only restate the initial value's shape: a tfpp variable keeps it for life.
void check_declared_shape(const tf::Variable& v, nb::handle shape) {
  if (shape.is_none()) return;
  nb::object declared = nb::module_::import_("tfpp.tensor_shape").attr("TensorShape")(shape);
  nb::object actual = tensor_shape_object(v.shape());
  if (!nb::cast<bool>(actual.attr("is_compatible_with")(declared)))
    throw nb::value_error(("In this `tf.Variable` creation, the initial value's shape (" +
                           nb::cast<std::string>(nb::str(actual)) + ") is not compatible with the explicitly supplied "
                           "`shape` argument (" + nb::cast<std::string>(nb::str(shape)) + ").").c_str());
  if (!declared.equal(actual))
    throw tf::UnimplementedError("[Variable] '" + v.name() + "' would take values of shape " +
                                 nb::cast<std::string>(nb::str(declared)) + "; a tfpp variable keeps the shape of its "
                                 "initial value, " + v.shape().to_string());
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
                               nb::is_weak_referenceable(), nb::dynamic_attr());
  cls.def("__init__", [](tf::Variable* self, nb::handle initial_value, nb::handle trainable, nb::handle, nb::handle,
                         nb::handle name, nb::handle, nb::handle dtype, nb::handle, nb::handle constraint,
                         nb::handle synchronization, nb::handle aggregation, nb::handle shape, nb::kwargs) {
        const VariableTraits traits = traits_of(trainable, constraint, synchronization, aggregation, name);
        new (self) tf::Variable(make_variable(initial_value, trainable, name, dtype));
        check_declared_shape(*self, shape);
        nb::object object = nb::find(self);
        if (!object.is_valid()) return;
        python_variables()[nb::int_(self->id())] = object;
        object.attr("_constraint") = traits.constraint;
        object.attr("_synchronization") = traits.synchronization;
        object.attr("_aggregation") = traits.aggregation;
      }, "initial_value"_a = nb::none(), "trainable"_a = nb::none(), "validate_shape"_a = true,
      "caching_device"_a = nb::none(), "name"_a = nb::none(), "variable_def"_a = nb::none(), "dtype"_a = nb::none(),
      "import_scope"_a = nb::none(), "constraint"_a = nb::none(), "synchronization"_a = nb::none(),
      "aggregation"_a = nb::none(), "shape"_a = nb::none(), "kwargs"_a)
      .def_prop_ro("name", &tf::Variable::name)
      .def_prop_ro("dtype", [](const tf::Variable& v) { return dtype_object(v.dtype()); })
      .def_prop_ro("shape", [](const tf::Variable& v) { return tensor_shape_object(v.shape()); })
      .def_prop_ro("trainable", &tf::Variable::trainable)
      .def_prop_ro("ndim", [](const tf::Variable& v) { return v.shape().rank(); })
      .def("get_shape", [](const tf::Variable& v) { return tensor_shape_object(v.shape()); })
      .def_prop_ro("handle", &tf::Variable::handle)
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
  m.def("_variable_scatter", [](tf::Variable& v, const std::string& kind, nb::handle indices, nb::handle updates) {
    using Scatter = tf::Variable& (*)(tf::Variable&, const tf::Tensor&, const tf::Tensor&);
    static const std::map<std::string, Scatter, std::less<>> scatters = {
        {"add", tf::scatter_add}, {"sub", tf::scatter_sub}, {"mul", tf::scatter_mul}, {"div", tf::scatter_div},
        {"max", tf::scatter_max}, {"min", tf::scatter_min}, {"nd_update", tf::scatter_nd_update},
        {"nd_add", tf::scatter_nd_add}, {"nd_sub", tf::scatter_nd_sub}, {"nd_max", tf::scatter_nd_max},
        {"nd_min", tf::scatter_nd_min}, {"update", tf::scatter_update}};
    scatters.at(kind)(v, to_tensor(indices), value_for(v, updates));
  }, "variable"_a, "kind"_a, "indices"_a, "updates"_a,
     "Writes `updates` into the variable where `indices` say (kind: update, add, sub, mul, div, max, min, or nd_ and one of "
     "update, add, sub, max, min).");
  m.def("_alias_variable", [](nb::type_object cls, const tf::Variable& v) {
    nb::object alias = nb::inst_alloc(cls);
    new (nb::inst_ptr<tf::Variable>(alias)) tf::Variable(v);
    nb::inst_mark_ready(alias);
    return alias;
  }, "cls"_a, "variable"_a, "A new object of `cls` (a subclass of Variable) for the same variable.");
  m.def("_variable_repr", [](const tf::Variable& v, const std::string& name) {
    std::ostringstream os;
    os << v;
    std::string text = os.str();
    const std::string shown = "'" + v.name() + "'";
    return text.replace(text.find(shown), shown.size(), "'" + name + "'");
  }, "variable"_a, "name"_a, "The variable's repr with another name in it (TensorFlow's 'UnreadVariable').");
  m.def("_python_variable", [](const tf::Variable& v) -> nb::object {
    nb::object known = python_variables().attr("get")(nb::int_(v.id()));
    return known.is_none() ? nb::cast(v) : known;
  }, "variable"_a, "The Python object of a variable made in Python (else a new one for the same variable).");
}

}  // namespace tfpp_python

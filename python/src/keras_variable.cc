// _tfpp.keras.Variable: Keras 3's face of a tf::Variable (keras.Variable). Layers, metrics and
// optimizers keep their state in tf::Variables named by Keras paths ("sequential/dense/kernel");
// Keras 3 shows each as a variable whose name is the path's last component, with the path, a dtype
// name, `value` as a property and its own repr. Being a subclass of tf.Variable's binding, it goes
// wherever a tf.Variable does (ops, tapes, optimizers, checkpoints).
#include <nanobind/stl/string.h>

#include "dtype_object.h"
#include "keras/engine/call_context.h"
#include "keras_bindings.h"
#include "tfpp/keras/auto_name.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// The Keras path of a variable: its name without TensorFlow's ":0" output suffix.
std::string path_of(const tf::Variable& v) {
  std::string name = v.name();
  return name.ends_with(":0") ? name.substr(0, name.size() - 2) : name;
}

std::string short_name_of(const tf::Variable& v) {
  std::string path = path_of(v);
  return path.substr(path.rfind('/') + 1);
}

// Keras' repr: <Variable path=dense/kernel, shape=(2, 2), dtype=float32, value=[[1. 1.] ...]>.
std::string keras_repr(const tf::Variable& v) {
  nb::list dims;
  for (std::int64_t d : v.shape().dims()) dims.append(d);
  nb::object value = nb::cast(v.read_value()).attr("numpy")();
  return "<Variable path=" + path_of(v) + ", shape=" + nb::cast<std::string>(nb::str(nb::tuple(dims))) +
         ", dtype=" + std::string(tf::dtype_name(v.dtype())) + ", value=" + nb::cast<std::string>(nb::str(value)) + ">";
}

// One Python object per Keras variable while Python holds it (layer.kernel is layer.weights[0]).
nb::object& live_keras_variables() {
  static auto* objects = new nb::object(nb::module_::import_("weakref").attr("WeakValueDictionary")());
  return *objects;
}

// keras.Variable(initializer, shape, dtype, trainable, name): the value, or an initializer (a name,
// an initializer object or a callable) called with the shape and dtype, as Keras makes it.
tf::Tensor initial_value(nb::handle initializer, nb::handle shape, nb::handle dtype) {
  bool is_value = is_tensor_like(initializer) || nb::hasattr(initializer, "__array__") ||
                  PyNumber_Check(initializer.ptr()) || PyList_Check(initializer.ptr()) || PyTuple_Check(initializer.ptr());
  if (is_value) return dtype.is_none() ? to_tensor(initializer) : to_tensor_hinted(initializer, dtype_from(dtype));
  if (shape.is_none())
    throw nb::value_error(("When creating a Variable from an initializer, the `shape` argument should be specified. "
                           "Received: initializer=" + nb::cast<std::string>(nb::repr(initializer)) + " and shape=None")
                              .c_str());
  nb::object get = nb::module_::import_("tfpp.keras.initializers").attr("get");
  nb::object dtype_name = dtype.is_none() ? nb::str("float32") : nb::str(tf::dtype_name(dtype_from(dtype)).data());
  return to_tensor(get(initializer)(nb::tuple(nb::iter(shape)), dtype_name));
}

}  // namespace

nb::object keras_variable(const tf::Variable& v) {
  nb::int_ key(v.id());
  nb::object known = live_keras_variables().attr("get")(key);
  if (!known.is_none()) return known;
  nb::object object = nb::cast(KerasVariable(v));
  live_keras_variables()[key] = object;
  return object;
}

nb::list keras_variables(const std::vector<tf::Variable>& variables) {
  nb::list out;
  for (const tf::Variable& v : variables) out.append(keras_variable(v));
  return out;
}

void bind_keras_variable(nb::module_& m) {
  nb::class_<KerasVariable, tf::Variable>(m, "Variable", "A Keras variable (keras.Variable).", nb::is_weak_referenceable())
      .def("__init__", [](KerasVariable* self, nb::handle initializer, nb::handle shape, nb::handle dtype, bool trainable,
                          nb::handle, nb::handle, nb::handle, nb::handle name) {
        std::string path = name.is_none() ? tf::keras::utils::auto_name("variable") : nb::cast<std::string>(name);
        if (path.find('/') != std::string::npos)
          throw nb::value_error(("Argument `name` must be a string and cannot contain character `/`. Received: name=" + path)
                                    .c_str());
        path = tf::keras::detail::CallContext::name_scope_path() + path;  // inside keras.name_scope("block"): block/v
        new (self) KerasVariable(tf::Variable(initial_value(initializer, shape, dtype), {.name = path, .trainable = trainable}));
        live_keras_variables()[nb::int_(self->id())] = nb::find(self);
      }, "initializer"_a, "shape"_a = nb::none(), "dtype"_a = nb::none(), "trainable"_a = true, "autocast"_a = true,
      "aggregation"_a = "none", "synchronization"_a = "auto", "name"_a = nb::none())
      .def_prop_ro("name", &short_name_of)
      .def_prop_ro("path", &path_of)
      .def_prop_ro("dtype", [](const tf::Variable& v) { return std::string(tf::dtype_name(v.dtype())); })
      .def_prop_ro("value", &tf::Variable::read_value)
      .def("assign", [](tf::Variable& v, nb::handle value) {
        tf::Tensor t = to_tensor_hinted(value, v.dtype());
        v.assign(t);
        return t;
      }, "value"_a)
      .def("assign_add", [](tf::Variable& v, nb::handle delta) { return v.assign_add(to_tensor_hinted(delta, v.dtype())).read_value(); },
           "value"_a)
      .def("assign_sub", [](tf::Variable& v, nb::handle delta) { return v.assign_sub(to_tensor_hinted(delta, v.dtype())).read_value(); },
           "value"_a)
      .def("__repr__", &keras_repr)
      .def("__str__", &keras_repr);
}

}  // namespace tfpp_python

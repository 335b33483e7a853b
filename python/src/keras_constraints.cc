// _tfpp.keras.apply_constraint and apply_regularizer: a built-in constraint or regularizer (from its
// Keras config or name) applied to a weight, what keras.constraints' and keras.regularizers' classes
// call; register_*_class: Python subclasses of Constraint, Regularizer and Initializer that layer
// configs name.
#include <nanobind/stl/string.h>

#include "keras/layers/config_util.h"
#include "keras_bindings.h"
#include "tfpp/keras/constraint_classes.h"
#include "tfpp/keras/initializer_classes.h"
#include "tfpp/keras/regularizer_classes.h"

namespace tfpp_python {

void release_python_object(nb::object* object) {
  if (!Py_IsInitialized()) return;  // a registry destroyed after the interpreter: leave the object
  nb::gil_scoped_acquire gil;
  delete object;
}

void bind_keras_constraints(nb::module_& m) {
  using namespace nb::literals;
  m.def("apply_constraint", [](nb::handle serialized, nb::handle weight) {
        std::optional<tf::keras::constraints::Constraint> constraint =
            tf::keras::detail::constraint_from(config_from_python(serialized));
        tf::Tensor w = to_tensor(weight);
        return constraint ? (*constraint)(w) : w;
      }, "serialized"_a, "weight"_a, "The weight projected by the constraint {'class_name': ..., 'config': {...}}.");
  m.def("register_constraint_class", [](const std::string& class_name, nb::object cls) {
        // Layers' C++ deserializer makes the constraint with cls.from_config; its projection calls the
        // Python object (with symbolic tensors inside fit's traced step).
        auto holder = std::shared_ptr<nb::object>(new nb::object(std::move(cls)), release_python_object);
        tf::keras::constraints::register_constraint_class(class_name, [holder, class_name](const tf::keras::Config& config) {
          nb::gil_scoped_acquire gil;
          auto instance = std::shared_ptr<nb::object>(new nb::object(holder->attr("from_config")(config_to_python(config))),
                                                      release_python_object);
          std::map<std::string, double> numbers;  // what the C++ constraint's config keeps
          for (const auto& [key, value] : config)
            if (value.holds<double>() || value.holds<std::int64_t>()) numbers[key] = value.as_double();
          return tf::keras::constraints::Constraint(class_name, numbers, [instance](const tf::Tensor& w) {
            nb::gil_scoped_acquire gil;
            return to_tensor((*instance)(w));
          });
        });
      }, "class_name"_a, "cls"_a, "Lets layer configs name the Python constraint class `cls` as `class_name`.");
  m.def("register_regularizer_class", [](const std::string& class_name, nb::object cls) {
        // As register_constraint_class: the layer's penalty calls a cls.from_config(config) object.
        auto holder = std::shared_ptr<nb::object>(new nb::object(std::move(cls)), release_python_object);
        tf::keras::regularizers::register_regularizer_class(class_name, [holder, class_name](const tf::keras::Config& config) {
          nb::gil_scoped_acquire gil;
          auto instance = std::shared_ptr<nb::object>(new nb::object(holder->attr("from_config")(config_to_python(config))),
                                                      release_python_object);
          std::map<std::string, double> numbers;  // what the C++ regularizer's config keeps
          for (const auto& [key, value] : config)
            if (value.holds<double>() || value.holds<std::int64_t>()) numbers[key] = value.as_double();
          return tf::keras::regularizers::Regularizer(class_name, numbers, [instance](const tf::Tensor& w) {
            nb::gil_scoped_acquire gil;
            return to_tensor((*instance)(w));
          });
        });
      }, "class_name"_a, "cls"_a, "Lets layer configs name the Python regularizer class `cls` as `class_name`.");
  m.def("register_initializer_class", [](const std::string& class_name, nb::object cls) {
        // A layer's weight is made by calling a cls.from_config(config) object with (shape, dtype name).
        auto holder = std::shared_ptr<nb::object>(new nb::object(std::move(cls)), release_python_object);
        tf::keras::initializers::register_initializer_class(class_name, [holder, class_name](const tf::keras::Config& config) {
          nb::gil_scoped_acquire gil;
          auto instance = std::shared_ptr<nb::object>(new nb::object(holder->attr("from_config")(config_to_python(config))),
                                                      release_python_object);
          std::map<std::string, double> numbers;  // what the C++ initializer's config keeps
          for (const auto& [key, value] : config)
            if (value.holds<double>() || value.holds<std::int64_t>()) numbers[key] = value.as_double();
          return tf::keras::initializers::Initializer(class_name, numbers, [instance](const tf::TensorShape& shape, tf::DType dtype) {
            nb::gil_scoped_acquire gil;
            nb::list dims;
            for (std::int64_t d : shape.dims()) dims.append(d);
            const std::string_view name = tf::dtype_name(dtype);
            tf::Tensor value = to_tensor((*instance)(nb::tuple(dims), nb::str(name.data(), name.size())));
            return value.dtype() == dtype ? value : tf::cast(value, dtype);
          });
        });
      }, "class_name"_a, "cls"_a, "Lets layer configs name the Python initializer class `cls` as `class_name`.");
  m.def("apply_regularizer", [](nb::handle serialized, nb::handle weight) {
        std::optional<tf::keras::regularizers::Regularizer> regularizer =
            tf::keras::detail::regularizer_from(config_from_python(serialized));
        tf::Tensor w = to_tensor(weight);
        return regularizer ? (*regularizer)(w) : tf::zeros({}, w.dtype());
      }, "serialized"_a, "weight"_a, "The penalty of the regularizer {'class_name': ..., 'config': {...}} on the weight.");
}

}  // namespace tfpp_python

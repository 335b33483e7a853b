// Shared pieces of the Keras bindings (_tfpp.keras): Keras configs to and from Python values,
// C++ output redirected to Python's sys.stdout, and one bind_keras_* function per concept.
// python/tfpp/keras/ builds Keras' Python classes over them.
#pragma once

#include <map>
#include <streambuf>
#include <string>

#include "bindings.h"
#include "tfpp/keras/config.h"
#include "tfpp/keras/keras.h"

namespace tfpp_python {

/// A Keras config value as the Python value json.loads would give (dict, list, str, ...).
nb::object config_to_python(const tf::keras::ConfigValue& value);
/// A Python value (dict, list, tuple, str, int, float, bool, None) as a Keras config value; a
/// TypeError names anything else.
tf::keras::ConfigValue config_from_python(nb::handle value);
/// A Python dict as a Keras config (TypeError if it is not a dict).
tf::keras::Config config_dict_from_python(nb::handle value);

/// While it lives, what C++ writes to std::cout (the progress bar, callbacks' messages) goes to
/// Python's sys.stdout instead, so it interleaves with Python's print and can be captured.
class PythonStdout {
 public:
  PythonStdout();
  ~PythonStdout();
  PythonStdout(const PythonStdout&) = delete;
  PythonStdout& operator=(const PythonStdout&) = delete;
  /// Writes what C++ has buffered so far to sys.stdout (before Python code prints).
  static void flush_active();

 private:
  class Buffer : public std::streambuf {
   public:
    void write_to_python();

   protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

   private:
    std::string pending_;
  };
  Buffer buffer_;
  std::streambuf* previous_;
  PythonStdout* outer_;
};

/// A Keras 3 variable (keras.Variable, python/src/keras_variable.cc): a tf::Variable that Python
/// shows as Keras does. Layers', metrics' and optimizers' variables reach Python as these.
struct KerasVariable : tf::Variable {
  explicit KerasVariable(tf::Variable v) : tf::Variable(std::move(v)) {}
};
/// The Python object of a Keras variable: the same object while Python holds one, as in Keras
/// (layer.kernel is layer.weights[0]).
nb::object keras_variable(const tf::Variable& v);
nb::list keras_variables(const std::vector<tf::Variable>& variables);

/// Deletes a Python object C++ holds (shared_ptr deleter for registries): with the GIL, or not at
/// all once the interpreter is gone (registries are destroyed after it at exit).
void release_python_object(nb::object* object);

/// A layer factory (layers::register_layer_class, load_model's custom_objects) making layers of
/// the Python class `cls` with cls.from_config(config).
tf::keras::layers::LayerFactory python_layer_factory(nb::object cls);

/// load_model's custom_objects (a dict of Python classes by name) as layer factories.
std::map<std::string, tf::keras::layers::LayerFactory> custom_object_factories(nb::dict custom_objects);

/// Records how a Functional model's inputs and outputs were given: lists or single tensors
/// (`nested_*`), and the keys of dicts (in the tensors' order; empty for lists), as its config
/// writes them.
void set_structure(tf::keras::Model& model, bool nested_inputs, bool nested_outputs, std::vector<std::string> input_names,
                   std::vector<std::string> output_names);

void bind_keras_activations(nb::module_& m);
void bind_keras_initializers(nb::module_& m);
void bind_keras_layers(nb::module_& m);
void bind_keras_metric_functions(nb::module_& m);
void bind_keras_objects(nb::module_& m);
void bind_keras_schedules(nb::module_& m);
void bind_keras_constraints(nb::module_& m);
void bind_keras_callbacks(nb::module_& m);
void bind_keras_model(nb::module_& m);
void bind_keras_subclass(nb::module_& m);
void bind_keras_progbar(nb::module_& m);
void bind_keras_mixed_precision(nb::module_& m);
void bind_keras_variable(nb::module_& m);

}  // namespace tfpp_python

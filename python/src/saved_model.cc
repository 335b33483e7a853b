// tf.saved_model for Python over the C++ core's saver and loader: tfpp/saved_model.py builds the
// object graph as tf.train's checkpoints do (module_of_node) with the tf.function attributes'
// concrete functions, and rebuilds Python objects from what load returns.
#include <nanobind/stl/map.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "structured_value.h"
#include "tfpp/keras/model.h"
#include "tfpp/module.h"
#include "tfpp/saved_model.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace sm = tf::saved_model;

using Signatures = std::map<std::string, tf::ConcreteFunction>;

void save(nb::handle root, const std::string& export_dir, const Signatures& signatures) {
  sm::save(module_of_node(root), export_dir, {.signatures = signatures});
}

void save_keras(const tf::keras::Model& model, const std::string& export_dir, const Signatures& signatures) {
  sm::save(model, export_dir, {.signatures = signatures});
}

std::vector<std::pair<std::string, std::string>> objects(const sm::Loaded& loaded) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const sm::LoadedObject& o : loaded.objects()) out.emplace_back(o.path, o.kind);
  return out;
}

}  // namespace

void bind_saved_model(nb::module_& m) {
  nb::module_ saved = m.def_submodule("_saved_model", "The C++ core of tf.saved_model.");
  saved.def("save", &save, "root"_a, "export_dir"_a, "signatures"_a,
            "Saves the module a checkpoint node stands for, with these signatures (none: TensorFlow's default).");
  saved.def("save_keras", &save_keras, "model"_a, "export_dir"_a, "signatures"_a,
            "Saves a C++ Keras model as Keras 3's tf.saved_model.save does (none: serving_default).");
  saved.def("load", [](const std::string& export_dir, const std::vector<std::string>& tags) {
    return sm::load(export_dir, {.tags = tags});
  }, "export_dir"_a, "tags"_a);

  nb::class_<sm::LoadedFunction>(saved, "LoadedFunction", "A function restored from a SavedModel.")
      .def("call_flat", [](const sm::LoadedFunction& f, const std::vector<tf::Tensor>& args) { return f(args); },
           "args"_a)
      .def("input_names", &sm::LoadedFunction::input_names)
      .def("concrete_input_specs", &sm::LoadedFunction::concrete_input_specs)
      .def("concrete_input_signatures", [](const sm::LoadedFunction& f) {
        nb::list out;
        for (const tf::StructuredValue& v : f.concrete_input_signatures()) out.append(structured_value_object(v));
        return out;
      }, "Each concrete function's (args, kwargs): Python values, and TensorSpecs where tensors go.")
      .def("fullargspec", [](const sm::LoadedFunction& f) { return structured_value_object(f.fullargspec()); },
           "The parameters as a FullArgSpec named tuple, or None.")
      .def("call_concrete", &sm::LoadedFunction::call_concrete, "concrete"_a, "args"_a)
      .def("output_names", &sm::LoadedFunction::output_names, "concrete"_a = 0)
      .def("output_structure", &sm::LoadedFunction::output_structure, "concrete"_a = 0)
      .def("function_name", &sm::LoadedFunction::function_name);

  nb::class_<sm::Loaded>(saved, "Loaded", "A loaded SavedModel's root.")
      .def_ro("signatures", &sm::Loaded::signatures)
      .def("function", &sm::Loaded::function, "path"_a)
      .def("variable", &sm::Loaded::variable, "path"_a)
      .def("objects", &objects)
      .def("tags", &sm::Loaded::tags);
}

}  // namespace tfpp_python

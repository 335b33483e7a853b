// keras.ops on KerasTensors as Keras 3's operation nodes: tfpp.keras.ops makes a C++ OpLayer per
// call, serialized as Keras writes the op ({"module": "keras.src.ops.numpy", "class_name": "Add",
// ...} with its constants in the node's arguments), whose outputs the Python op function computes.
// Loading a Functional config asks the Python front end first for its op entries.
#include <nanobind/stl/function.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "keras/engine/call_arguments.h"
#include "keras/models/op_layers.h"
#include "keras_bindings.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace keras = tf::keras;

// A Python object shared by C++ callbacks, released with the GIL held (a layer may die on a thread
// without it), and never after the interpreter has gone.
std::shared_ptr<nb::object> python_holder(nb::object object) {
  return std::shared_ptr<nb::object>(new nb::object(std::move(object)), [](nb::object* held) {
    if (!Py_IsInitialized()) {
      held->release();
    } else {
      nb::gil_scoped_acquire gil;
      held->reset();
    }
    delete held;
  });
}

// The Python function `compute` (tensors -> a tensor, or a list or tuple of them) as an OpLayer's.
keras::detail::OpLayer::Compute python_compute(nb::object compute) {
  auto holder = python_holder(std::move(compute));
  return [holder](const std::vector<tf::Tensor>& inputs) {
    PythonStdout::flush_active();
    nb::gil_scoped_acquire gil;
    nb::object outputs = (*holder)(nb::cast(inputs));
    std::vector<tf::Tensor> out;
    if (PyList_Check(outputs.ptr()) || PyTuple_Check(outputs.ptr())) {
      for (nb::handle o : nb::iter(outputs)) out.push_back(to_tensor(o));
    } else {
      out.push_back(to_tensor(outputs));
    }
    return out;
  };
}

std::shared_ptr<keras::detail::CallArguments> call_arguments(nb::handle args, nb::handle kwargs) {
  auto arguments = std::make_shared<keras::detail::CallArguments>();
  arguments->args = config_from_python(args).get<keras::ConfigValue::List>();
  arguments->kwargs = config_from_python(kwargs).get<keras::Config>();
  return arguments;
}

std::shared_ptr<keras::detail::OpLayer> make_op_layer(const std::string& class_name, const std::string& module,
                                                      nb::handle config,
                                                      std::shared_ptr<const keras::detail::CallArguments> arguments,
                                                      nb::object compute) {
  auto layer = std::make_shared<keras::detail::OpLayer>(class_name, module, config_from_python(config).get<keras::Config>(),
                                                        std::move(arguments), python_compute(std::move(compute)));
  layer->layer_state().instance = layer;
  return layer;
}

}  // namespace

void bind_keras_op_layers(nb::module_& m) {
  m.def("op_node", [](const std::string& class_name, const std::string& module, nb::handle config, nb::handle args,
                      nb::handle kwargs, const std::vector<keras::KerasTensor>& inputs, nb::object compute) {
        std::shared_ptr<const keras::detail::CallArguments> arguments = call_arguments(args, kwargs);
        auto layer = make_op_layer(class_name, module, config, arguments, std::move(compute));
        return layer->call_all(inputs, arguments);
      }, "class_name"_a, "module"_a, "config"_a, "args"_a, "kwargs"_a, "inputs"_a, "compute"_a,
      "Records a Keras op on KerasTensors: `args` / `kwargs` as Keras writes the node, with {'__input__': i} for "
      "inputs[i]; compute(tensors) gives the outputs. Returns the output KerasTensors.");
  m.def("set_op_layer_factory", [](nb::object factory) {
        if (factory.is_none()) return keras::detail::set_op_layer_factory(nullptr);
        auto holder = python_holder(std::move(factory));
        keras::detail::set_op_layer_factory(
            [holder](const keras::Config& entry, std::shared_ptr<const keras::detail::CallArguments> arguments)
                -> std::shared_ptr<keras::detail::OpLayer> {
              nb::gil_scoped_acquire gil;
              nb::object compute = (*holder)(config_to_python(entry), config_to_python(arguments->args),
                                             config_to_python(arguments->kwargs));
              if (compute.is_none()) return nullptr;
              const keras::Config& c = entry.at("config").get<keras::Config>();
              return make_op_layer(entry.at("class_name").get<std::string>(), entry.at("module").get<std::string>(),
                                   config_to_python(c), std::move(arguments), std::move(compute));
            });
      }, "factory"_a.none(),
      "factory(entry, args, kwargs) gives the compute function of a Functional config's op entry (args with "
      "{'__input__': i} for the node's tensors), or None to leave the op to tfpp's C++ table; None removes it "
      "(at exit, before the interpreter finalizes).");
  m.def("is_op_layer", [](const keras::Layer& layer) { return dynamic_cast<const keras::detail::OpLayer*>(&layer) != nullptr; },
        "layer"_a, "Whether the layer is a Keras operation node (keras.ops on KerasTensors), not a layer.");
}

}  // namespace tfpp_python

// _tfpp.keras.activations: keras.activations' functions with their arguments, over the C++ ones
// (tf::keras::activations), which layers also use by name.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "keras/layers/activation_resolver.h"
#include "keras_bindings.h"
#include "tfpp/keras/activation_functions.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace activations = tf::keras::activations;
using Unary = tf::Tensor (*)(const tf::Tensor&);

}  // namespace

void bind_keras_activations(nb::module_& m) {
  nb::module_ a = m.def_submodule("activations", "keras.activations over tf::keras::activations.");
  a.def("set_resolver", [](nb::object resolve) {
    // resolve(name) gives a custom object's function or None; a layer made then calls the function.
    auto held_resolve = std::shared_ptr<nb::object>(new nb::object(std::move(resolve)), release_python_object);
    activations::detail::set_resolver([held_resolve](const std::string& name) -> std::optional<activations::Activation> {
      nb::gil_scoped_acquire gil;
      nb::object fn = (*held_resolve)(name);
      if (fn.is_none()) return std::nullopt;
      auto held_fn = std::shared_ptr<nb::object>(new nb::object(std::move(fn)), release_python_object);
      return activations::Activation([held_fn](const tf::Tensor& x) {
        nb::gil_scoped_acquire gil;
        return to_tensor((*held_fn)(x));
      }, name);
    });
  }, "resolve"_a, "Lets layers find activations by name among the Python custom objects resolve(name) gives.");
  // The functions of x alone.
  for (const auto& [name, fn] : {std::pair<const char*, Unary>{"relu6", activations::relu6},
                                 {"selu", activations::selu},
                                 {"softplus", activations::softplus},
                                 {"softsign", activations::softsign},
                                 {"silu", activations::silu},
                                 {"tanh", activations::tanh},
                                 {"tanh_shrink", activations::tanh_shrink},
                                 {"sigmoid", activations::sigmoid},
                                 {"sparse_plus", activations::sparse_plus},
                                 {"sparse_sigmoid", activations::sparse_sigmoid},
                                 {"exponential", activations::exponential},
                                 {"hard_sigmoid", activations::hard_sigmoid},
                                 {"hard_silu", activations::hard_silu},
                                 {"hard_tanh", activations::hard_tanh},
                                 {"log_sigmoid", activations::log_sigmoid},
                                 {"mish", activations::mish}}) {
    a.def(name, [fn](nb::handle x) { return fn(to_tensor(x)); }, "x"_a);
  }
  a.def("relu", [](nb::handle x, double negative_slope, std::optional<double> max_value, double threshold) {
    return activations::relu(to_tensor(x), {.negative_slope = negative_slope, .max_value = max_value, .threshold = threshold});
  }, "x"_a, "negative_slope"_a = 0.0, "max_value"_a = nb::none(), "threshold"_a = 0.0);
  a.def("leaky_relu", [](nb::handle x, double slope) { return activations::leaky_relu(to_tensor(x), slope); },
        "x"_a, "negative_slope"_a = 0.2);
  a.def("elu", [](nb::handle x, double alpha) { return activations::elu(to_tensor(x), alpha); }, "x"_a, "alpha"_a = 1.0);
  a.def("celu", [](nb::handle x, double alpha) { return activations::celu(to_tensor(x), alpha); }, "x"_a, "alpha"_a = 1.0);
  a.def("gelu", [](nb::handle x, bool approximate) { return activations::gelu(to_tensor(x), approximate); },
        "x"_a, "approximate"_a = false);
  a.def("softmax", [](nb::handle x, std::int64_t axis) { return activations::softmax(to_tensor(x), axis); },
        "x"_a, "axis"_a = -1);
  a.def("log_softmax", [](nb::handle x, std::int64_t axis) { return activations::log_softmax(to_tensor(x), axis); },
        "x"_a, "axis"_a = -1);
  a.def("glu", [](nb::handle x, int axis) { return activations::glu(to_tensor(x), axis); }, "x"_a, "axis"_a = -1);
  a.def("sparsemax", [](nb::handle x, int axis) { return activations::sparsemax(to_tensor(x), axis); },
        "x"_a, "axis"_a = -1);
  a.def("soft_shrink", [](nb::handle x, double threshold) { return activations::soft_shrink(to_tensor(x), threshold); },
        "x"_a, "threshold"_a = 0.5);
  a.def("hard_shrink", [](nb::handle x, double threshold) { return activations::hard_shrink(to_tensor(x), threshold); },
        "x"_a, "threshold"_a = 0.5);
  a.def("squareplus", [](nb::handle x, double b) { return activations::squareplus(to_tensor(x), b); }, "x"_a, "b"_a = 4.0);
  a.def("threshold", [](nb::handle x, double threshold, double default_value) {
    return activations::threshold(to_tensor(x), threshold, default_value);
  }, "x"_a, "threshold"_a, "default_value"_a);
}

}  // namespace tfpp_python

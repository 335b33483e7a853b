// _tfpp.keras.Optimizer, Loss and Metric: the C++ objects compile() takes, made from their Keras
// config by the C++ deserializers (keras.optimizers / losses / metrics.deserialize).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "keras_bindings.h"
#include "tfpp/init_scope.h"
#include "tfpp/keras/optimizers/ema.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace keras = tf::keras;

tf::Tensor optional_tensor(nb::handle value) { return value.is_none() ? tf::Tensor() : to_tensor(value); }

// The inner config of a serialized object: {"class_name": ..., "config": {...}} -> {...}.
nb::object inner_config(const keras::Config& serialized) { return config_to_python(serialized.at("config")); }

}  // namespace

void bind_keras_objects(nb::module_& m) {
  namespace optimizers = keras::optimizers;
  nb::class_<optimizers::Optimizer>(m, "Optimizer", "A C++ Keras optimizer (a handle: copies share the state).")
      .def_prop_ro("name", &optimizers::Optimizer::name)
      .def_prop_ro("class_name", &optimizers::Optimizer::class_name)
      .def_prop_rw("learning_rate", &optimizers::Optimizer::learning_rate, &optimizers::Optimizer::set_learning_rate)
      .def_prop_ro("iterations", [](const optimizers::Optimizer& o) { return keras_variable(o.iterations()); })
      .def_prop_ro("variables", [](const optimizers::Optimizer& o) { return keras_variables(o.variables()); })
      .def_prop_ro("built", &optimizers::Optimizer::built)
      .def("build", &optimizers::Optimizer::build, "variables"_a)
      .def("apply_gradients", [](optimizers::Optimizer& o, nb::handle grads_and_vars) {
        std::vector<std::pair<tf::Tensor, tf::Variable>> pairs;
        for (nb::handle pair : nb::iter(grads_and_vars)) {
          nb::object g = pair[0];
          pairs.emplace_back(optional_tensor(g), nb::cast<tf::Variable>(pair[1]));
        }
        if (!o.built()) {
          // As Keras' optimizers, the first apply creates the slot variables, eagerly even inside
          // a tf.function trace (its first trace may create variables).
          std::vector<tf::Variable> variables;
          for (const auto& pair : pairs) variables.push_back(pair.second);
          tf::init_scope eager;
          o.build(variables);
        }
        o.apply_gradients(pairs);
        return o.iterations();
      }, "grads_and_vars"_a)
      .def("get_config", [](const optimizers::Optimizer& o) { return inner_config(optimizers::serialize(o)); })
      .def("_swap_ema_weights", [](optimizers::Optimizer& o) { optimizers::swap_ema_weights(o); })
      .def("_finalize_ema_values", [](optimizers::Optimizer& o) { optimizers::finalize_ema_values(o); });
  m.def("deserialize_optimizer", [](nb::handle serialized) { return optimizers::deserialize(config_from_python(serialized)); },
        "serialized"_a, "An optimizer from its name or {'class_name': ..., 'config': {...}}.");

  namespace losses = keras::losses;
  nb::class_<losses::Loss>(m, "Loss", "A C++ Keras loss.")
      .def_prop_ro("name", &losses::Loss::name)
      .def_prop_ro("reduction", &losses::Loss::reduction)
      .def("__call__", [](const losses::Loss& l, nb::handle y_true, nb::handle y_pred, nb::handle sample_weight) {
        return l(to_tensor(y_true), to_tensor(y_pred), optional_tensor(sample_weight));
      }, "y_true"_a, "y_pred"_a, "sample_weight"_a = nb::none())
      .def("get_config", [](const losses::Loss& l) { return inner_config(losses::serialize(l)); });
  m.def("deserialize_loss", [](nb::handle serialized) -> std::shared_ptr<losses::Loss> {
        if (nb::isinstance<nb::str>(serialized)) return losses::get(nb::cast<std::string>(serialized));
        return losses::deserialize(config_from_python(serialized));
      }, "serialized"_a, "A loss from its name or {'class_name': ..., 'config': {...}}.");

  namespace metrics = keras::metrics;
  nb::class_<metrics::Metric>(m, "Metric", "A C++ Keras metric.")
      .def_prop_ro("name", &metrics::Metric::name)
      .def_prop_ro("variables", [](const metrics::Metric& mt) { return keras_variables(mt.variables()); })
      .def("update_state", [](metrics::Metric& mt, nb::handle y_true, nb::handle y_pred, nb::handle sample_weight) {
        mt.update_state(to_tensor(y_true), to_tensor(y_pred), optional_tensor(sample_weight));
      }, "y_true"_a, "y_pred"_a, "sample_weight"_a = nb::none())
      .def("update_values", [](metrics::Metric& mt, nb::handle values, nb::handle sample_weight) {
        auto* mean = dynamic_cast<metrics::Mean*>(&mt);
        if (!mean || dynamic_cast<metrics::MeanMetricWrapper*>(&mt))
          throw nb::type_error(("metric '" + mt.name() + "' takes y_true and y_pred, not one tensor of values").c_str());
        mean->update_state(to_tensor(values), optional_tensor(sample_weight));
      }, "values"_a, "sample_weight"_a = nb::none(), "Mean's update_state(values): the running mean of the values.")
      .def("result", &metrics::Metric::result)
      .def("reset_state", &metrics::Metric::reset_state)
      .def("get_config", [](const metrics::Metric& mt) { return inner_config(metrics::serialize(mt)); });
  m.def("deserialize_metric", [](nb::handle serialized) -> std::shared_ptr<metrics::Metric> {
        if (nb::isinstance<nb::str>(serialized)) return metrics::get(nb::cast<std::string>(serialized));
        return metrics::deserialize(config_from_python(serialized));
      }, "serialized"_a, "A metric from its name or {'class_name': ..., 'config': {...}}.");
}

}  // namespace tfpp_python

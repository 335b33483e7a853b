// _tfpp.keras: the C++ Keras (layers, models, training, callbacks, clear_session) for python/tfpp/keras.
#include <nanobind/stl/string.h>

#include "keras/engine/call_context.h"
#include "keras_bindings.h"
#include "tfpp/keras/auto_name.h"
#include "tfpp/keras/clear_session.h"
#include "tfpp/keras/epsilon.h"
#include "tfpp/keras/get_uid.h"

namespace tfpp_python {

void bind_keras_loss_functions(nb::module_& m);  // keras_loss_functions.cc
void bind_keras_op_layers(nb::module_& m);       // keras_op_layers.cc

void bind_keras(nb::module_& m) {
  using namespace nb::literals;
  nb::module_ keras = m.def_submodule("keras", "tfpp's C++ Keras, which tfpp.keras wraps in Keras' Python classes.");
  bind_keras_variable(keras);
  bind_keras_activations(keras);
  bind_keras_initializers(keras);
  bind_keras_layers(keras);
  bind_keras_schedules(keras);
  bind_keras_constraints(keras);
  bind_keras_objects(keras);
  bind_keras_metric_functions(keras);
  bind_keras_loss_functions(keras);
  bind_keras_callbacks(keras);
  bind_keras_model(keras);
  bind_keras_subclass(keras);
  bind_keras_op_layers(keras);
  bind_keras_progbar(keras);
  bind_keras_mixed_precision(keras);
  keras.def("auto_name", [](const std::string& prefix) { return tf::keras::utils::auto_name(tf::to_snake_case(prefix)); },
            "prefix"_a, "Keras' auto_name: the prefix in snake case, numbered after the first (\"my_loss_1\").");
  keras.def("get_uid", &tf::keras::utils::get_uid, "prefix"_a,
            "keras.backend.get_uid: the prefix's count of named objects, one more than before.");
  keras.def("push_name_scope", &tf::keras::detail::CallContext::push_name_scope, "name"_a,
            "Enters keras.name_scope(name): new weights' and keras.Variables' paths start with it.");
  keras.def("pop_name_scope", &tf::keras::detail::CallContext::pop_name_scope, "Leaves the innermost keras.name_scope.");
  keras.def("name_scope_path", &tf::keras::detail::CallContext::name_scope_path,
            "The active keras.name_scope names, each followed by '/'.");
  keras.def("set_epsilon", &tf::keras::config::set_epsilon, "value"_a,
            "keras.config.set_epsilon for the C++ losses, metrics and layers.");
  keras.def("clear_session", &tf::keras::utils::clear_session,
            "Forgets the layer names handed out so far (keras.utils.clear_session).");
}

}  // namespace tfpp_python

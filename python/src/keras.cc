// _tfpp.keras: the C++ Keras (layers, models, training, callbacks) for python/tfpp/keras.
#include "keras_bindings.h"

namespace tfpp_python {

void bind_keras(nb::module_& m) {
  nb::module_ keras = m.def_submodule("keras", "tfpp's C++ Keras, which tfpp.keras wraps in Keras' Python classes.");
  bind_keras_layers(keras);
  bind_keras_objects(keras);
  bind_keras_callbacks(keras);
  bind_keras_model(keras);
  bind_keras_subclass(keras);
}

}  // namespace tfpp_python

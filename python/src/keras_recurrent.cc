// What Python's recurrent layers add to a layer's own methods (python/tfpp/keras/layers.py):
// a stateful RNN's or ConvLSTM's kept states and Keras' reset_state.
#include "keras_bindings.h"
#include "tfpp/keras/layers/conv_lstm.h"
#include "tfpp/keras/layers/recurrent.h"

namespace tfpp_python {
namespace {

namespace layers = tf::keras::layers;

// Calls `f` with the layer as an RNN or a ConvLSTM.
template <class F>
auto on_recurrent_layer(tf::keras::Layer& layer, F f) {
  if (auto* rnn = dynamic_cast<layers::RNN*>(&layer)) return f(*rnn);
  if (auto* conv = dynamic_cast<layers::ConvLSTM*>(&layer)) return f(*conv);
  throw nb::type_error((layer.name() + " is not a recurrent layer").c_str());
}

}  // namespace

void bind_keras_recurrent(nb::module_& m) {
  nb::module_ k = nb::borrow<nb::module_>(m.attr("keras"));
  k.def("_recurrent_states", [](tf::keras::Layer& l) {
    return on_recurrent_layer(l, [](auto& r) { return keras_variables(r.states()); });
  }, "A stateful layer's kept states (empty before its first call).");
  k.def("_recurrent_reset_states", [](tf::keras::Layer& l) {
    on_recurrent_layer(l, [](auto& r) { r.reset_states(); });
  }, "Sets a stateful layer's kept states to zeros.");
}

}  // namespace tfpp_python

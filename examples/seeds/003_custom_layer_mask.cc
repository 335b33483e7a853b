// Seed 003, customizing a layer: the privileged `mask` argument. An Embedding with mask_zero marks
// the padding of its ids; a custom layer that supports masking gets the mask in its call
// (call_masked) and averages only the unmasked timesteps, alone and after the Embedding in a
// Functional model.
#include <iostream>
#include <vector>

#include <tfpp/keras/keras.h>
#include <tfpp/keras/mask.h>
#include <tfpp/tfpp.h>

namespace keras = tf::keras;
namespace layers = tf::keras::layers;

// The mean over the time axis of [batch, time, features] inputs, of the unmasked steps only.
class TemporalMean : public keras::Layer {
 public:
  TemporalMean() { set_supports_masking(); }
  std::vector<tf::Tensor> call_masked(const std::vector<tf::Tensor>& inputs, const std::vector<tf::Tensor>& masks,
                                      bool) override {
    const tf::Tensor& x = inputs[0];
    if (!masks[0].defined()) return {tf::reduce_mean(x, {1})};
    tf::Tensor m = tf::expand_dims(tf::cast(masks[0], x.dtype()), -1);
    return {tf::reduce_sum(x * m, {1}) / tf::reduce_sum(m, {1})};
  }
  // The time axis is gone, so the output carries no mask.
  tf::Tensor compute_mask(const std::vector<tf::Tensor>&, const std::vector<tf::Tensor>&) override { return {}; }
  TFPP_KERAS_LAYER(TemporalMean)
};

int main() {
  tf::Tensor padded_inputs = tf::constant({{711, 632, 71, 0, 0, 0}, {73, 8, 3215, 55, 927, 0}, {83, 91, 1, 645, 1253, 927}});
  layers::Embedding embedding(5000, 2, {.mask_zero = true});
  tf::Tensor masked_output = embedding(padded_inputs);
  std::cout << keras::get_keras_mask(masked_output) << "\n";

  tf::Tensor x = tf::constant({{{1.0f}, {2.0f}, {3.0f}, {100.0f}}, {{4.0f}, {8.0f}, {100.0f}, {100.0f}}});
  tf::Tensor mask = tf::constant({{true, true, true, false}, {true, true, false, false}});
  TemporalMean layer;
  std::cout << layer(x) << "\n";
  std::cout << layer(keras::with_keras_mask(x, mask)) << "\n";

  keras::KerasTensor inputs = keras::Input({tf::None}, {.dtype = tf::int32});
  layers::Embedding e(10, 2, {.mask_zero = true});
  keras::KerasTensor outputs = TemporalMean()(e(inputs));
  keras::Model model(inputs, outputs);
  e.set_weights({tf::reshape(tf::range(0.0, 20.0, 1.0, tf::float32), {10, 2})});
  std::cout << model(tf::constant({{1, 2, 3, 0}, {4, 0, 0, 0}})) << "\n";
  return 0;
}

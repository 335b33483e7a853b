// Seed 003, saving and loading with the Keras APIs: model.save writes the architecture, the
// weights, the optimizer's state and what compile() was given to a .keras file;
// keras.models.load_model reads all of it back, so training continues from where it stopped.
#include <iostream>

#include <tfpp/keras/keras.h>
#include <tfpp/keras/saving.h>
#include <tfpp/tfpp.h>

namespace keras = tf::keras;
namespace layers = tf::keras::layers;

keras::Model get_model() {
  keras::KerasTensor inputs = keras::Input({32});
  keras::KerasTensor outputs = layers::Dense(1)(inputs);
  keras::Model model(inputs, outputs);
  model.compile({.optimizer = keras::optimizers::Adam(), .loss = "mean_squared_error"});
  return model;
}

int main() {
  keras::Model model = get_model();
  tf::Tensor test_input = tf::random::uniform({128, 32}, {.seed = 1});
  tf::Tensor test_target = tf::random::uniform({128, 1}, {.seed = 2});
  model.fit(test_input, test_target, {.verbose = 0});
  model.save("my_model.keras");

  keras::Model reconstructed_model = keras::models::load_model("my_model.keras");
  const bool same = tf::reduce_all(tf::equal(model.predict(test_input, {.verbose = 0}),
                                             reconstructed_model.predict(test_input, {.verbose = 0}))).item<bool>();
  std::cout << "same predictions: " << (same ? "True" : "False") << "\n";
  std::cout << "optimizer: " << reconstructed_model.optimizer().name()
            << " iterations: " << reconstructed_model.optimizer().iterations().numpy<std::int64_t>()[0] << "\n";
  std::cout << "loss: " << reconstructed_model.get_compile_config().at("loss").get<std::string>() << "\n";
  reconstructed_model.fit(test_input, test_target, {.verbose = 0});
  std::cout << "iterations after more training: " << reconstructed_model.optimizer().iterations().numpy<std::int64_t>()[0] << "\n";
  return 0;
}

// Seed 003, callbacks: ModelCheckpoint saves whole models (.keras) during fit, and
// make_or_restore_model either restores the latest of them with load_model or creates a fresh
// compiled model; run twice, as a program restarted after an interruption would be.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <vector>

#include <tfpp/keras/callbacks.h>
#include <tfpp/keras/keras.h>
#include <tfpp/keras/saving.h>
#include <tfpp/tfpp.h>

namespace fs = std::filesystem;
namespace keras = tf::keras;
namespace layers = tf::keras::layers;

const std::string checkpoint_dir = "./ckpt";

keras::Model get_compiled_model() {
  keras::KerasTensor inputs = keras::Input({784}, {.name = "digits"});
  keras::KerasTensor x = layers::Dense(64, {.activation = "relu", .name = "dense_1"})(inputs);
  x = layers::Dense(64, {.activation = "relu", .name = "dense_2"})(x);
  keras::KerasTensor outputs = layers::Dense(10, {.name = "predictions"})(x);
  keras::Model model(inputs, outputs);
  model.compile({.optimizer = "rmsprop", .loss = "sparse_categorical_crossentropy", .metrics = {"sparse_categorical_accuracy"}});
  return model;
}

// Either restores the latest model, or creates a fresh one if there is no checkpoint available.
keras::Model make_or_restore_model() {
  std::vector<fs::path> checkpoints;
  for (const fs::directory_entry& entry : fs::directory_iterator(checkpoint_dir)) checkpoints.push_back(entry.path());
  if (!checkpoints.empty()) {
    const fs::path latest_checkpoint = *std::max_element(checkpoints.begin(), checkpoints.end(), [](const fs::path& a, const fs::path& b) {
      return fs::last_write_time(a) < fs::last_write_time(b);
    });
    std::cout << "Restoring from " << latest_checkpoint.string() << "\n";
    return keras::models::load_model(latest_checkpoint.string());
  }
  std::cout << "Creating a new model\n";
  return get_compiled_model();
}

int main() {
  // Each run of the program starts as a first start would, with no checkpoint yet.
  fs::remove_all(checkpoint_dir);
  fs::create_directories(checkpoint_dir);
  tf::Tensor x_train = tf::random::uniform({1000, 784}, {.seed = 1});
  tf::Tensor y_train = tf::random::uniform({1000}, {.maxval = 10, .dtype = tf::int32, .seed = 2});
  for (int run = 0; run < 2; ++run) {
    keras::Model model = make_or_restore_model();
    auto checkpoint = std::make_shared<keras::callbacks::ModelCheckpoint>(
        checkpoint_dir + "/model-loss={loss:.2f}.keras", keras::callbacks::ModelCheckpointOptions{.save_freq = std::int64_t{10}});
    model.fit(x_train, y_train, {.batch_size = 32, .epochs = 1, .verbose = 0, .callbacks = {checkpoint}});
    std::cout << "optimizer iterations: " << model.optimizer().iterations().numpy<std::int64_t>()[0] << "\n";
  }
  return 0;
}

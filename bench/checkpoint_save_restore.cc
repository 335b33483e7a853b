// Checkpoint save and restore time in tfpp, for bench/checkpoint_compare.py (which runs the same
// with TensorFlow 2.21): `main` is the main job's model (Reshape 784 -> Dense 100 relu -> Dense
// 100 relu -> Dense 10) with Adam's slots, `big` a tf::Module of 100 MB of float32 variables.
// Each repetition writes the checkpoint (tf.train.Checkpoint.write) and reads it back into the
// same objects (read); prints one line per repetition: "save_s restore_s".
// Usage: checkpoint_save_restore main|big REPS DIR
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include <tfpp/keras/keras.h>
#include <tfpp/module.h>
#include <tfpp/tfpp.h>
#include <tfpp/train/checkpoint.h>

namespace {

double seconds_of(const std::function<void()>& fn) {
  const auto start = std::chrono::steady_clock::now();
  fn();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s main|big REPS DIR\n", argv[0]);
    return 2;
  }
  const std::string which = argv[1], prefix = (std::filesystem::path(argv[3]) / "ckpt").string();
  const int reps = std::atoi(argv[2]);
  namespace layers = tf::keras::layers;
  std::optional<tf::train::Checkpoint> checkpoint;
  // Kept alive for the checkpoint's lifetime.
  tf::keras::Sequential model({layers::Reshape({28 * 28}, {.input_shape = {28, 28}}), layers::Dense(100, {.activation = "relu"}),
                               layers::Dense(100, {.activation = "relu"}), layers::Dense(10)});
  tf::keras::optimizers::Adam adam;
  tf::Module big;
  if (which == "main") {
    model(tf::ones({1, 28, 28}));
    adam.build(model.trainable_weights());
    checkpoint.emplace(tf::train::Trackable::Map{{"model", model}, {"optimizer", adam}});
  } else {
    // 25 variables of 1,000,000 float32 values: 100 MB.
    for (int i = 0; i < 25; ++i) big.add_variable("w" + std::to_string(i), tf::random::normal({1000, 1000}, {.seed = i}));
    checkpoint.emplace(tf::train::Trackable::Map{{"module", big}});
  }
  for (int r = 0; r < reps; ++r) {
    const double save = seconds_of([&] { checkpoint->write(prefix); });
    const double restore = seconds_of([&] { checkpoint->read(prefix).assert_consumed(); });
    std::printf("%.6f %.6f\n", save, restore);
    std::fflush(stdout);
  }
  return 0;
}

// Fashion-MNIST with Keras' fit: the seed's model (Reshape 28·28 -> Dense 100 relu -> Dense 100
// relu -> Dense 10), Adam, SparseCategoricalCrossentropy from logits, accuracy, batch 32,
// 5 epochs; then evaluate on the test set and a few predictions with their class names.
// --cnn trains a small convolutional network instead (Reshape 28x28x1 -> Conv2D 32 3x3 relu ->
// MaxPooling2D -> Conv2D 64 3x3 relu -> MaxPooling2D -> Flatten -> Dense 100 relu -> Dense 10).
//
//   fashion_mnist            # the MLP
//   fashion_mnist --cnn      # the CNN
//   fashion_mnist --epochs 1
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <string>
#include <utility>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;

const char* const kClassNames[] = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                                   "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};

// Pixels 0..255 as floats in [0, 1]. Traced, the cast and the division fuse into one kernel, so
// the float images are made once, with no intermediate copy beside them.
const auto scale = tf::function([](const tf::Tensor& images) { return tf::cast(images, tf::float32) / 255.0f; });

}  // namespace

int main(int argc, char** argv) {
  int epochs = 5;
  bool cnn = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--epochs") == 0 && i + 1 < argc) {
      epochs = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--cnn") == 0) {
      cnn = true;
    } else {
      std::fprintf(stderr, "usage: %s [--cnn] [--epochs N]\n", argv[0]);
      return 2;
    }
  }

  tf::Tensor x_train, y_train, x_test, y_test;
  {
    auto [train, test] = keras::datasets::fashion_mnist::load_data();
    x_train = scale(train.first), y_train = train.second;
    x_test = scale(test.first), y_test = test.second;
  }

  keras::Sequential model = cnn ? keras::Sequential({layers::Reshape({28, 28, 1}, {.input_shape = {28, 28}}),
                                                     layers::Conv2D(32, 3, {.activation = "relu"}),
                                                     layers::MaxPooling2D(),
                                                     layers::Conv2D(64, 3, {.activation = "relu"}),
                                                     layers::MaxPooling2D(),
                                                     layers::Flatten(),
                                                     layers::Dense(100, {.activation = "relu"}),
                                                     layers::Dense(10)})
                                : keras::Sequential({layers::Reshape({28 * 28}, {.input_shape = {28, 28}}),
                                                     layers::Dense(100, {.activation = "relu"}),
                                                     layers::Dense(100, {.activation = "relu"}),
                                                     layers::Dense(10)});
  model.summary();
  model.compile({.optimizer = keras::optimizers::Adam(),
                 .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true}),
                 .metrics = {"accuracy"}});
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  model.fit(x_train, y_train, {.batch_size = 32, .epochs = epochs});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // CPU time of the whole process (all threads): comparable across runs on a loaded machine.
  const double cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  std::printf("fit: %d epochs in %.2f s (%.3f epochs/s), CPU %.2f s\n", epochs, seconds, epochs / seconds, cpu_seconds);

  keras::Logs result = model.evaluate(x_test, y_test, {.verbose = 2});
  std::printf("Test loss %.4f, test accuracy %.4f\n", result["loss"], result["accuracy"]);

  const tf::Tensor first = tf::slice(x_test, {0, 0, 0}, {5, 28, 28});
  const tf::Tensor predicted = tf::argmax(model.predict(first, {.verbose = 0}), 1, tf::int32);
  const std::vector<std::uint8_t> labels = tf::slice(y_test, {0}, {5}).numpy<std::uint8_t>();
  const std::vector<std::int32_t> guesses = predicted.numpy<std::int32_t>();
  for (std::size_t i = 0; i < guesses.size(); ++i)
    std::printf("test image %zu: predicted %-11s  true %s\n", i, kClassNames[guesses[i]], kClassNames[labels[i]]);
  return 0;
}

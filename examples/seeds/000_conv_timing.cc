// Seeds 000 and 003, tf.function with a few expensive ops: a Keras Conv2D(100, 3) on a
// [1,200,200,100] image, called eagerly and through a tf::function, each timed over ten calls
// (Python's timeit.timeit(..., number=10)) after one warm-up call.
#include <array>
#include <charconv>
#include <chrono>
#include <functional>
#include <iostream>
#include <string>

#include <tfpp/keras/keras.h>
#include <tfpp/tfpp.h>

// Seconds that `number` calls of `f` take, as timeit.timeit returns them.
double timeit(const std::function<void()>& f, int number) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < number; ++i) f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The shortest text that reads back as `x`, as Python prints a float.
std::string python_repr(double x) {
  std::array<char, 32> text{};
  return std::string(text.data(), std::to_chars(text.data(), text.data() + text.size(), x).ptr);
}

int main() {
  tf::keras::layers::Conv2D conv_layer(100, 3);
  auto conv_fn = tf::function([conv_layer](tf::Tensor image) mutable { return conv_layer(image); });

  const tf::Tensor image = tf::zeros({1, 200, 200, 100});
  // warm up
  conv_layer(image);
  conv_fn(image);

  std::cout << "Eager conv: " << python_repr(timeit([&] { conv_layer(image); }, 10)) << "\n";
  std::cout << "Function conv: " << python_repr(timeit([&] { conv_fn(image); }, 10)) << "\n";
  return 0;
}

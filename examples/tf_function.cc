// The tf.function and GradientTape examples of TensorFlow's guides, in C++.
#include <iostream>

#include <tfpp/tfpp.h>

int main() {
  // y = a*x + b, and its gradient.
  tf::Variable x(5.0f, {.name = "x"});
  tf::GradientTape tape;
  tf::Tensor y = 5.0f * x + 10.0f;
  std::cout << "y = " << y << "\ndy/dx = " << tape.gradient(y, x) << "\n";

  // One trace per input dtype: the C++ print runs while tracing, tf::print at every call.
  auto dbl = tf::function([](tf::Tensor a) {
    std::cout << "Tracing with " << a << "\n";
    tf::print("Executed with", a);
    return a + a;
  });
  std::cout << dbl(tf::constant(1)) << "\n" << dbl(tf::constant(1.1f)) << "\n" << dbl(tf::constant("a")) << "\n";
  std::cout << "traced " << dbl.tracing_count() << " times\n";

  // A shape-polymorphic function and control flow decided at run time.
  auto collatz = tf::function([](tf::Tensor x) { return tf::where(x % 2 == 0, tf::math::floordiv(x, 2), 3 * x + 1); },
                              {.input_signature = {tf::TensorSpec({tf::None}, tf::int32)}});
  std::cout << collatz(tf::constant({1, 2, 3, 4, 5})) << "\n";

  auto sum_below = tf::function([](tf::Tensor n) {
    auto [i, total] = tf::while_loop([&](tf::Tensor i, tf::Tensor) { return i < n; },
                                     [](tf::Tensor i, tf::Tensor total) { return std::tuple{i + 1, total + i}; },
                                     std::tuple{tf::constant(0), tf::constant(0)});
    return total;
  });
  std::cout << "sum of 0..9 = " << sum_below(tf::constant(10)) << "\n";
  std::cout << sum_below.get_concrete_function(tf::TensorSpec({}, tf::int32)).graph().to_string();
  return 0;
}

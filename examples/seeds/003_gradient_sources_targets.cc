// Seed 003, gradients for tf.Variables and nested targets: gradient() accepts a list or a
// dictionary of sources, an intermediate result can be a source, and several targets (or a
// non-scalar one) give the sum of their gradients.
#include <iostream>
#include <map>
#include <string>

#include <tfpp/tfpp.h>

int main() {
  tf::Variable w(tf::reshape(tf::range(0.0, 6.0, 1.0, tf::float32) * 0.5f - 1.0f, {3, 2}), {.name = "w"});
  tf::Variable b(tf::zeros({2}), {.name = "b"});
  tf::Tensor x = tf::constant({{1.0f, 2.0f, 3.0f}});
  {
    tf::GradientTape tape({.persistent = true});
    tf::Tensor y = tf::matmul(x, w) + b;
    tf::Tensor loss = tf::reduce_mean(y * y);
    std::vector<tf::Tensor> grads = tape.gradient(loss, {w, b});
    std::cout << grads[0] << "\n";
    std::map<std::string, tf::Variable> my_vars = {{"w", w}, {"b", b}};
    std::map<std::string, tf::Tensor> grad = tape.gradient(loss, my_vars);
    std::cout << grad.at("b") << "\n";
  }
  {
    tf::Tensor x = tf::constant(3.0f);
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = x * x;
    tf::Tensor z = y * y;
    std::cout << tape.gradient(z, y) << "\n";  // an intermediate result as the source
  }
  {
    tf::Variable x(tf::constant(2.0f));
    tf::GradientTape tape;
    tf::Tensor y0 = tf::pow(x, tf::constant(2.0f));
    tf::Tensor y1 = 1.0f / tf::Tensor(x);
    std::cout << tape.gradient({y0, y1}, x) << "\n";  // the sum of both targets' gradients
  }
  {
    tf::Variable x(tf::constant(2.0f));
    tf::GradientTape tape;
    tf::Tensor y = x * tf::constant({3.0f, 4.0f});
    std::cout << tape.gradient(y, x) << "\n";  // a non-scalar target: the gradient of its sum
  }
  return 0;
}

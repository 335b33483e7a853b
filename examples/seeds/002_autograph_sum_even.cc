// Seed 002, using Python control flow: print(tf.autograph.to_code(sum_even.python_function)) for
// sum_even, which adds the even items of a tensor (`for c in items: if c % 2 > 0: continue`).
// The loop over a tensor is tf::for_range (C++ loops are not rewritten); the `if` on a tensor
// traces to an If node, and the traced graph is shown as C++-like code.
#include <iostream>
#include <tuple>

#include <tfpp/tfpp.h>

int main() {
  auto sum_even = tf::function([](const tf::Tensor& items) {
    auto [s] = tf::for_range(tf::size(items), [&](const tf::Tensor& i, const tf::Tensor& s) {
      tf::Tensor c = tf::gather(items, tf::IntArray(i));
      if (c % 2 > 0) return std::tuple{s};  // continue
      return std::tuple{s + c};
    }, std::tuple{tf::constant(0)});
    return s;
  }, {.name = "sum_even", .arg_names = {"items"}});

  std::cout << sum_even(tf::constant({10, 12, 15, 20})).repr() << "\n";
  std::cout << tf::autograph::to_code(sum_even, tf::TensorSpec({4}, tf::int32));
  return 0;
}

// The tensor examples of TensorFlow's guide: creating tensors, dtypes, shapes, broadcasting.
#include <iostream>

#include <tfpp/tfpp.h>

int main() {
  tf::Tensor rank_0 = tf::constant(4);
  tf::Tensor rank_1 = tf::constant({2.0f, 3.0f, 4.0f});
  tf::Tensor rank_2 = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}, {5.0f, 6.0f}});
  std::cout << rank_0 << "\n" << rank_1 << "\n" << rank_2 << "\n";

  tf::Tensor a = tf::constant({{1, 2}, {3, 4}});
  tf::Tensor b = tf::constant({{1, 1}, {1, 1}});
  std::cout << a + b << "\n" << a * b << "\n";

  // Broadcasting: a [3,1] column times a [4] row gives a [3,4] table.
  tf::Tensor x = tf::constant(std::vector<float>{1, 2, 3}, {3, 1});
  tf::Tensor y = tf::constant({1.0f, 2.0f, 3.0f, 4.0f});
  std::cout << x * y << "\n";
  std::cout << tf::constant("Gray wolf") << "\n";
  return 0;
}

#include <iostream>

#include <tfpp/tfpp.h>

int main() {
  tf::Tensor v = tf::constant({1.0f, 2.0f}) * 2;
  std::cout << v << "\n";
  return v.numpy<float>() == std::vector<float>{2.0f, 4.0f} ? 0 : 1;
}

// Seed 003, tf.function: only the operations a graph's outputs need are run, so an op whose
// result is unused raises eagerly but not inside the function.
#include <iostream>

#include <tfpp/tfpp.h>

tf::Tensor unused_return(const tf::Tensor& x) {
  tf::gather(x, {1});  // unused; index 1 is out of range when x has one element
  return x;
}

int main() {
  try {
    std::cout << unused_return(tf::constant({0.0f})) << "\n";
  } catch (const tf::InvalidArgumentError& e) {
    std::cout << "InvalidArgumentError: " << e.what() << "\n";  // every op runs eagerly
  }
  auto unused_return_graph = tf::function(unused_return);
  std::cout << unused_return_graph(tf::constant({0.0f})) << "\n";  // the unused gather is pruned
  return 0;
}

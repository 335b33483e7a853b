// Seed 001, a Keras layer's variables are created lazily: a Conv2D(1, (1, 1)) has no
// trainable_variables until its first call on a [1,2,2,1] array of ones builds it.
#include <iostream>
#include <vector>

#include <tfpp/keras/keras.h>
#include <tfpp/tfpp.h>

// Prints a list of variables as Python prints one: [<tf.Variable ...>, ...].
void print_variables(const std::vector<tf::Variable>& variables) {
  std::cout << "[";
  for (std::size_t i = 0; i < variables.size(); ++i) std::cout << (i ? ", " : "") << variables[i];
  std::cout << "]\n";
}

int main() {
  const tf::Tensor a = tf::ones({1, 2, 2, 1});
  tf::keras::layers::Conv2D conv1(1, {1, 1});
  print_variables(conv1.trainable_variables());  // not built yet: no variables
  // conv1.build({1, 2, 2, 1}) would create them too
  conv1(a);  // the first call builds the layer
  print_variables(conv1.trainable_variables());
  return 0;
}

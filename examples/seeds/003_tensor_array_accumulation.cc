// Seed 003, accumulation in a loop: a C++ container cannot grow inside a traced loop, so the
// states of dynamic_rnn's loop over tf.range(max_seq_len) go into a tf::TensorArray, stacked at
// the end.
#include <iostream>
#include <tuple>

#include <tfpp/tfpp.h>
#include <tfpp/tensor_array.h>

tf::Tensor rnn_step(const tf::Tensor& inp, const tf::Tensor& state) { return inp + state; }

int main() {
  const std::int64_t batch_size = 2, seq_len = 3, feature_size = 4;
  auto dynamic_rnn = tf::function([](tf::Tensor input_data, const tf::Tensor& initial_state) {
    // [batch, time, features] -> [time, batch, features]
    input_data = tf::transpose(input_data, {1, 0, 2});
    const std::int64_t max_seq_len = input_data.shape()[0];
    tf::TensorArray states(tf::float32, {.size = max_seq_len});
    auto [state, filled] = tf::for_range(tf::constant(static_cast<int>(max_seq_len)),
                                         [&](const tf::Tensor& i, const tf::Tensor& state, const tf::TensorArray& states) {
                                           tf::Tensor next = rnn_step(tf::gather(input_data, tf::IntArray(i)), state);
                                           return std::tuple{next, states.write(i, next)};
                                         },
                                         std::tuple{initial_state, states});
    return tf::transpose(filled.stack(), {1, 0, 2});
  });
  tf::Tensor input_data =
      tf::reshape(tf::range(0.0, double(batch_size * seq_len * feature_size), 1.0, tf::float32), {batch_size, seq_len, feature_size});
  std::cout << dynamic_rnn(input_data, tf::zeros({batch_size, feature_size})) << "\n";
  return 0;
}

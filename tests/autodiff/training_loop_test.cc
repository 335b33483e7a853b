// End-to-end training with tf::Variable, GradientTape and plain SGD: linear regression finds
// the known weights, and a two-layer MLP (relu, softmax cross-entropy) learns a small
// synthetic classification task.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

namespace {

using tf::Tensor;
using tf::Variable;

// One SGD step: v -= lr * g for each variable.
void sgd(std::vector<Variable>& vars, const std::vector<Tensor>& grads, float lr) {
  for (std::size_t i = 0; i < vars.size(); ++i) vars[i].assign_sub(grads[i] * lr);
}

TEST(TrainingLoop, LinearRegressionFindsTheWeights) {
  const Tensor x = tf::random::normal({256, 3}, {.seed = 1});
  const Tensor true_w = tf::constant({{2.0f}, {-3.0f}, {0.5f}});
  const Tensor y = tf::matmul(x, true_w) + 1.25f + tf::random::normal({256, 1}, {.stddev = 0.01f, .seed = 2});
  std::vector<Variable> vars = {Variable(tf::zeros({3, 1})), Variable(tf::zeros({1}))};
  float loss = 0;
  for (int step = 0; step < 200; ++step) {
    tf::GradientTape tape;
    const Tensor pred = tf::matmul(x, vars[0]) + vars[1];
    const Tensor l = tf::reduce_mean(tf::square(pred - y));
    sgd(vars, tape.gradient(l, vars), 0.1f);
    loss = l.numpy<float>()[0];
  }
  EXPECT_LT(loss, 1e-3f);
  const auto w = vars[0].numpy<float>();
  EXPECT_NEAR(w[0], 2.0f, 0.01f);
  EXPECT_NEAR(w[1], -3.0f, 0.01f);
  EXPECT_NEAR(w[2], 0.5f, 0.01f);
  EXPECT_NEAR(vars[1].numpy<float>()[0], 1.25f, 0.01f);
}

TEST(TrainingLoop, MlpLearnsThreeBlobs) {
  // 300 points around three centers, 100 each, labels 0..2.
  const Tensor centers = tf::constant({{2.0f, 0.0f}, {-1.0f, 1.7f}, {-1.0f, -1.7f}});
  std::vector<std::int32_t> label_values;
  for (int i = 0; i < 300; ++i) label_values.push_back(i % 3);
  const Tensor labels = tf::constant(label_values);
  const Tensor x = tf::gather(centers, labels) + tf::random::normal({300, 2}, {.stddev = 0.5f, .seed = 3});

  std::vector<Variable> vars = {Variable(tf::random::normal({2, 16}, {.stddev = 0.5f, .seed = 4})),
                                Variable(tf::zeros({16})),
                                Variable(tf::random::normal({16, 3}, {.stddev = 0.5f, .seed = 5})),
                                Variable(tf::zeros({3}))};
  auto forward = [&] { return tf::matmul(tf::nn::relu(tf::matmul(x, vars[0]) + vars[1]), vars[2]) + vars[3]; };
  float first = 0, loss = 0;
  for (int step = 0; step < 300; ++step) {
    tf::GradientTape tape;
    const Tensor l = tf::reduce_mean(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, forward()));
    sgd(vars, tape.gradient(l, vars), 0.2f);
    loss = l.numpy<float>()[0];
    if (step == 0) first = loss;
  }
  EXPECT_GT(first, 0.8f);
  EXPECT_LT(loss, 0.1f);
  const Tensor predicted = tf::cast(tf::argmax(forward(), 1), tf::int32);
  const float accuracy = tf::reduce_mean(tf::cast(tf::equal(predicted, labels), tf::float32)).numpy<float>()[0];
  EXPECT_GT(accuracy, 0.97f);
}

}  // namespace

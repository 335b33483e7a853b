// tf::gradients: symbolic gradients of a trace (tensors, variables, weights, unconnected sources,
// second order), checked against central finite differences (float64), and its eager error.
#include <gtest/gtest.h>

#include <tfpp/graph_gradients.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"

namespace {

using tf::Tensor;

Tensor f(const Tensor& x) { return tf::reduce_sum(tf::sin(x) * x + tf::exp(x * 0.5) * tf::reduce_sum(x * x)); }

TEST(GraphGradients, MatchFiniteDifferences) {
  auto traced = tf::function([](Tensor x) { return tf::gradients({f(x)}, {x})[0]; });
  const Tensor x = tf::testing::random_tensor({3}, 4);
  const std::vector<double> g = traced(x).numpy<double>();
  std::vector<double> v = x.numpy<double>();
  const double h = 1e-6;
  for (std::size_t j = 0; j < v.size(); ++j) {
    std::vector<double> plus = v, minus = v;
    plus[j] += h;
    minus[j] -= h;
    const double numeric = (f(tf::constant(plus)).item<double>() - f(tf::constant(minus)).item<double>()) / (2 * h);
    EXPECT_NEAR(g[j], numeric, 1e-6) << j;
  }
}

TEST(GraphGradients, VariablesWeightsAndUnconnected) {
  tf::Variable w(tf::constant(std::vector<double>{1, 2}));
  auto traced = tf::function([&](Tensor x, Tensor unused) {
    const Tensor y = tf::reduce_sum(w * w * x) + tf::reduce_sum(w);
    std::vector<Tensor> grads = tf::gradients({y, x * 3.0}, {w, x, unused}, {tf::constant(2.0), tf::ones_like(x)});
    grads[2] = tf::gradients({y}, {unused}, {}, tf::UnconnectedGradients::ZERO)[0];
    return grads;
  });
  const std::vector<Tensor> g = traced(tf::constant(std::vector<double>{3, 5}), tf::constant(7.0));
  EXPECT_EQ(g[0].numpy<double>(), (std::vector<double>{2 * (2 * 1 * 3 + 1), 2 * (2 * 2 * 5 + 1)}));
  EXPECT_EQ(g[1].numpy<double>(), (std::vector<double>{2 * 1 + 3, 2 * 4 + 3}));
  EXPECT_EQ(g[2].item<double>(), 0.0);
}

TEST(GraphGradients, SecondOrderAndEagerError) {
  auto second = tf::function([](Tensor x) {
    const Tensor dy = tf::gradients({x * x * x}, {x})[0];
    return tf::gradients({dy}, {x})[0];
  });
  EXPECT_EQ(second(tf::constant(2.0)).item<double>(), 12.0);
  try {
    tf::gradients({tf::constant(1.0)}, {tf::constant(1.0)});
    ADD_FAILURE() << "no error eagerly";
  } catch (const tf::FailedPreconditionError& e) {
    EXPECT_STREQ(e.what(), "tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead.");
  }
}

}  // namespace

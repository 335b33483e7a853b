// Gradients built inside tf::function (the tape records symbolic ops, the gradient
// functions add graph nodes) equal the eager ones.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

namespace {

using tf::Tensor;

// A loss touching many of the gradients of math, reduction and linalg ops.
Tensor loss_of(const Tensor& x, const Tensor& w) {
  const Tensor h = tf::nn::gelu(tf::matmul(x, w, {.transpose_b = true}), {.approximate = true});
  const Tensor a = tf::maximum(tf::nn::relu(h), tf::math::sigmoid(h)) + tf::pow(tf::math::softplus(h), 1.5);
  const Tensor b = tf::clip_by_value(tf::where(tf::greater(a, 1.0), a * a, tf::math::exp(-a)), 0.05, 3.0);
  const Tensor c = tf::cumsum(b, 1, {.reverse = true}) + tf::reduce_prod(b, 0, {.keepdims = true});
  return tf::reduce_sum(tf::math::top_k(c, 2).values) + tf::reduce_max(tf::math::tanh(c)) + tf::reduce_mean(tf::math::log1p(c));
}

std::vector<Tensor> gradients(const Tensor& x, const Tensor& w) {
  tf::GradientTape tape;
  tape.watch(x);
  tape.watch(w);
  return tape.gradient(loss_of(x, w), std::vector<Tensor>{x, w});
}

void expect_same(const std::vector<Tensor>& graph, const std::vector<Tensor>& eager) {
  ASSERT_EQ(graph.size(), 2u);
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(graph[i].shape(), eager[i].shape());
    const auto e = eager[i].numpy<double>(), g = graph[i].numpy<double>();
    for (std::size_t j = 0; j < e.size(); ++j) EXPECT_NEAR(e[j], g[j], 1e-12 * std::max(1.0, std::abs(e[j])));
  }
}

TEST(TracedGradients, MatchEager) {
  const Tensor x = tf::random::normal({4, 3}, {.dtype = tf::float64, .seed = 7});
  const Tensor w = tf::random::normal({5, 3}, {.dtype = tf::float64, .seed = 8});
  auto traced = tf::function([](Tensor x, Tensor w) { return gradients(x, w); });
  expect_same(traced(x, w), gradients(x, w));
}

// The same loss traced with every dimension unknown, called on two sizes.
TEST(TracedGradients, MatchEagerWithUnknownDimensions) {
  const tf::TensorSpec spec({tf::None, tf::None}, tf::float64);
  auto traced = tf::function([](Tensor x, Tensor w) { return gradients(x, w); }, {.input_signature = {spec, spec}});
  for (const auto& [rows, cols] : {std::pair{4, 3}, std::pair{7, 2}}) {
    const Tensor x = tf::random::normal({rows, cols}, {.dtype = tf::float64, .seed = 7});
    const Tensor w = tf::random::normal({5, cols}, {.dtype = tf::float64, .seed = 8});
    expect_same(traced(x, w), gradients(x, w));
  }
  EXPECT_EQ(traced.tracing_count(), 1);
}

}  // namespace

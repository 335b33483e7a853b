// A whole training step (MLP forward, tape.gradient, SGD update) traced once with a None
// batch dimension (from an input_signature, or relaxed by reduce_retracing) runs full and
// partial batches with the eager results; gradients of targets
// of unknown shape, the static fast path, and the errors for what unknown shapes cannot give.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "../graph/graph_test_util.h"

namespace {

using tf::Tensor;
using tf::TensorSpec;
using tf::Variable;

// Two-layer MLP on 8 features and 3 classes, with fixed initial weights.
struct Mlp {
  std::vector<Variable> vars = {Variable(tf::random::stateless_normal({8, 16}, {11, 0}, {.stddev = 0.4})),
                                Variable(tf::fill({16}, 0.1f)),
                                Variable(tf::random::stateless_normal({16, 3}, {12, 0}, {.stddev = 0.4})),
                                Variable(tf::zeros({3}))};

  // One SGD step on (x, labels); returns the loss before the update.
  Tensor step(const Tensor& x, const Tensor& labels) {
    tf::GradientTape tape;
    const Tensor hidden = tf::nn::relu(tf::matmul(x, vars[0]) + vars[1]);
    const Tensor logits = tf::matmul(hidden, vars[2]) + vars[3];
    const Tensor loss = tf::reduce_mean(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, logits));
    const std::vector<Tensor> grads = tape.gradient(loss, vars);
    for (std::size_t i = 0; i < vars.size(); ++i) vars[i].assign_sub(grads[i] * 0.5f);
    return loss;
  }
};

// 49 examples: a batch of 32 and a last partial batch of 17.
Tensor features() { return tf::random::stateless_normal({49, 8}, {13, 0}); }
Tensor labels() {
  std::vector<std::int32_t> v;
  for (int i = 0; i < 49; ++i) v.push_back((i * 7) % 3);
  return tf::constant(v);
}

void expect_near(const Tensor& a, const Tensor& b, const std::string& what) {
  ASSERT_EQ(a.shape(), b.shape()) << what;
  const std::vector<float> x = a.numpy<float>(), y = b.numpy<float>();
  for (std::size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(x[i], y[i], 1e-5f * std::max(1.0f, std::abs(y[i]))) << what << " [" << i << "]";
}

TEST(UnknownBatchTraining, FullAndPartialBatchesMatchEagerWithOneTrace) {
  Mlp eager, traced;
  auto step = tf::function([&traced](Tensor x, Tensor y) { return traced.step(x, y); },
                           {.input_signature = {TensorSpec({tf::None, 8}, tf::float32), TensorSpec({tf::None}, tf::int32)}});
  const Tensor x = features(), y = labels();
  for (int epoch = 0; epoch < 3; ++epoch) {
    for (const auto& [begin, size] : {std::pair{0, 32}, std::pair{32, 17}}) {
      const Tensor xb = tf::slice(x, {begin, 0}, {size, 8}), yb = tf::slice(y, {begin}, {size});
      const std::string what = "epoch " + std::to_string(epoch) + " batch of " + std::to_string(size);
      expect_near(step(xb, yb), eager.step(xb, yb), what + " loss");
      for (std::size_t i = 0; i < eager.vars.size(); ++i)
        expect_near(traced.vars[i].read_value(), eager.vars[i].read_value(), what + " variable " + std::to_string(i));
    }
  }
  EXPECT_EQ(step.tracing_count(), 1);
}

// reduce_retracing relaxes the batch dimension to None on the second size; the relaxed trace
// then serves every later batch size.
TEST(UnknownBatchTraining, RelaxedTraceMatchesEager) {
  Mlp eager, traced;
  auto step = tf::function([&traced](Tensor x, Tensor y) { return traced.step(x, y); }, {.reduce_retracing = true});
  const Tensor x = features(), y = labels();
  for (const auto& [begin, size] : {std::pair{0, 32}, std::pair{32, 17}, std::pair{0, 9}, std::pair{9, 40}}) {
    const Tensor xb = tf::slice(x, {begin, 0}, {size, 8}), yb = tf::slice(y, {begin}, {size});
    const std::string what = "batch of " + std::to_string(size);
    expect_near(step(xb, yb), eager.step(xb, yb), what + " loss");
    for (std::size_t i = 0; i < eager.vars.size(); ++i)
      expect_near(traced.vars[i].read_value(), eager.vars[i].read_value(), what + " variable " + std::to_string(i));
  }
  EXPECT_EQ(step.tracing_count(), 2);
}

// Without output_gradients, a target of unknown shape is seeded with ones of its run-time shape.
TEST(UnknownBatchTraining, DefaultSeedOfAnUnknownShapeTargetIsOnes) {
  auto grad = tf::function([](Tensor x, Tensor b) {
    tf::GradientTape tape;
    tape.watch(b);
    return tape.gradient(x * b, b);
  }, {.input_signature = {TensorSpec({tf::None, tf::None}, tf::float32), TensorSpec({tf::None}, tf::float32)}});
  const Tensor x = tf::constant({{1.0f, 2.0f, 3.0f}, {4.0f, 5.0f, 6.0f}});
  EXPECT_EQ(grad(x, tf::ones({3})).numpy<float>(), (std::vector<float>{5, 7, 9}));
  // b of size 1 broadcasts at run time: its gradient sums everything.
  EXPECT_EQ(grad(x, tf::ones({1})).numpy<float>(), (std::vector<float>{21}));
  EXPECT_EQ(grad(tf::zeros({0, 3}), tf::ones({3})).numpy<float>(), (std::vector<float>{0, 0, 0}));
  EXPECT_EQ(grad.tracing_count(), 1);
}

// cond and while_loop gradients over tensors of unknown shape, with a bias that broadcasts
// at run time (size 3, then size 1).
std::vector<Tensor> control_flow_gradients(const Tensor& x, const Tensor& b) {
  tf::GradientTape tape;
  tape.watch(x);
  tape.watch(b);
  const Tensor y = tf::cond(tf::greater(tf::reduce_sum(x), 0.0), [&] { return tf::reduce_sum(x * b * b); },
                            [&] { return tf::reduce_sum(x + b); });
  const auto [i, acc] = tf::while_loop([](const Tensor& i, const Tensor&) { return tf::less(i, 3); },
                                       [&](const Tensor& i, const Tensor& acc) { return std::tuple{i + 1, acc * 1.5 + b}; },
                                       std::tuple{tf::constant(0), x});
  return tape.gradient(y + tf::reduce_sum(acc), std::vector<Tensor>{x, b});
}

TEST(UnknownBatchTraining, CondAndWhileGradientsMatchEager) {
  auto traced = tf::function(control_flow_gradients, {.input_signature = {TensorSpec({tf::None, tf::None}, tf::float64),
                                                                           TensorSpec({tf::None}, tf::float64)}});
  for (const double sign : {1.0, -1.0})
    for (const Tensor& b : {tf::constant({1.0, 2.0, 3.0}), tf::constant({2.0})}) {
      const Tensor x = tf::constant({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}}) * sign;
      const std::vector<Tensor> eager = control_flow_gradients(x, b), graph = traced(x, b);
      ASSERT_EQ(graph.size(), 2u);
      for (int k = 0; k < 2; ++k) {
        ASSERT_EQ(graph[k].shape(), eager[k].shape());
        const std::vector<double> g = graph[k].numpy<double>(), e = eager[k].numpy<double>();
        for (std::size_t j = 0; j < e.size(); ++j) EXPECT_NEAR(g[j], e[j], 1e-12 * std::max(1.0, std::abs(e[j])));
      }
    }
  EXPECT_EQ(traced.tracing_count(), 1);
}

// Fully known shapes take the static path: no run-time shape ops in the traced gradient.
TEST(UnknownBatchTraining, StaticShapesAddNoShapeOps) {
  Mlp mlp;
  auto step = tf::function([&mlp](Tensor x, Tensor y) { return mlp.step(x, y); });
  const tf::graph::Graph& g = step.get_concrete_function(features(), labels()).graph().impl();
  for (const char* op : {"Shape", "Size", "Fill", "SumToShape", "EnsureShape"}) EXPECT_EQ(tf::testing::count_ops(g, op), 0) << op;
}

// What unknown shapes cannot give raises an error naming the op, never a wrong result.
TEST(UnknownBatchTraining, GradientsThatNeedTheRankRaise) {
  auto sum_grad = tf::function([](Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    return tape.gradient(tf::reduce_sum(x, -1), x);
  }, {.input_signature = {TensorSpec(tf::None, tf::float32)}});
  try {
    sum_grad(tf::ones({2, 3}));
    FAIL() << "expected an error";
  } catch (const tf::UnimplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("[Sum] the gradient needs the input's rank for a negative axis"), std::string::npos) << e.what();
  }
  auto jacobian = tf::function([](Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    return tape.jacobian(x * x, x);
  }, {.input_signature = {TensorSpec({tf::None}, tf::float32)}});
  try {
    jacobian(tf::ones({3}));
    FAIL() << "expected an error";
  } catch (const tf::UnimplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("[GradientTape] jacobian needs fully known shapes"), std::string::npos) << e.what();
  }
}

}  // namespace

// The MatMul + bias + activation fusion pass and the _FusedMatMul op it creates.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "graph/executor.h"
#include "graph/passes/passes.h"
#include "ops/execute.h"
#include "ops/linalg/fused_matmul.h"

#include "graph/graph_test_util.h"

namespace {

using tf::testing::count_ops;
using tf::testing::count_all_ops;

using tf::graph::Graph;
using tf::graph::NodeKind;

tf::Tensor run(const Graph& g, tf::Tensor x) {
  tf::graph::Executor ex(std::make_shared<Graph>(g));
  return ex.run(std::vector<tf::Tensor>{x})[0];
}

// Traces fn on x, fuses a copy, checks the fused graph against the unfused one, returns it.
template <class F>
Graph fused_and_checked(F fn, const tf::Tensor& x, float tolerance = 1e-5f) {
  Graph g = tf::function(fn).get_concrete_function(tf::TensorSpec(x.shape(), x.dtype())).graph().impl();
  tf::graph::optimize(g);
  Graph f = g;
  tf::graph::fuse_matmul_bias_activation(f);
  const auto expected = run(g, x).numpy<float>(), actual = run(f, x).numpy<float>();
  EXPECT_EQ(expected.size(), actual.size());
  for (std::size_t i = 0; i < expected.size() && i < actual.size(); ++i)
    EXPECT_NEAR(actual[i], expected[i], tolerance * (1 + std::abs(expected[i]))) << "element " << i;
  return f;
}

const tf::Tensor kW = tf::random::normal({64, 48}, {.seed = 11});
const tf::Tensor kB = tf::random::normal({48}, {.seed = 12});
const tf::Tensor kX = tf::random::normal({32, 64}, {.seed = 13});

TEST(MatMulFusion, DenseReluBecomesOneOp) {
  Graph f = fused_and_checked([](tf::Tensor x) { return tf::nn::relu(tf::linalg::matmul(x, kW) + kB); }, kX);
  EXPECT_EQ(count_ops(f, "_FusedMatMul"), 1) << f.to_string();
  EXPECT_EQ(count_ops(f, "MatMul") + count_ops(f, "AddV2") + count_ops(f, "Relu"), 0);
}

TEST(MatMulFusion, EveryActivationMatchesUnfused) {
  using Act = tf::Tensor (*)(const tf::Tensor&);
  const Act acts[] = {[](const tf::Tensor& t) { return tf::nn::relu6(t); },
                      [](const tf::Tensor& t) { return tf::math::sigmoid(t); },
                      [](const tf::Tensor& t) { return tf::math::tanh(t); },
                      [](const tf::Tensor& t) { return tf::nn::elu(t); },
                      [](const tf::Tensor& t) { return tf::nn::gelu(t, {.approximate = true}); },
                      [](const tf::Tensor& t) { return tf::nn::gelu(t, {.approximate = false}); }};
  for (Act act : acts) {
    Graph f = fused_and_checked([&](tf::Tensor x) { return act(tf::linalg::matmul(x, kW) + kB); }, kX);
    EXPECT_EQ(count_ops(f, "_FusedMatMul"), 1) << f.to_string();
    EXPECT_EQ(count_all_ops(f), 1) << f.to_string();  // the activation is a post-op
  }
}

TEST(MatMulFusion, BiasAddFusesInEitherDataFormat) {
  for (const char* format : {"NHWC", "NCHW"}) {
    Graph f = fused_and_checked(
        [&](tf::Tensor x) { return tf::math::tanh(tf::nn::bias_add(tf::linalg::matmul(x, kW), kB, format)); }, kX);
    EXPECT_EQ(count_all_ops(f), 1) << format << "\n" << f.to_string();
    EXPECT_EQ(count_ops(f, "_FusedMatMul"), 1) << f.to_string();
  }
}

TEST(MatMulFusion, BiasOnTheLeftTransposesAndNoActivation) {
  const tf::Tensor wt = tf::transpose(kW);
  Graph f = fused_and_checked(
      [&](tf::Tensor x) { return kB + tf::linalg::matmul(x, wt, {.transpose_b = true}); }, kX);
  EXPECT_EQ(count_ops(f, "_FusedMatMul"), 1) << f.to_string();
  Graph t = fused_and_checked(
      [&](tf::Tensor x) { return tf::nn::relu(tf::linalg::matmul(x, kW, {.transpose_a = true}) + kB); },
      tf::random::normal({64, 32}, {.seed = 14}));
  EXPECT_EQ(count_ops(t, "_FusedMatMul"), 1);
}

TEST(MatMulFusion, LeavesSharedResultsMatrixBiasesAndFloat64Alone) {
  Graph shared = fused_and_checked(
      [](tf::Tensor x) {
        tf::Tensor y = tf::linalg::matmul(x, kW);
        return (y + kB) * y;
      },
      kX);
  EXPECT_EQ(count_ops(shared, "_FusedMatMul"), 0);
  // The sum is read twice: MatMul + bias fuses, the activation stays.
  Graph two = fused_and_checked(
      [](tf::Tensor x) {
        tf::Tensor z = tf::linalg::matmul(x, kW) + kB;
        return tf::nn::relu(z) + z;
      },
      kX);
  EXPECT_EQ(count_ops(two, "_FusedMatMul"), 1);
  EXPECT_EQ(count_ops(two, "Relu"), 1);
  const tf::Tensor bias_matrix = tf::random::normal({32, 48}, {.seed = 15});
  Graph matrix = fused_and_checked([&](tf::Tensor x) { return tf::linalg::matmul(x, kW) + bias_matrix; }, kX);
  EXPECT_EQ(count_ops(matrix, "_FusedMatMul"), 0);
  Graph g = tf::function([](tf::Tensor x) { return tf::nn::relu(tf::linalg::matmul(x, tf::cast(kW, tf::float64)) + tf::cast(kB, tf::float64)); })
                .get_concrete_function(tf::TensorSpec({32, 64}, tf::float64))
                .graph()
                .impl();
  tf::graph::fuse_matmul_bias_activation(g);
  EXPECT_EQ(count_ops(g, "_FusedMatMul"), 0);
}

TEST(MatMulFusion, EmptyInnerDimensionGivesActivatedBias) {
  const tf::Tensor w = tf::zeros({0, 3}), b = tf::constant({-1.0f, 0.5f, 2.0f});
  Graph f = fused_and_checked([&](tf::Tensor x) { return tf::nn::relu(tf::linalg::matmul(x, w) + b); }, tf::zeros({2, 0}));
  EXPECT_EQ(count_ops(f, "_FusedMatMul"), 1);
  EXPECT_EQ(run(f, tf::zeros({2, 0})).numpy<float>(), (std::vector<float>{0, 0.5f, 2, 0, 0.5f, 2}));
}

TEST(MatMulFusion, OpValidatesShapes) {
  const tf::ops::AttrValue attrs[] = {false, false, std::int64_t{0}};
  try {
    tf::ops::execute(tf::ops::fused_matmul_op(), {tf::zeros({2, 3}), tf::zeros({3, 4}), tf::zeros({5})}, attrs);
    FAIL() << "expected an error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_EQ(std::string(e.what()), "[_FusedMatMul] bias [5] does not match the 4 output columns");
  }
  EXPECT_THROW(tf::ops::execute(tf::ops::fused_matmul_op(), {tf::zeros({2, 3}), tf::zeros({4, 4}), tf::zeros({4})}, attrs),
               tf::InvalidArgumentError);
  EXPECT_THROW(tf::ops::execute(tf::ops::fused_matmul_op(), {tf::zeros({2, 3}), tf::zeros({3, 4}), tf::zeros({1, 4})}, attrs),
               tf::InvalidArgumentError);
}

}  // namespace

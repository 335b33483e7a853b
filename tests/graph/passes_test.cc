// Each optimization pass alone: what it changes, and that results stay equal to eager.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "graph/executor.h"
#include "graph/passes/passes.h"
#include "graph/graph_test_util.h"

namespace {

using tf::graph::Graph;
using tf::testing::count_ops;
using tf::graph::NodeKind;

// The traced (unoptimized) graph of `fn` for one argument of `spec`.
template <class F>
Graph traced(F fn, tf::TensorSpec spec) {
  auto f = tf::function(fn);
  return f.get_concrete_function(spec).graph().impl();
}

int count_kind(const Graph& g, NodeKind kind) {
  int n = 0;
  for (const auto& node : g.nodes()) n += node.kind == kind;
  return n;
}

tf::Tensor run(const Graph& g, tf::Tensor x) {
  tf::graph::Executor ex(std::make_shared<Graph>(g));
  return ex.run(std::vector<tf::Tensor>{x})[0];
}

TEST(Passes, PruneRemovesUnusedNodesButKeepsStatefulOnes) {
  Graph g = traced(
      [](tf::Tensor x) {
        tf::Tensor unused = x * 100;
        tf::print("kept");
        return x + 1;
      },
      tf::TensorSpec({}, tf::float32));
  ASSERT_EQ(count_ops(g, "Mul"), 1);
  tf::graph::prune(g);
  EXPECT_EQ(count_ops(g, "Mul"), 0);
  EXPECT_EQ(count_ops(g, "PrintV2"), 1);
  EXPECT_EQ(count_ops(g, "AddV2"), 1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(run(g, tf::constant(2.0f)).item<float>(), 3.0f);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "kept\n");
}

TEST(Passes, ConstantFoldingEvaluatesConstantSubgraphs) {
  Graph g = traced([](tf::Tensor x) { return x * (tf::constant(2.0f) + tf::constant(3.0f)); },
                   tf::TensorSpec({2}, tf::float32));
  ASSERT_EQ(count_ops(g, "AddV2"), 1);
  tf::graph::fold_constants(g);
  EXPECT_EQ(count_ops(g, "AddV2"), 0);
  EXPECT_EQ(count_ops(g, "Mul"), 1);
  EXPECT_EQ(run(g, tf::constant({1.0f, 2.0f})).numpy<float>(), (std::vector<float>{5, 10}));
}

TEST(Passes, CommonSubexpressionsAreComputedOnce) {
  Graph g = traced([](tf::Tensor x) { return (x * x) + (x * x); }, tf::TensorSpec({3}, tf::float32));
  ASSERT_EQ(count_ops(g, "Mul"), 2);
  tf::graph::eliminate_common_subexpressions(g);
  EXPECT_EQ(count_ops(g, "Mul"), 1);
  EXPECT_EQ(run(g, tf::constant({1.0f, 2.0f, 3.0f})).numpy<float>(), (std::vector<float>{2, 8, 18}));
}

TEST(Passes, ArithmeticSimplificationRemovesNoOps) {
  Graph g = traced([](tf::Tensor x) { return -(-((x * 1.0f + 0.0f) / 1.0f - 0.0f)); },
                   tf::TensorSpec({2}, tf::float32));
  tf::graph::simplify_arithmetic(g);
  EXPECT_EQ(count_kind(g, NodeKind::kOp), 0) << g.to_string();
  EXPECT_EQ(run(g, tf::constant({1.5f, -2.0f})).numpy<float>(), (std::vector<float>{1.5f, -2.0f}));
}

TEST(Passes, ArithmeticSimplificationKeepsBroadcasts) {
  // x is [1] but the result is [3]: the add broadcasts and must stay.
  Graph g = traced([](tf::Tensor x) { return x + tf::zeros({3}); }, tf::TensorSpec({1}, tf::float32));
  tf::graph::simplify_arithmetic(g);
  EXPECT_EQ(count_ops(g, "AddV2"), 1);
  EXPECT_EQ(run(g, tf::constant({4.0f})).numpy<float>(), (std::vector<float>{4, 4, 4}));
}

TEST(Passes, TransposeOfTransposeCancels) {
  Graph g = traced([](tf::Tensor x) { return tf::transpose(tf::transpose(x, {1, 2, 0}), {2, 0, 1}); },
                   tf::TensorSpec({2, 3, 4}, tf::float32));
  ASSERT_EQ(count_ops(g, "Transpose"), 2);
  tf::graph::simplify_arithmetic(g);
  EXPECT_EQ(count_ops(g, "Transpose"), 0);
  tf::Tensor x = tf::reshape(tf::range(24.0f), {2, 3, 4});
  EXPECT_EQ(run(g, x).numpy<float>(), x.numpy<float>());
}

TEST(Passes, IdentityTransposesSameShapeReshapesAndIdentityChainsVanish) {
  Graph g = traced([](tf::Tensor x) { return tf::transpose(tf::reshape(tf::identity(tf::identity(x)), {2, 3}), {0, 1}); },
                   tf::TensorSpec({2, 3}, tf::float32));
  ASSERT_EQ(count_kind(g, NodeKind::kOp), 4);
  tf::graph::simplify_arithmetic(g);
  EXPECT_EQ(count_kind(g, NodeKind::kOp), 0) << g.to_string();
  tf::Tensor x = tf::reshape(tf::range(6.0f), {2, 3});
  EXPECT_EQ(run(g, x).numpy<float>(), x.numpy<float>());
}

TEST(Passes, TransposesThatDoNotCancelStay) {
  Graph g = traced([](tf::Tensor x) { return tf::transpose(tf::transpose(x, {1, 2, 0}), {1, 2, 0}); },
                   tf::TensorSpec({2, 3, 4}, tf::float32));
  tf::graph::simplify_arithmetic(g);
  EXPECT_EQ(count_ops(g, "Transpose"), 2);
}

TEST(Passes, OptimizedFunctionsMatchEager) {
  auto body = [](tf::Tensor x) {
    tf::Tensor a = x * 1.0f + tf::constant(2.0f) * tf::constant(3.0f);
    return a * a + a * a - x / 1.0f;
  };
  tf::Tensor x = tf::constant({0.5f, -1.0f, 2.0f});
  auto f = tf::function(body);
  EXPECT_EQ(f(x).numpy<float>(), body(x).numpy<float>());
}

}  // namespace

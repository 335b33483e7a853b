// The SGD-update fusion pass and the ResourceApplyGradientDescent op it creates.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/resource_variable_ops.h"
#include "autodiff/training_ops.h"
#include "error_of.h"
#include "function/concrete_function_impl.h"
#include "graph/passes/passes.h"
#include "ops/execute.h"

#include "graph/graph_test_util.h"

namespace {

using tf::testing::count_ops;
using tf::testing::error_of;

// The graph a concrete function runs (optimized and fused).
const tf::graph::Graph& executed_graph(const tf::ConcreteFunction& cf) { return cf.impl()->executor.graph(); }

TEST(SgdUpdateFusion, AssignSubOfScaledGradientBecomesOneOp) {
  tf::Variable w(tf::constant({1.0f, 2.0f, 3.0f})), b(tf::constant(0.5f));
  auto step = tf::function([&](tf::Tensor g) {
    w.assign_sub(g * 0.5f);                    // scalar on the right
    b.assign_sub(0.25f * tf::reduce_sum(g));  // on the left, and a scalar variable
    return g;
  });
  const tf::Tensor g = tf::constant({2.0f, 4.0f, -2.0f});
  const tf::ConcreteFunction cf = step.get_concrete_function(g);
  const auto& fused = executed_graph(cf);
  EXPECT_EQ(count_ops(fused, "ResourceApplyGradientDescent"), 2) << fused.to_string();
  EXPECT_EQ(count_ops(fused, "AssignSubVariableOp") + count_ops(fused, "Mul"), 0);
  const tf::Tensor before = w.read_value();  // a reader keeps the value it read
  step(g);
  EXPECT_EQ(w.numpy<float>(), (std::vector<float>{0.0f, 0.0f, 4.0f}));
  EXPECT_EQ(b.numpy<float>(), std::vector<float>{0.5f - 0.25f * 4.0f});
  EXPECT_EQ(before.numpy<float>(), (std::vector<float>{1.0f, 2.0f, 3.0f}));
  const void* buffer = w.read_value().raw_data();
  step(g);  // nothing else holds w's value now: the update runs in place
  EXPECT_EQ(w.read_value().raw_data(), buffer);
  EXPECT_EQ(w.numpy<float>(), (std::vector<float>{-1.0f, -2.0f, 5.0f}));
}

TEST(SgdUpdateFusion, MatchesUnfusedTrainingAndKeepsOtherUses) {
  tf::Variable w(tf::random::stateless_normal({40000}, {3, 0}, {.dtype = tf::float64}));  // takes the parallel path
  tf::Variable u(tf::random::stateless_normal({40000}, {3, 0}, {.dtype = tf::float64}));
  const tf::Tensor x = tf::random::normal({40000}, {.dtype = tf::float64, .seed = 4});
  auto step = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape;
    const tf::Tensor loss = tf::reduce_sum(tf::math::square(x * w));
    const tf::Tensor g = tape.gradient(loss, w);
    w.assign_sub(g * 0.01);
    return loss;
  });
  for (int i = 0; i < 3; ++i) {
    step(x);
    const tf::Tensor g = 2.0 * x * x * u;  // the gradient of sum((x u)^2), eagerly
    u.assign_sub(g * 0.01);
  }
  const auto a = w.numpy<double>(), e = u.numpy<double>();
  for (std::size_t i = 0; i < a.size(); ++i) ASSERT_NEAR(a[i], e[i], 1e-12 * (1 + std::abs(e[i]))) << i;

  // A product that is also returned, one without a scalar factor, or an int variable's: unfused.
  tf::Variable n(tf::constant({1, 2}));
  auto other = tf::function([&](tf::Tensor g, tf::Tensor k) {
    const tf::Tensor d = g * 0.0;
    w.assign_sub(d);
    u.assign_sub(g * g);
    n.assign_sub(k * 2);
    w.assign_sub(g * 0.0);  // this one fuses
    return d;
  });
  const auto& g = executed_graph(other.get_concrete_function(tf::zeros({40000}, tf::float64), tf::constant({1, 1})));
  EXPECT_EQ(count_ops(g, "ResourceApplyGradientDescent"), 1) << g.to_string();
  EXPECT_EQ(count_ops(g, "AssignSubVariableOp"), 3);
}

TEST(SgdUpdateFusion, OpRejectsBadInputs) {
  const auto& op = tf::autodiff::resource_apply_gradient_descent_op();
  tf::Variable v(tf::constant({1.0f, 2.0f}), {.name = "v"});
  const auto attrs = tf::autodiff::variable_attrs(*tf::autodiff::handle_variable(v.handle()));
  const auto call = [&](tf::Tensor alpha, tf::Tensor delta) {
    return [&op, &attrs, h = v.handle(), alpha, delta] { tf::ops::execute(op, {h, alpha, delta}, attrs); };
  };
  EXPECT_EQ(error_of(call(tf::constant(1.0f), tf::constant({1.0f, 1.0f}))), "no error");
  EXPECT_EQ(v.numpy<float>(), (std::vector<float>{0.0f, 1.0f}));
  EXPECT_EQ(error_of(call(tf::constant({1.0f}), tf::constant({1.0f, 1.0f}))),
            "[ResourceApplyGradientDescent] alpha must be a scalar of the variable's dtype, got float32[1] for "
            "variable 'v:0' of dtype float32 and shape (2,)");
  EXPECT_EQ(error_of(call(tf::constant(1.0), tf::constant({1.0f, 1.0f}))),
            "[ResourceApplyGradientDescent] alpha must be a scalar of the variable's dtype, got float64[] for "
            "variable 'v:0' of dtype float32 and shape (2,)");
  EXPECT_EQ(error_of(call(tf::constant(1.0f), tf::constant({1.0f, 1.0f, 1.0f}))),
            "[ResourceApplyGradientDescent] delta must have the variable's dtype and shape, got float32[3] for "
            "variable 'v:0' of dtype float32 and shape (2,)");
  tf::Variable i(tf::constant({1, 2}), {.name = "i"});
  const auto int_attrs = tf::autodiff::variable_attrs(*tf::autodiff::handle_variable(i.handle()));
  EXPECT_EQ(error_of([&] { tf::ops::execute(op, {i.handle(), tf::constant(1), tf::constant({1, 1})}, int_attrs); }),
            "[ResourceApplyGradientDescent] expects a float32 or float64 variable 'i:0' of dtype int32 and shape (2,)");
  EXPECT_EQ(error_of([&] { tf::ops::execute(op, {tf::constant(1.0f), tf::constant(1.0f), tf::constant({1.0f, 1.0f})}, attrs); }),
            "[ResourceApplyGradientDescent] input 0 must be a scalar tf.resource handle, got float32[]");
  // An empty variable updates to an empty variable.
  tf::Variable e(tf::zeros({0, 3}));
  const auto e_attrs = tf::autodiff::variable_attrs(*tf::autodiff::handle_variable(e.handle()));
  tf::ops::execute(op, {e.handle(), tf::constant(1.0f), tf::zeros({0, 3})}, e_attrs);
  EXPECT_EQ(e.read_value().shape(), (tf::TensorShape{0, 3}));
}

// Every MatMul gradient read only by the update, with each transpose pattern, accumulates into
// the variable: a large product (the parallel path), a small one, and an empty inner dimension.
TEST(SgdUpdateFusion, MatMulGradientAccumulatesIntoTheVariable) {
  for (const bool ta : {false, true})
    for (const bool tb : {false, true})
      for (const auto& [m, k, n] : std::vector<std::array<std::int64_t, 3>>{{300, 64, 200}, {3, 5, 2}, {3, 0, 2}}) {
        const std::string where = "ta=" + std::to_string(ta) + " tb=" + std::to_string(tb) + " m=" + std::to_string(m);
        const tf::Tensor a = tf::random::normal(ta ? tf::TensorShape{k, m} : tf::TensorShape{m, k}, {.seed = 7});
        const tf::Tensor b = tf::random::normal(tb ? tf::TensorShape{n, k} : tf::TensorShape{k, n}, {.seed = 8});
        const tf::Tensor w0 = tf::random::normal({m, n}, {.seed = 9});
        const std::vector<float> w0_values = w0.numpy<float>();
        tf::Variable w(w0);
        auto step = tf::function([&](tf::Tensor a, tf::Tensor b) {
          w.assign_sub(tf::linalg::matmul(a, b, {.transpose_a = ta, .transpose_b = tb}) * 0.5f);
        });
        const auto& g = executed_graph(step.get_concrete_function(a, b));
        EXPECT_EQ(count_ops(g, "_ResourceApplyGradientDescentMatMul"), 1) << where << g.to_string();
        EXPECT_EQ(count_ops(g, "MatMul") + count_ops(g, "ResourceApplyGradientDescent"), 0) << where;
        const tf::Tensor product = tf::linalg::matmul(a, b, {.transpose_a = ta, .transpose_b = tb});
        step(a, b);  // w0 holds the old value: the update writes a copy
        const tf::Tensor expected1 = w0 - product * 0.5f;
        const void* buffer = w.read_value().raw_data();
        step(a, b);  // nothing else holds w's value now: the update runs in place
        EXPECT_EQ(w.read_value().raw_data(), buffer) << where;
        const auto e1 = (expected1 - product * 0.5f).numpy<float>(), actual = w.numpy<float>();
        ASSERT_EQ(actual.size(), e1.size());
        for (std::size_t i = 0; i < e1.size(); ++i) ASSERT_NEAR(actual[i], e1[i], 1e-4f * (1 + std::abs(e1[i]))) << where << " " << i;
        EXPECT_EQ(w0.numpy<float>(), w0_values) << where;
      }
  // A product of the variable's own value reads the old value, never the half-updated one.
  tf::Variable s(tf::random::normal({40, 40}, {.seed = 10}));
  auto square_step = tf::function([&] { s.assign_sub(tf::linalg::matmul(s.read_value(), s.read_value()) * 0.5f); });
  const auto& sg = executed_graph(square_step.get_concrete_function());
  EXPECT_EQ(count_ops(sg, "_ResourceApplyGradientDescentMatMul"), 1) << sg.to_string();
  std::vector<float> se;
  {
    const tf::Tensor s0 = s.read_value();
    se = (s0 - tf::linalg::matmul(s0, s0) * 0.5f).numpy<float>();
  }  // only the variable holds its value now, and the graph's reads of it
  square_step();
  const auto sa = s.numpy<float>();
  for (std::size_t i = 0; i < se.size(); ++i) ASSERT_NEAR(sa[i], se[i], 1e-4f * (1 + std::abs(se[i]))) << i;
  // A product that is also returned stays a MatMul; float64 products use the plain update.
  tf::Variable v(tf::zeros({2, 2})), d(tf::zeros({2, 2}, tf::float64));
  auto other = tf::function([&](tf::Tensor a, tf::Tensor b) {
    const tf::Tensor p = tf::linalg::matmul(a, a);
    v.assign_sub(p * 0.5f);
    d.assign_sub(tf::linalg::matmul(b, b) * 0.5);
    return p;
  });
  const auto& g = executed_graph(other.get_concrete_function(tf::ones({2, 2}), tf::ones({2, 2}, tf::float64)));
  EXPECT_EQ(count_ops(g, "_ResourceApplyGradientDescentMatMul"), 0) << g.to_string();
  EXPECT_EQ(count_ops(g, "ResourceApplyGradientDescent"), 2);
  EXPECT_EQ(count_ops(g, "MatMul"), 2);
}

TEST(SgdUpdateFusion, MatMulOpRejectsBadInputs) {
  const auto& op = tf::autodiff::resource_apply_gradient_descent_matmul_op();
  const auto attrs_of = [](const tf::Variable& v) {
    const auto a = tf::autodiff::variable_attrs(*tf::autodiff::handle_variable(v.handle()));
    std::vector<tf::ops::AttrValue> attrs(a.begin(), a.end());
    attrs.insert(attrs.end(), {false, false});
    return attrs;
  };
  tf::Variable v(tf::ones({2, 2}), {.name = "v"});
  const auto call = [&](tf::Tensor alpha, tf::Tensor a, tf::Tensor b) {
    return [&, alpha, a, b] { tf::ops::execute(op, {v.handle(), alpha, a, b}, attrs_of(v)); };
  };
  EXPECT_EQ(error_of(call(tf::constant(0.5f), tf::ones({2, 3}), tf::ones({3, 2}))), "no error");
  EXPECT_EQ(v.numpy<float>(), (std::vector<float>{-0.5f, -0.5f, -0.5f, -0.5f}));
  EXPECT_EQ(error_of(call(tf::constant(0.5), tf::ones({2, 3}), tf::ones({3, 2}))),
            "[_ResourceApplyGradientDescentMatMul] alpha must be a scalar of the variable's dtype, got float64[] for "
            "variable 'v:0' of dtype float32 and shape (2, 2)");
  EXPECT_EQ(error_of(call(tf::constant(0.5f), tf::ones({2, 3}, tf::float64), tf::ones({3, 2}))),
            "[_ResourceApplyGradientDescentMatMul] a and b must be float32 matrices, got float64[2,3] and float32[3,2] "
            "for variable 'v:0' of dtype float32 and shape (2, 2)");
  EXPECT_EQ(error_of(call(tf::constant(0.5f), tf::ones({2, 3}), tf::ones({3}))),
            "[_ResourceApplyGradientDescentMatMul] a and b must be float32 matrices, got float32[2,3] and float32[3] "
            "for variable 'v:0' of dtype float32 and shape (2, 2)");
  EXPECT_EQ(error_of(call(tf::constant(0.5f), tf::ones({2, 3}), tf::ones({2, 2}))),
            "[_ResourceApplyGradientDescentMatMul] the product of a float32[2,3] and b float32[2,2] (transpose_a=false, "
            "transpose_b=false) does not have the shape of variable 'v:0' of dtype float32 and shape (2, 2)");
  EXPECT_EQ(error_of(call(tf::constant(0.5f), tf::ones({2, 3}), tf::ones({3, 5}))),
            "[_ResourceApplyGradientDescentMatMul] the product of a float32[2,3] and b float32[3,5] (transpose_a=false, "
            "transpose_b=false) does not have the shape of variable 'v:0' of dtype float32 and shape (2, 2)");
  tf::Variable d(tf::ones({2, 2}, tf::float64), {.name = "d"});
  EXPECT_EQ(error_of([&] {
              tf::ops::execute(op, {d.handle(), tf::constant(0.5), tf::ones({2, 3}), tf::ones({3, 2})}, attrs_of(d));
            }),
            "[_ResourceApplyGradientDescentMatMul] expects a float32 variable 'd:0' of dtype float64 and shape (2, 2)");
  EXPECT_EQ(error_of([&] {
              tf::ops::execute(op, {tf::constant(1.0f), tf::constant(0.5f), tf::ones({2, 3}), tf::ones({3, 2})}, attrs_of(v));
            }),
            "[_ResourceApplyGradientDescentMatMul] input 0 must be a scalar tf.resource handle, got float32[]");
}

}  // namespace

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
  tf::Variable w(tf::random::normal({40000}, {.dtype = tf::float64, .seed = 3}));  // takes the parallel path
  tf::Variable u(tf::random::normal({40000}, {.dtype = tf::float64, .seed = 3}));
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

}  // namespace

// The gradient bodies of If and While are traced once per forward body (and per set of
// differentiated inputs), then reused by every later backward pass.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "function/control_flow_grad.h"

namespace {

using tf::function_ops::traced_gradient_count;

tf::Tensor branchy(const tf::Tensor& x, const tf::Variable& v) {
  return tf::cond(tf::reduce_sum(x) > 0.0, [&] { return x * x * v.read_value(); }, [&] { return x * -3.0; });
}

tf::Tensor loop_with_cond(const tf::Tensor& x, const tf::Variable& v) {
  auto [i, acc] = tf::while_loop(
      [](tf::Tensor i, tf::Tensor) { return i < 4; },
      [&](tf::Tensor i, tf::Tensor acc) {
        return std::tuple{i + 1, tf::cond(acc > 1.0, [&] { return acc * 0.5; }, [&] { return acc * v.read_value(); })};
      },
      std::tuple{tf::constant(0), x});
  return acc;
}

TEST(ControlFlowGradientCache, TapeOutsideACallTracesTheCondGradientOnce) {
  tf::Variable v(2.0);
  auto f = tf::function([&](tf::Tensor x) { return branchy(x, v); });
  auto grad = [&](double x0) {
    tf::Tensor x = tf::constant(x0);
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = f(x);
    return tape.gradient(y, x).item<double>();
  };
  EXPECT_DOUBLE_EQ(grad(3.0), 12.0);
  const std::int64_t after_first = traced_gradient_count();
  for (int k = 0; k < 5; ++k) {
    EXPECT_DOUBLE_EQ(grad(3.0), 12.0);
    EXPECT_DOUBLE_EQ(grad(-1.0), -3.0);
  }
  EXPECT_EQ(traced_gradient_count(), after_first);
  // Asking for another set of gradients (the variable's instead of x's) traces at most one
  // more pair of branch gradients, once (none when the call's backward pass already
  // differentiated the variable, which the tape watched).
  auto both = [&] {
    tf::Tensor x = tf::constant(3.0);
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = f(x);
    return tape.gradient(y, v).item<double>();
  };
  EXPECT_DOUBLE_EQ(both(), 9.0);
  const std::int64_t after_second = traced_gradient_count();
  EXPECT_LE(after_second, after_first + 2);
  EXPECT_DOUBLE_EQ(both(), 9.0);
  EXPECT_EQ(traced_gradient_count(), after_second);
}

TEST(ControlFlowGradientCache, TapeOutsideACallTracesTheWhileGradientOnce) {
  tf::Variable v(1.5);
  auto f = tf::function([&](tf::Tensor x) { return loop_with_cond(x, v); });
  auto grads = [&](double x0) {
    tf::Tensor x = tf::constant(x0);
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = f(x);
    return tape.gradient(y, x);
  };
  auto eager = [&](double x0) {
    tf::Tensor x = tf::constant(x0);
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = loop_with_cond(x, v);
    return tape.gradient(y, x).item<double>();
  };
  const double first = grads(0.5).item<double>();
  EXPECT_DOUBLE_EQ(first, eager(0.5));
  const std::int64_t after_first = traced_gradient_count();
  for (int k = 0; k < 5; ++k) EXPECT_DOUBLE_EQ(grads(0.5).item<double>(), first);
  EXPECT_DOUBLE_EQ(grads(0.9).item<double>(), eager(0.9));
  EXPECT_EQ(traced_gradient_count(), after_first);
}

TEST(ControlFlowGradientCache, TracedTrainingStepTracesItsGradientOnce) {
  tf::Variable w(0.5), u(0.25);
  auto step = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape;
    tf::Tensor loss = branchy(x, w) + loop_with_cond(x, u);
    std::vector<tf::Tensor> g = tape.gradient(loss, std::vector<tf::Variable>{w, u}, tf::UnconnectedGradients::ZERO);
    w.assign_sub(g[0] * 0.01);
    u.assign_sub(g[1] * 0.01);
    return loss;
  });
  step(tf::constant(0.8));
  const std::int64_t after_first = traced_gradient_count();
  for (int k = 0; k < 10; ++k) step(tf::constant(k % 2 ? 0.8 : -0.6));
  EXPECT_EQ(traced_gradient_count(), after_first);
  EXPECT_EQ(step.tracing_count(), 1);
}

}  // namespace

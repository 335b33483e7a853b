// tf::init_scope: inside a trace, ops run eagerly and tapes record nothing; the first-trace
// rule of variable creation still holds.
#include <gtest/gtest.h>

#include <tfpp/init_scope.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

TEST(InitScope, LiftsOpsOutOfATraceSoAVariableGetsAConcreteInitialValue) {
  tf::Variable w;
  int traces = 0;
  bool eager_inside = false, eager_outside = true;
  auto f = tf::function([&](const tf::Tensor& x) {
    ++traces;
    eager_outside = tf::executing_eagerly();
    if (!w) {
      tf::init_scope lift;
      eager_inside = tf::executing_eagerly();
      tf::Tensor init = tf::fill({x.shape()[-1], 2}, 0.5f) * 2.0f;  // ops, run now
      EXPECT_FALSE(init.is_symbolic());
      w = tf::Variable(init, {.name = "w"});
    }
    return tf::matmul(x, w);
  });
  EXPECT_EQ(f(tf::ones({1, 3})).numpy<float>(), (std::vector<float>{3, 3}));
  const int first_call_traces = traces;  // 2: the first call traces again once it created variables
  EXPECT_TRUE(eager_inside);
  EXPECT_FALSE(eager_outside);
  w.assign(tf::fill({3, 2}, 2.0f));  // the trace reads the variable, not its initial value
  EXPECT_EQ(f(tf::ones({1, 3})).numpy<float>(), (std::vector<float>{6, 6}));
  EXPECT_EQ(traces, first_call_traces);
}

TEST(InitScope, VariablesOnALaterTraceAreStillRefused) {
  // As in TensorFlow, a variable created at every trace is refused, even in an init_scope: the
  // first call traces again to check that it creates none.
  auto f = tf::function([](const tf::Tensor& x) {
    {
      tf::init_scope lift;
      tf::Variable v(tf::zeros({2}));
    }
    return x + 1.0f;
  }, {.name = "g"});
  const std::string error = tf::testing::error_of([&] { f(tf::constant(1.0f)); });
  EXPECT_NE(error.find("[g] tf.function only supports singleton tf.Variables created on the first call"), std::string::npos)
      << error;
}

TEST(InitScope, TapesRecordNothingInside) {
  tf::Variable x(tf::constant(3.0f));
  tf::GradientTape tape({.persistent = true});
  tf::Tensor outside = x * x;
  tf::Tensor inside;
  {
    tf::init_scope lift;
    inside = x * x;
  }
  EXPECT_EQ(tape.gradient(outside + inside, x).item<float>(), 6.0f);
  EXPECT_FALSE(tape.gradient(inside, x).defined());
}

}  // namespace

// Side effects in cond / while_loop bodies run once per forward iteration, never again when
// a tape differentiates the op (the gradient recomputes only what the results need).
#include <gtest/gtest.h>

#include <cmath>
#include <optional>

#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

// x * v^n by a loop whose body also counts its iterations in `count` and prints.
tf::Tensor counted_power(const tf::Tensor& x, const tf::Variable& v, tf::Variable& count, int n) {
  auto [i, y] = tf::while_loop([&](tf::Tensor i, tf::Tensor) { return i < n; },
                               [&](tf::Tensor i, tf::Tensor y) {
                                 count.assign_add(1.0);
                                 tf::print("iteration", i);
                                 return std::tuple{i + 1, y * v.read_value()};
                               },
                               std::tuple{tf::constant(0), x});
  return y;
}

TEST(ControlFlowSideEffects, WhileBodyRunsItsSideEffectsOncePerIteration) {
  tf::Variable v(1.5), count(0.0);
  auto grads = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = counted_power(x, v, count, 3);
    return tape.gradient(y, x);
  });
  ::testing::internal::CaptureStderr();
  const double gx = grads(tf::constant(2.0)).item<double>();
  const std::string printed = ::testing::internal::GetCapturedStderr();
  EXPECT_DOUBLE_EQ(gx, std::pow(1.5, 3));
  EXPECT_EQ(count.numpy<double>()[0], 3.0);
  EXPECT_EQ(printed, "iteration 0\niteration 1\niteration 2\n");

  // With the tape outside a call of the traced loop, and eagerly.
  auto traced = tf::function([&](tf::Tensor x) { return counted_power(x, v, count, 3); });
  for (bool use_function : {true, false}) {
    count.assign(0.0);
    tf::Tensor x = tf::constant(2.0);
    ::testing::internal::CaptureStderr();
    tf::GradientTape tape;
    tf::Tensor y = use_function ? traced(x) : counted_power(x, v, count, 3);
    const double gv = tape.gradient(y, v).item<double>();
    const std::string out = ::testing::internal::GetCapturedStderr();
    EXPECT_DOUBLE_EQ(gv, 2.0 * 3 * 1.5 * 1.5) << use_function;
    EXPECT_EQ(count.numpy<double>()[0], 3.0) << use_function;
    EXPECT_EQ(out, "iteration 0\niteration 1\niteration 2\n") << use_function;
  }
}

TEST(ControlFlowSideEffects, CondBranchRunsItsSideEffectsOnce) {
  tf::Variable v(2.0), count(0.0);
  auto step = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape;
    tf::Tensor y = tf::cond(x > 0.0,
                            [&] {
                              count.assign_add(1.0);
                              return x * v.read_value() * v.read_value();
                            },
                            [&] { return x; });
    return tape.gradient(y, v, tf::UnconnectedGradients::ZERO);
  });
  EXPECT_DOUBLE_EQ(step(tf::constant(3.0)).item<double>(), 12.0);
  EXPECT_EQ(count.numpy<double>()[0], 1.0);
  EXPECT_DOUBLE_EQ(step(tf::constant(-3.0)).item<double>(), 0.0);
  EXPECT_EQ(count.numpy<double>()[0], 1.0);
  EXPECT_DOUBLE_EQ(step(tf::constant(1.0)).item<double>(), 4.0);
  EXPECT_EQ(count.numpy<double>()[0], 2.0);
}

TEST(ControlFlowSideEffects, NestedCondInWhileRunsItsSideEffectsOnce) {
  // The assignment sits in a cond branch whose result the loop needs.
  tf::Variable v(1.25), count(0.0);
  auto f = tf::function([&](tf::Tensor x) {
    auto [i, y] = tf::while_loop(
        [](tf::Tensor i, tf::Tensor) { return i < 4; },
        [&](tf::Tensor i, tf::Tensor y) {
          tf::Tensor next = tf::cond(tf::equal(i % 2, 0),
                                     [&] {
                                       count.assign_add(1.0);
                                       return y * v.read_value();
                                     },
                                     [&] { return y + 1.0; });
          return std::tuple{i + 1, next};
        },
        std::tuple{tf::constant(0), x});
    return y;
  });
  tf::Tensor x = tf::constant(2.0);
  tf::GradientTape tape;
  tape.watch(x);
  tf::Tensor y = f(x);
  const double gx = tape.gradient(y, x).item<double>();
  // y = ((x v + 1) v + 1): dy/dx = v^2
  EXPECT_DOUBLE_EQ(y.item<double>(), (2.0 * 1.25 + 1) * 1.25 + 1);
  EXPECT_DOUBLE_EQ(gx, 1.25 * 1.25);
  EXPECT_EQ(count.numpy<double>()[0], 2.0);
}

TEST(ControlFlowSideEffects, ABodyThatReadsAndAssignsOneVariableRefusesItsGradient) {
  // Recomputing such a body would read the assigned value: an error, never a wrong gradient.
  tf::Variable v(2.0);
  auto in_cond = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = tf::cond(x > 0.0,
                            [&] {
                              tf::Tensor out = x * v.read_value();
                              v.assign_add(1.0);
                              return out;
                            },
                            [&] { return x; });
    return tape.gradient(y, x);
  });
  EXPECT_EQ(tf::testing::error_of([&] { in_cond(tf::constant(1.0)); }),
            "[If] cannot differentiate a body that both reads and assigns variable 'Variable:0': the gradient "
            "recomputes the body and would read the value after the assignment; assign the variable outside the "
            "cond or while_loop");
  auto in_loop = tf::function([&](tf::Tensor x) {
    auto [i, y] = tf::while_loop([](tf::Tensor i, tf::Tensor) { return i < 3; },
                                 [&](tf::Tensor i, tf::Tensor y) {
                                   v.assign_add(1.0);
                                   return std::tuple{i + 1, y * v.read_value()};
                                 },
                                 std::tuple{tf::constant(0), x});
    return y;
  });
  tf::Tensor x = tf::constant(1.0);
  tf::GradientTape tape;
  tape.watch(x);
  tf::Tensor y = in_loop(x);
  EXPECT_NE(tf::testing::error_of([&] { tape.gradient(y, x); }).find("[While] cannot differentiate a body that both "
                                                                     "reads and assigns variable"),
            std::string::npos);
  // Without a gradient the same function runs normally (the failed trace of in_cond never
  // ran, the taped call above took v from 2 to 5).
  EXPECT_DOUBLE_EQ(in_loop(tf::constant(1.0)).item<double>(), 6.0 * 7.0 * 8.0);
}

TEST(ControlFlowSideEffects, RandomNumbersTheResultNeedsCannotBeRecomputed) {
  // Recomputing a random op would draw new numbers (a seeded one continues its stream): an
  // error, never a gradient for other numbers than the forward used. A stateless op draws the
  // same numbers again.
  for (std::optional<std::int64_t> seed : {std::optional<std::int64_t>(), std::optional<std::int64_t>(7)}) {
    auto stateful = tf::function([seed](tf::Tensor x) {
      tf::GradientTape tape;
      tape.watch(x);
      tf::Tensor y = tf::cond(x > 0.0, [&] { return x * tf::random::uniform({}, {.dtype = tf::float64, .seed = seed}); },
                              [&] { return x; });
      return tape.gradient(y, x);
    });
    const std::string error = tf::testing::error_of([&] { stateful(tf::constant(1.0)); });
    EXPECT_EQ(error.rfind("[If] cannot differentiate a body whose result depends on the stateful op RandomUniform", 0),
              0u)
        << error;
  }
  auto stateless = tf::function([](tf::Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = tf::cond(
        x > 0.0, [&] { return x * tf::random::stateless_uniform({}, {7, 0}, {.dtype = tf::float64}); }, [&] { return x; });
    return std::tuple{y, tape.gradient(y, x)};
  });
  auto [y, g] = stateless(tf::constant(1.0));
  EXPECT_DOUBLE_EQ(g.item<double>(), y.item<double>());  // d(x r)/dx = r = y at x = 1
  EXPECT_GT(y.item<double>(), 0.0);
}

}  // namespace

// Gradients through tf::cond, tf::switch_case and tf::while_loop: eagerly (the tape records
// the ops taken), inside a traced function (gradient If / While nodes), and through a call of
// a traced function recorded by an outer tape; checked against finite differences.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "../autodiff/gradient_checker.h"

namespace {

using tf::testing::max_gradient_error;

tf::Tensor square_or_negate(const tf::Tensor& x) {
  return tf::cond(tf::reduce_sum(x) > 0, [&] { return x * x; }, [&] { return x * -1.0; });
}

// d/dx of f(x) with the tape outside: eager code, or a call of a traced function.
tf::Tensor grad_of(const std::function<tf::Tensor(tf::Tensor)>& f, const tf::Tensor& x) {
  tf::GradientTape tape;
  tape.watch(x);
  tf::Tensor y = f(x);
  return tape.gradient(y, x);
}

TEST(CondGradient, EagerTracedAndThroughACall) {
  auto traced = tf::function([](tf::Tensor x) { return square_or_negate(x); });
  // The tape inside the traced function: the backward pass is a gradient If in the graph.
  auto grad_inside = tf::function([](tf::Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = square_or_negate(x);
    return tape.gradient(y, x);
  });
  for (double v : {3.0, -2.0}) {
    const tf::Tensor x = tf::constant(v);
    const double expected = v > 0 ? 2 * v : -1.0;
    EXPECT_DOUBLE_EQ(grad_of(square_or_negate, x).item<double>(), expected);
    EXPECT_DOUBLE_EQ(grad_of(traced, x).item<double>(), expected);
    EXPECT_DOUBLE_EQ(grad_inside(x).item<double>(), expected);
  }
  EXPECT_EQ(grad_inside.tracing_count(), 1);
  auto cf = grad_inside.get_concrete_function(tf::TensorSpec({}, tf::float64));
  const std::string text = cf.graph().to_string();
  EXPECT_NE(text.find("StatelessIf"), text.rfind("StatelessIf"));  // forward and gradient
}

TEST(CondGradient, MatchesFiniteDifferences) {
  auto traced = tf::function([](tf::Tensor x, tf::Tensor w) {
    return tf::cond(tf::reduce_sum(x) > 0, [&] { return tf::reduce_sum(x * w * x); },
                    [&] { return tf::reduce_sum(x * x * x * w); });
  });
  auto f = [&](const std::vector<tf::Tensor>& in) { return traced(in[0], in[1]); };
  for (std::uint32_t seed : {1u, 2u, 3u, 4u}) {
    const tf::Tensor x = tf::testing::random_tensor({3}, seed);
    const tf::Tensor w = tf::testing::random_tensor({3}, seed + 10);
    EXPECT_LT(max_gradient_error(f, {x, w}), 1e-6) << seed;
  }
}

TEST(CondGradient, CapturesAndUnusedInputs) {
  // The true branch reads a and b, the false branch only b: a's gradient is zero there.
  auto f = tf::function([](tf::Tensor p, tf::Tensor a, tf::Tensor b) {
    return tf::cond(p, [&] { return a * b; }, [&] { return b * 3.0; });
  });
  for (bool p : {true, false}) {
    tf::Tensor a = tf::constant(2.0), b = tf::constant(5.0);
    tf::GradientTape tape;
    tape.watch(std::vector<tf::Tensor>{a, b});
    tf::Tensor y = f(tf::constant(p), a, b);
    auto g = tape.gradient(y, std::vector<tf::Tensor>{a, b}, tf::UnconnectedGradients::ZERO);
    EXPECT_DOUBLE_EQ(g[0].item<double>(), p ? 5.0 : 0.0);
    EXPECT_DOUBLE_EQ(g[1].item<double>(), p ? 2.0 : 3.0);
  }
}

TEST(CondGradient, NestedCondsAndSwitchCase) {
  auto f = [](tf::Tensor x) {
    return tf::cond(x > 0,
                    [&] { return tf::cond(x > 2, [&] { return x * x * x; }, [&] { return x * x; }); },
                    [&] { return tf::switch_case(tf::cast(x * -1.0, tf::int32), {[&] { return x * x * -1.0; }}, [&] { return x * 7.0; }); });
  };
  auto traced = tf::function(f);
  for (double v : {3.0, 1.0, -0.5, -4.0}) {
    const tf::Tensor x = tf::constant(v);
    const double expected = v > 2 ? 3 * v * v : v > 0 ? 2 * v : v > -1 ? -2 * v : 7.0;
    EXPECT_NEAR(grad_of(f, x).item<double>(), expected, 1e-12) << v;
    EXPECT_NEAR(grad_of(traced, x).item<double>(), expected, 1e-12) << v;
  }
}

TEST(CondGradient, SecondOrder) {
  auto traced = tf::function([](tf::Tensor x) {
    return tf::cond(x > 0, [&] { return x * x * x; }, [&] { return x * x; });
  });
  for (double v : {2.0, -3.0}) {
    tf::Tensor x = tf::constant(v);
    tf::GradientTape outer;
    outer.watch(x);
    tf::Tensor dy;
    {
      tf::GradientTape inner;
      inner.watch(x);
      dy = inner.gradient(traced(x), x);
    }
    EXPECT_DOUBLE_EQ(dy.item<double>(), v > 0 ? 3 * v * v : 2 * v);
    EXPECT_DOUBLE_EQ(outer.gradient(dy, x).item<double>(), v > 0 ? 6 * v : 2.0);
  }
}

}  // namespace

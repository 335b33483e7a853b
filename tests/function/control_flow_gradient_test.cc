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

// x^n by repeated multiplication in a while_loop.
tf::Tensor power(const tf::Tensor& x, const tf::Tensor& n) {
  auto [i, acc] = tf::while_loop([&](tf::Tensor i, tf::Tensor) { return i < n; },
                                 [&](tf::Tensor i, tf::Tensor acc) { return std::tuple{i + 1, acc * x}; },
                                 std::tuple{tf::constant(0), tf::ones_like(x)});
  return acc;
}

TEST(WhileGradient, PowerEagerTracedAndThroughACall) {
  auto traced = tf::function(power);
  auto grad_inside = tf::function([](tf::Tensor x, tf::Tensor n) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = power(x, n);
    return tape.gradient(y, x);
  });
  for (int n : {0, 1, 3, 5}) {
    const tf::Tensor x = tf::constant(1.5), nt = tf::constant(n);
    const double expected = n == 0 ? 0.0 : n * std::pow(1.5, n - 1);
    auto eager_grad = grad_of([&](tf::Tensor x) { return power(x, nt); }, x);
    EXPECT_NEAR(eager_grad.defined() ? eager_grad.item<double>() : 0.0, expected, 1e-12) << n;
    auto call_grad = grad_of([&](tf::Tensor x) { return traced(x, nt); }, x);
    EXPECT_NEAR(call_grad.defined() ? call_grad.item<double>() : 0.0, expected, 1e-12) << n;
    EXPECT_NEAR(grad_inside(x, nt).item<double>(), expected, 1e-12) << n;
  }
  EXPECT_EQ(grad_inside.tracing_count(), 1);
}

TEST(WhileGradient, MatchesFiniteDifferences) {
  // A loop variable, a captured vector and a captured scalar all get gradients.
  auto traced = tf::function([](tf::Tensor y0, tf::Tensor w, tf::Tensor b) {
    auto [i, y] = tf::while_loop([](tf::Tensor i, tf::Tensor) { return i < 4; },
                                 [&](tf::Tensor i, tf::Tensor y) { return std::tuple{i + 1, y * w + b * y * y}; },
                                 std::tuple{tf::constant(0), y0});
    return tf::reduce_sum(y);
  });
  auto f = [&](const std::vector<tf::Tensor>& in) { return traced(in[0], in[1], in[2]); };
  const tf::Tensor y0 = tf::testing::random_tensor({3}, 5, -0.5, 0.5);
  const tf::Tensor w = tf::testing::random_tensor({3}, 6, 0.5, 1.0);
  const tf::Tensor b = tf::constant(0.1);
  EXPECT_LT(max_gradient_error(f, {y0, w, b}), 1e-6);
}

TEST(WhileGradient, NestedCondInsideWhile) {
  // Halve while above 1, else multiply by x: a cond in the body whose branch reads x.
  auto body_fn = [](tf::Tensor x) {
    auto [i, acc] = tf::while_loop(
        [](tf::Tensor i, tf::Tensor) { return i < 6; },
        [&](tf::Tensor i, tf::Tensor acc) {
          return std::tuple{i + 1, tf::cond(acc > 1.0, [&] { return acc * 0.5; }, [&] { return acc * x; })};
        },
        std::tuple{tf::constant(0), x});
    return acc;
  };
  auto traced = tf::function(body_fn);
  for (double v : {1.5, 0.7, 3.0}) {
    const tf::Tensor x = tf::constant(v);
    const double eager = grad_of(body_fn, x).item<double>();
    EXPECT_NEAR(grad_of(traced, x).item<double>(), eager, 1e-12) << v;
    auto f = [&](const std::vector<tf::Tensor>& in) { return traced(in[0]); };
    EXPECT_LT(max_gradient_error(f, {x}), 1e-6) << v;
  }
}

TEST(WhileGradient, MaximumIterationsBoundsTheGradientToo) {
  auto f = tf::function([](tf::Tensor x) {
    auto [acc] = tf::while_loop([](tf::Tensor) { return tf::constant(true); },
                                [&](tf::Tensor acc) { return std::tuple{acc * x}; }, std::tuple{x},
                                {.maximum_iterations = 3});
    return acc;
  });
  const tf::Tensor x = tf::constant(2.0);
  EXPECT_DOUBLE_EQ(f(x).item<double>(), 16.0);
  EXPECT_DOUBLE_EQ(grad_of(f, x).item<double>(), 4 * 8.0);
}

TEST(WhileGradient, SecondOrderThroughACall) {
  auto traced = tf::function(power);
  tf::Tensor x = tf::constant(2.0);
  tf::GradientTape outer;
  outer.watch(x);
  tf::Tensor dy;
  {
    tf::GradientTape inner;
    inner.watch(x);
    dy = inner.gradient(traced(x, tf::constant(3)), x);
  }
  EXPECT_DOUBLE_EQ(dy.item<double>(), 12.0);
  EXPECT_DOUBLE_EQ(outer.gradient(dy, x).item<double>(), 12.0);
}

// The guide's dynamic RNN (cumulative sum over time), reading its inputs from a TensorArray too.
tf::Tensor rnn(tf::Tensor input) {
  tf::Tensor data = tf::transpose(input, {1, 0, 2});
  const std::int64_t steps = data.shape()[0];
  tf::TensorArray states(tf::float64, {.size = steps});
  const tf::TensorArray inputs = tf::TensorArray(tf::float64, {.size = steps}).unstack(data);
  auto [state, out] = tf::for_range(
      tf::constant(static_cast<std::int32_t>(steps)),
      [&](tf::Tensor i, tf::Tensor state, tf::TensorArray states) {
        state = inputs.read(i) + state;
        return std::tuple{state, states.write(i, state)};
      },
      std::tuple{tf::zeros({input.shape()[0], input.shape()[2]}, tf::float64), states});
  return tf::transpose(out.stack(), {1, 0, 2});
}

TEST(TensorArrayGradient, AccumulationEagerTracedAndInside) {
  const tf::Tensor input = tf::testing::random_tensor({2, 3, 2}, 9);
  const tf::Tensor weights = tf::testing::random_tensor({2, 3, 2}, 10);
  auto loss = [&](tf::Tensor x) { return tf::reduce_sum(rnn(x) * weights); };
  // Input at time t reaches the states t..T-1: its gradient sums their weights.
  const std::vector<double> w = weights.numpy<double>();
  std::vector<double> expected(w.size());
  for (int b = 0; b < 2; ++b)
    for (int f = 0; f < 2; ++f)
      for (int t = 0; t < 3; ++t)
        for (int s = t; s < 3; ++s) expected[(b * 3 + t) * 2 + f] += w[(b * 3 + s) * 2 + f];
  auto traced = tf::function(loss);
  auto inside = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = loss(x);
    return tape.gradient(y, x);
  });
  for (const tf::Tensor& g : {grad_of(loss, input), grad_of(traced, input), inside(input)}) {
    ASSERT_TRUE(g.defined());
    const std::vector<double> got = g.numpy<double>();
    for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(got[i], expected[i], 1e-12) << i;
  }
}

TEST(TensorArrayGradient, ListOpsMatchFiniteDifferences) {
  // unstack -> read/gather -> write/scatter -> stack/concat, all inside one traced function.
  auto traced = tf::function([](tf::Tensor x) {
    tf::TensorArray ta(tf::float64, {.size = 3, .clear_after_read = false});
    ta = ta.unstack(x);
    tf::TensorArray out(tf::float64, {.size = 4});
    out = out.write(0, ta.read(2) * ta.read(0));
    out = out.scatter({1, 2}, ta.gather({1, 0}) * 3.0);
    out = out.write(3, ta.read(1));
    tf::TensorArray parts(tf::float64, {.size = 2});
    parts = parts.split(tf::reshape(out.stack(), {-1}), {3, 5});
    return tf::reduce_sum(parts.concat() * parts.concat());
  });
  auto f = [&](const std::vector<tf::Tensor>& in) { return traced(in[0]); };
  EXPECT_LT(max_gradient_error(f, {tf::testing::random_tensor({3, 2}, 11)}), 1e-6);
}

}  // namespace

// tf::TensorArray returned by the branches of tf::cond / tf::switch_case: eagerly the taken
// branch's array, traced an If whose output is the list, rebuilt as a TensorArray; gradients
// flow through it.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "../autodiff/gradient_checker.h"
#include "error_of.h"

namespace {

using tf::testing::error_of;
using tf::testing::max_gradient_error;

// Both branches return a TensorArray of two float64 elements built from x.
tf::TensorArray pick(const tf::Tensor& p, const tf::Tensor& x) {
  const tf::TensorArray ta(tf::float64, {.size = 2});
  return tf::cond(p, [&] { return ta.write(0, x * 2.0).write(1, x * x); },
                  [&] { return ta.write(0, x * 3.0).write(1, tf::exp(x)); });
}

TEST(TensorArrayCond, ForwardEagerAndTraced) {
  auto f = [](tf::Tensor p, tf::Tensor x) { return pick(p, x).stack(); };
  auto traced = tf::function(f);
  const tf::Tensor x = tf::constant({1.0, -2.0});
  const std::vector<double> when_true{2.0, -4.0, 1.0, 4.0};
  const std::vector<double> when_false{3.0, -6.0, std::exp(1.0), std::exp(-2.0)};
  for (bool p : {true, false}) {
    const std::vector<double>& expected = p ? when_true : when_false;
    const tf::Tensor eager = f(tf::constant(p), x), graph = traced(tf::constant(p), x);
    EXPECT_EQ(eager.shape(), tf::TensorShape({2, 2}));
    EXPECT_EQ(graph.shape(), tf::TensorShape({2, 2}));
    for (std::size_t i = 0; i < expected.size(); ++i) {
      EXPECT_DOUBLE_EQ(eager.numpy<double>()[i], expected[i]) << p << i;
      EXPECT_DOUBLE_EQ(graph.numpy<double>()[i], expected[i]) << p << i;
    }
  }
  EXPECT_EQ(traced.tracing_count(), 1);
}

TEST(TensorArrayCond, GradientMatchesFiniteDifferencesEagerTracedAndInside) {
  auto f = [](tf::Tensor p, tf::Tensor x, tf::Tensor w) { return tf::reduce_sum(pick(p, x).stack() * w); };
  auto traced = tf::function(f);
  auto grad_inside = tf::function([&](tf::Tensor p, tf::Tensor x, tf::Tensor w) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = f(p, x, w);
    return tape.gradient(y, x);
  });
  const tf::Tensor x = tf::testing::random_tensor({3}, 21), w = tf::testing::random_tensor({2, 3}, 22);
  for (bool p : {true, false}) {
    const tf::Tensor pt = tf::constant(p);
    tf::Tensor eager;
    {
      tf::GradientTape tape;
      tape.watch(x);
      eager = tape.gradient(f(pt, x, w), x);
    }
    const std::vector<double> inside = grad_inside(pt, x, w).numpy<double>();
    for (std::size_t i = 0; i < 3; ++i) EXPECT_NEAR(inside[i], eager.numpy<double>()[i], 1e-12) << p << i;
    auto fn = [&](const std::vector<tf::Tensor>& in) { return traced(pt, in[0], in[1]); };
    EXPECT_LT(max_gradient_error(fn, {x, w}), 1e-6) << p;
    auto eager_fn = [&](const std::vector<tf::Tensor>& in) { return f(pt, in[0], in[1]); };
    EXPECT_LT(max_gradient_error(eager_fn, {x, w}), 1e-6) << p;
  }
}

TEST(TensorArrayCond, InsideALoopAndInATuple) {
  // Even steps write x * i, odd steps write -x and count: a cond returning (Tensor,
  // TensorArray) in a loop that carries the array.
  auto f = [](tf::Tensor x) {
    tf::TensorArray ta(tf::float64, {.size = 4});
    auto [count, out] = tf::for_range(
        tf::constant(4),
        [&](tf::Tensor i, tf::Tensor count, tf::TensorArray ta) {
          return tf::cond(
              tf::equal(i % 2, 0), [&] { return std::tuple{count, ta.write(i, x * tf::cast(i, tf::float64))}; },
              [&] { return std::tuple{count + 1.0, ta.write(i, x * -1.0)}; });
        },
        std::tuple{tf::constant(0.0), ta});
    return tf::reduce_sum(out.stack() * x) + count;
  };
  auto traced = tf::function(f);
  const tf::Tensor x = tf::constant({0.5, 2.0});
  // sum over i of (0, -x, 2x, -x) . x + 2 = 0 * |x|^2 + 2 = 2
  EXPECT_DOUBLE_EQ(f(x).item<double>(), 2.0);
  EXPECT_DOUBLE_EQ(traced(x).item<double>(), 2.0);
  auto fn = [&](const std::vector<tf::Tensor>& in) { return traced(in[0]); };
  EXPECT_LT(max_gradient_error(fn, {tf::constant({0.5, 2.0})}), 1e-6);
  EXPECT_LT(max_gradient_error(fn, {tf::testing::random_tensor({2}, 3)}), 1e-6);
}

TEST(TensorArrayCond, SwitchCaseReturnsATensorArray) {
  auto f = [](tf::Tensor i, tf::Tensor x) {
    const tf::TensorArray ta(tf::float64, {.size = 1});
    return tf::switch_case<tf::TensorArray>(i, {[&] { return ta.write(0, x); }, [&] { return ta.write(0, x * x); },
                                                [&] { return ta.write(0, x * -1.0); }})
        .stack();
  };
  auto traced = tf::function(f);
  for (int i : {0, 1, 2, 5}) {
    const double expected = i == 0 ? 3.0 : i == 1 ? 9.0 : -3.0;
    EXPECT_DOUBLE_EQ(f(tf::constant(i), tf::constant(3.0)).numpy<double>()[0], expected) << i;
    EXPECT_DOUBLE_EQ(traced(tf::constant(i), tf::constant(3.0)).numpy<double>()[0], expected) << i;
  }
}

TEST(TensorArrayCond, ElementShapesTheBranchesDisagreeOnBecomeUnknown) {
  auto f = tf::function([](tf::Tensor p) {
    tf::TensorArray a(tf::float32, {.size = 1, .infer_shape = false});
    tf::TensorArray out = tf::cond(p, [&] { return a.write(0, tf::zeros({2, 3})); },
                                   [&] { return a.write(0, tf::ones({2, 5})); });
    EXPECT_EQ(out.element_shape(), tf::TensorShape::unknown_rank());
    tf::TensorArray b(tf::float32, {.size = 1});
    tf::TensorArray same = tf::cond(p, [&] { return b.write(0, tf::zeros({2, 3})); },
                                    [&] { return b.write(0, tf::ones({4, 3})); });
    EXPECT_EQ(same.element_shape(), tf::TensorShape({tf::None, 3}));
    return same.read(0);
  });
  EXPECT_EQ(f(tf::constant(false)).shape(), tf::TensorShape({4, 3}));
}

TEST(TensorArrayCond, BranchesWithDifferentDtypesFail) {
  auto f = tf::function([](tf::Tensor p) {
    return tf::cond(p, [&] { return tf::TensorArray(tf::float32, {.size = 1}); },
                    [&] { return tf::TensorArray(tf::float64, {.size = 1}); })
        .size();
  });
  EXPECT_EQ(error_of([&] { f(tf::constant(true)); }),
            "[cond] the branches return TensorArrays of different dtypes: float32 and float64");
}

}  // namespace

// Gradients through a call of a traced function on a tape (Note [Gradients through a call]):
// one tape record per call, whose backward is a traced concrete function built once.
#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include <tfpp/tfpp.h>

#include "function/call_gradient.h"

namespace {

namespace function_ops = tf::function_ops;
using Fn = std::function<std::vector<tf::Tensor>(const std::vector<tf::Tensor>&)>;

// True if calls of `cf` under a tape ran a traced forward/backward pair (not a replay).
bool ran_traced_pair(const tf::ConcreteFunction& cf) {
  const auto& gradients = cf.impl()->gradients;
  if (!gradients || gradients->pairs.empty()) return false;
  for (const auto& [wrt, fns] : gradients->pairs)
    if (!fns) return false;
  return true;
}

void expect_close(const tf::Tensor& a, const tf::Tensor& b) {
  ASSERT_TRUE(a.defined());
  ASSERT_TRUE(b.defined());
  ASSERT_EQ(a.shape(), b.shape());
  const auto x = tf::cast(a, tf::float64).numpy<double>(), y = tf::cast(b, tf::float64).numpy<double>();
  for (std::size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(x[i], y[i], 1e-5 * (1 + std::abs(y[i]))) << "at " << i;
}

// d(sum of outputs[used])/d(xs) with `f` run eagerly, and with it called as a tf::function.
std::pair<std::vector<tf::Tensor>, std::vector<tf::Tensor>> eager_and_called(const Fn& f, const std::vector<tf::Tensor>& xs,
                                                                             const std::vector<int>& used) {
  auto grads_of = [&](const Fn& g) {
    tf::GradientTape tape;
    tape.watch(xs);
    std::vector<tf::Tensor> ys = g(xs), targets;
    for (int u : used) targets.push_back(ys[u]);
    return tape.gradient(targets, xs);
  };
  auto traced = tf::function([&](std::vector<tf::Tensor> args) { return f(args); });
  auto result = std::pair{grads_of(f), grads_of([&](const std::vector<tf::Tensor>& args) { return traced(args); })};
  EXPECT_TRUE(ran_traced_pair(traced.get_concrete_function(xs))) << "the call was replayed op by op";
  return result;
}

void expect_same_gradients(const Fn& f, const std::vector<tf::Tensor>& xs, const std::vector<int>& used = {0}) {
  auto [eager, called] = eager_and_called(f, xs, used);
  ASSERT_EQ(eager.size(), called.size());
  for (std::size_t i = 0; i < eager.size(); ++i) {
    // As in TensorFlow, a source connected to the call only through unused outputs gets zeros.
    if (!eager[i].defined() && called[i].defined()) expect_close(called[i], tf::zeros_like(called[i]));
    else if (eager[i].defined()) expect_close(called[i], eager[i]);
  }
}

tf::Tensor mlp(const tf::Tensor& x, const tf::Tensor& w1, const tf::Tensor& b1, const tf::Tensor& w2) {
  return tf::reduce_mean(tf::square(tf::matmul(tf::nn::relu(tf::matmul(x, w1) + b1), w2)));
}

TEST(CallGradient, MatmulMlpMatchesEager) {
  const tf::Tensor x = tf::random::normal({5, 4}, {.seed = 1}), w1 = tf::random::normal({4, 8}, {.seed = 2}),
                   b1 = tf::random::normal({8}, {.seed = 3}), w2 = tf::random::normal({8, 3}, {.seed = 4});
  expect_same_gradients([](const auto& a) { return std::vector<tf::Tensor>{mlp(a[0], a[1], a[2], a[3])}; },
                        {x, w1, b1, w2});
}

TEST(CallGradient, LargeElementwiseChainMatchesEager) {
  // Big enough for the parallel kernels, and fused in the forward graph.
  const tf::Tensor x = tf::random::normal({300, 200}, {.seed = 5});
  expect_same_gradients(
      [](const auto& a) { return std::vector<tf::Tensor>{tf::reduce_sum(tf::math::tanh(a[0] * 2.0f + 1.0f) * a[0])}; }, {x});
}

TEST(CallGradient, CondAndWhileMatchEager) {
  auto branchy = [](const std::vector<tf::Tensor>& a) {
    tf::Tensor y = tf::cond(tf::reduce_sum(a[0]) > 0, [&] { return a[0] * a[0]; }, [&] { return a[0] * -3.0; });
    auto [i, acc] = tf::while_loop([](tf::Tensor i, tf::Tensor) { return i < 3; },
                                   [&](tf::Tensor i, tf::Tensor acc) { return std::tuple{i + 1, acc * a[1]}; },
                                   std::tuple{tf::constant(0), y});
    return std::vector<tf::Tensor>{acc};
  };
  expect_same_gradients(branchy, {tf::constant({1.0, 2.0}), tf::constant({0.5, -1.5})});
  expect_same_gradients(branchy, {tf::constant({-1.0, 0.5}), tf::constant({2.0, 1.0})});
}

TEST(CallGradient, VariableReadInsideACondBranch) {
  tf::Variable v(tf::constant({2.0, -1.0}));
  auto model = [&](const tf::Tensor& x) {
    return tf::reduce_sum(tf::cond(tf::reduce_sum(x) > 0, [&] { return x * v.read_value() * v.read_value(); },
                                   [&] { return x - v.read_value(); }));
  };
  auto f = tf::function(model);
  for (double sign : {1.0, -1.0}) {
    const tf::Tensor x = tf::constant({sign * 3.0, sign * 1.0});
    tf::Tensor eager, called;
    {
      tf::GradientTape tape;
      eager = tape.gradient(model(x), v);
    }
    {
      tf::GradientTape tape;
      called = tape.gradient(f(x), v);
    }
    expect_close(called, eager);
    expect_close(called, sign > 0 ? tf::constant({12.0, -2.0}) : tf::constant({-1.0, -1.0}));  // 2xv, or -1
  }
  EXPECT_TRUE(ran_traced_pair(f.get_concrete_function(tf::constant({1.0, 1.0}))));
}

TEST(CallGradient, OnlySomeOutputsUsedAndIntegerOutputs) {
  auto f = [](const std::vector<tf::Tensor>& a) {
    return std::vector<tf::Tensor>{a[0] * a[1], tf::argmax(a[0]), tf::exp(a[1]), tf::reduce_sum(a[0])};
  };
  const std::vector<tf::Tensor> xs{tf::constant({1.0f, 3.0f, 2.0f}), tf::constant({0.5f, -1.0f, 2.0f})};
  expect_same_gradients(f, xs, {0});
  expect_same_gradients(f, xs, {2});
  expect_same_gradients(f, xs, {0, 2, 3});
  // An integer output is returned as is and gets no gradient.
  auto traced = tf::function([&](std::vector<tf::Tensor> a) { return f(a); });
  tf::GradientTape tape;
  tape.watch(xs);
  std::vector<tf::Tensor> ys = traced(xs);
  EXPECT_EQ(ys[1].item<std::int64_t>(), 1);
  auto g = tape.gradient(ys[1], xs);
  EXPECT_FALSE(g[0].defined());
  EXPECT_FALSE(g[1].defined());
}

TEST(CallGradient, UnconnectedAndRepeatedArguments) {
  auto f = tf::function([](tf::Tensor a, tf::Tensor b) { return a * a * b; });
  const tf::Tensor x = tf::constant(3.0f), y = tf::constant(2.0f);
  {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor z = f(x, x);  // x^3
    EXPECT_FLOAT_EQ(tape.gradient(z, x).item<float>(), 27.0f);
  }
  auto g = tf::function([](tf::Tensor a, tf::Tensor b) { return a * 2.0f + tf::stop_gradient(b); });
  tf::GradientTape tape;
  tape.watch(std::vector<tf::Tensor>{x, y});
  tf::Tensor z = g(x, y);
  auto grads = tape.gradient(z, std::vector<tf::Tensor>{x, y});
  EXPECT_FLOAT_EQ(grads[0].item<float>(), 2.0f);
  EXPECT_FALSE(grads[1].defined());
}

TEST(CallGradient, VariablesReadInTheFunctionGetGradients) {
  tf::Variable w(tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}}), {.name = "w"});
  tf::Variable b(tf::constant({0.5f, -0.5f}), {.name = "b"});
  tf::Variable frozen(tf::constant(2.0f), {.name = "frozen", .trainable = false});
  auto f = tf::function([&](tf::Tensor x) { return tf::reduce_sum(tf::square(tf::matmul(x, w) + b) * frozen + w); });
  const tf::Tensor x = tf::constant({{1.0f, -1.0f}});
  std::vector<tf::Tensor> eager, called;
  {
    tf::GradientTape tape;
    tf::Tensor y = tf::reduce_sum(tf::square(tf::matmul(x, w) + b) * frozen + w);
    eager = tape.gradient(y, {w, b});
  }
  tf::GradientTape tape;  // watches the trainable variables the call reads
  tf::Tensor y = f(x);
  ASSERT_EQ(tape.watched_variables().size(), 2u);
  EXPECT_EQ(tape.watched_variables()[0].name(), "w:0");
  called = tape.gradient(y, {w, b});
  expect_close(called[0], eager[0]);
  expect_close(called[1], eager[1]);
  EXPECT_TRUE(ran_traced_pair(f.get_concrete_function(x)));
  // 2 rows * 2 * frozen * (x·w+b)_j * x_i + 1, with x·w+b = (-1.5, -2.5).
  EXPECT_EQ(called[0].numpy<float>(), (std::vector<float>{-11, -19, 13, 21}));
}

// A call watches every trainable variable it reads, also one its outputs do not depend on.
TEST(CallGradient, WatchesVariablesTheOutputsDoNotDependOn) {
  tf::Variable w(tf::constant({2.0f}), {.name = "w"});
  tf::Variable unused(tf::constant({3.0f}), {.name = "unused"});
  auto f = tf::function([&](tf::Tensor x) { return tf::reduce_sum(x * w.read_value() + tf::stop_gradient(unused.read_value())); });
  const tf::Tensor x = tf::constant({5.0f});
  tf::GradientTape tape;
  tf::Tensor y = f(x);
  EXPECT_EQ(tape.watched_variables().size(), 2u);
  const std::vector<tf::Tensor> grads = tape.gradient(y, {w, unused});
  EXPECT_EQ(grads[0].numpy<float>(), (std::vector<float>{5.0f}));
  EXPECT_FALSE(grads[1].defined());
}

TEST(CallGradient, UnwatchedVariablesAndWatchAccessedVariablesFalse) {
  tf::Variable v(3.0f);
  auto f = tf::function([&](tf::Tensor x) { return x * v * v; });
  const tf::Tensor x = tf::constant(2.0f);
  tf::GradientTape tape({.watch_accessed_variables = false});
  tape.watch(x);
  tf::Tensor y = f(x);
  EXPECT_TRUE(tape.watched_variables().empty());
  auto g = tape.gradient(y, std::vector<tf::Variable>{v});
  EXPECT_FALSE(g[0].defined());

  tf::GradientTape watching({.watch_accessed_variables = false});
  watching.watch(v);
  EXPECT_FLOAT_EQ(watching.gradient(f(x), v).item<float>(), 12.0f);  // 2*x*v
  EXPECT_TRUE(ran_traced_pair(f.get_concrete_function(x)));
}

TEST(CallGradient, VariableArgumentsGetGradients) {
  auto f = tf::function([](tf::Variable a, tf::Tensor x) { return a * x + a * a; });
  tf::Variable a(2.0f);
  tf::GradientTape tape;
  tf::Tensor y = f(a, tf::constant(5.0f));
  EXPECT_FLOAT_EQ(y.item<float>(), 14.0f);
  EXPECT_FLOAT_EQ(tape.gradient(y, a).item<float>(), 9.0f);
  EXPECT_TRUE(ran_traced_pair(f.get_concrete_function(a, tf::constant(5.0f))));
}

TEST(CallGradient, BackwardIsBuiltOnceAndRunsTraced) {
  auto f = tf::function([](tf::Tensor x, tf::Tensor w) { return tf::reduce_sum(tf::math::tanh(tf::matmul(x, w))); });
  const tf::Tensor x = tf::ones({2, 3}), w = tf::fill({3, 4}, 0.1f);
  tf::ConcreteFunction cf = f.get_concrete_function(x, w);
  for (int i = 0; i < 5; ++i) {
    tf::GradientTape tape;
    tape.watch(w);
    tf::Tensor y = f(x, w);
    tf::Tensor g = tape.gradient(y, w);
    const float expected = 1.0f - std::tanh(0.3f) * std::tanh(0.3f);  // every entry: sum over 2 rows of x=1
    for (float v : g.numpy<float>()) EXPECT_NEAR(v, 2 * expected, 1e-6);
  }
  EXPECT_EQ(f.tracing_count(), 1);
  const function_ops::CallGradients& gradients = *cf.impl()->gradients;
  EXPECT_EQ(gradients.builds, 1);
  ASSERT_EQ(gradients.pairs.size(), 1u);
  const auto& fns = gradients.pairs[0].second;
  ASSERT_TRUE(fns);
  EXPECT_EQ(fns->grad_args, (std::vector<int>{1}));  // x is not watched: no gradient computed for it
  // The backward graph takes the output gradient and side outputs, and has the matmul grads.
  const std::string text = fns->backward.graph().to_string();
  EXPECT_NE(text.find("MatMul"), std::string::npos);
  EXPECT_GT(fns->backward.inputs().size(), 1u);
  // Without a tape, or with a tape that tracks nothing, the plain inference graph runs.
  f(x, w);
  tf::GradientTape idle;
  f(x, w);
  EXPECT_EQ(gradients.builds, 1);
  // Another set of watched arguments gets its own pair.
  tf::GradientTape both;
  both.watch(std::vector<tf::Tensor>{x, w});
  auto g = both.gradient(f(x, w), std::vector<tf::Tensor>{x, w});
  for (float v : g[0].numpy<float>()) EXPECT_NEAR(v, 4 * 0.1f * (1.0f - std::tanh(0.3f) * std::tanh(0.3f)), 1e-6);
  EXPECT_EQ(gradients.builds, 2);
}

TEST(CallGradient, SecondOrderThroughACall) {
  auto cube = tf::function([](tf::Tensor x) { return x * x * x; });
  const tf::Tensor x = tf::constant(2.0);
  tf::GradientTape outer;
  outer.watch(x);
  tf::Tensor dy;
  {
    tf::GradientTape inner;
    inner.watch(x);
    tf::Tensor y = cube(x);
    dy = inner.gradient(y, x);
  }
  EXPECT_DOUBLE_EQ(dy.item<double>(), 12.0);
  EXPECT_DOUBLE_EQ(outer.gradient(dy, x).item<double>(), 12.0);  // 6x
  EXPECT_TRUE(ran_traced_pair(cube.get_concrete_function(x)));
}

TEST(CallGradient, SecondOrderWithAVariable) {
  tf::Variable v(3.0);
  auto f = tf::function([&](tf::Tensor x) { return v * v * x; });
  tf::GradientTape outer;
  tf::Tensor dv;
  {
    tf::GradientTape inner;
    tf::Tensor y = f(tf::constant(2.0));
    dv = inner.gradient(y, v);  // 2*v*x
  }
  EXPECT_DOUBLE_EQ(dv.item<double>(), 12.0);
  EXPECT_DOUBLE_EQ(outer.gradient(dv, v).item<double>(), 4.0);  // 2*x
  EXPECT_TRUE(ran_traced_pair(f.get_concrete_function(tf::constant(2.0))));
}

TEST(CallGradient, PersistentTape) {
  auto f = tf::function([](tf::Tensor x) { return tf::exp(x) * x; });
  const tf::Tensor x = tf::constant(1.0);
  const double e = std::exp(1.0);
  tf::GradientTape tape({.persistent = true});
  tape.watch(x);
  tf::Tensor y = f(x);
  EXPECT_NEAR(tape.gradient(y, x).item<double>(), 2 * e, 1e-12);
  EXPECT_NEAR(tape.gradient(y, x).item<double>(), 2 * e, 1e-12);
  // Asked inside its own block, the persistent tape records the gradient too: second order.
  tf::Tensor dy = tape.gradient(y, x);
  EXPECT_NEAR(tape.gradient(dy, x).item<double>(), 3 * e, 1e-12);  // (x+2)e^x
  EXPECT_NEAR(tape.jacobian(y, x).item<double>(), 2 * e, 1e-12);
  EXPECT_TRUE(ran_traced_pair(f.get_concrete_function(x)));
}

TEST(CallGradient, InsideAnotherTraceTheCallIsInlined) {
  auto inner = tf::function([](tf::Tensor x) { return x * x; });
  auto outer = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = inner(x);
    return tape.gradient(y, x);
  });
  EXPECT_FLOAT_EQ(outer(tf::constant(4.0f)).item<float>(), 8.0f);
  const tf::Tensor x = tf::constant(4.0f);
  tf::GradientTape tape;
  tape.watch(x);
  EXPECT_FLOAT_EQ(tape.gradient(outer(x), x).item<float>(), 2.0f);  // d(2x)/dx
}

TEST(CallGradient, SideEffectsRunOncePerCall) {
  tf::Variable counter(0.0f, {.trainable = false});
  auto f = tf::function([&](tf::Tensor x) {
    counter.assign_add(1.0f);
    return x * 3.0f;
  });
  const tf::Tensor x = tf::constant(1.0f);
  for (int i = 0; i < 3; ++i) {
    tf::GradientTape tape;
    tape.watch(x);
    EXPECT_FLOAT_EQ(tape.gradient(f(x), x).item<float>(), 3.0f);
  }
  EXPECT_FLOAT_EQ(counter.read_value().item<float>(), 3.0f);
  EXPECT_TRUE(ran_traced_pair(f.get_concrete_function(x)));
}

TEST(CallGradient, ConcreteFunctionTakesVariablesAsHandles) {
  auto bump = tf::function([](tf::Variable v) {
    v.assign_add(1.0f);
    return v.read_value() * 2.0f;
  });
  tf::Variable a(1.0f), b(10.0f);
  tf::ConcreteFunction cf = bump.get_concrete_function(a);
  EXPECT_FLOAT_EQ(cf(a).item<float>(), 4.0f);
  EXPECT_FLOAT_EQ(a.read_value().item<float>(), 2.0f);  // the assignment inside is visible outside
  EXPECT_FLOAT_EQ(cf(b).item<float>(), 22.0f);
  EXPECT_FLOAT_EQ(b.read_value().item<float>(), 11.0f);
  // A function traced for a tensor takes a variable's value.
  auto twice = tf::function([](tf::Tensor x) { return x * 2.0f; });
  EXPECT_FLOAT_EQ(twice.get_concrete_function(tf::constant(0.0f))(b).item<float>(), 22.0f);
}


TEST(CallGradient, UnknownBatchDimensionOneTraceOnePair) {
  auto f = tf::function([](tf::Tensor x, tf::Tensor w) { return tf::reduce_mean(tf::square(tf::matmul(x, w))); },
                        {.input_signature = {tf::TensorSpec({tf::None, 3}), tf::TensorSpec({3, 2})}});
  const tf::Tensor w = tf::constant({{1.0f, 0.5f}, {-1.0f, 2.0f}, {0.0f, 1.0f}});
  for (int batch : {1, 4, 7}) {
    const tf::Tensor x = tf::random::normal({batch, 3}, {.seed = batch});
    tf::Tensor eager, called;
    {
      tf::GradientTape tape;
      tape.watch(w);
      eager = tape.gradient(tf::reduce_mean(tf::square(tf::matmul(x, w))), w);
    }
    {
      tf::GradientTape tape;
      tape.watch(w);
      called = tape.gradient(f(x, w), w);
    }
    expect_close(called, eager);
  }
  EXPECT_EQ(f.tracing_count(), 1);
  const tf::ConcreteFunction cf = f.get_concrete_function(tf::TensorSpec({tf::None, 3}), tf::TensorSpec({3, 2}));
  EXPECT_TRUE(ran_traced_pair(cf));
  EXPECT_EQ(cf.impl()->gradients->builds, 1);
}


TEST(CallGradient, TapesOnSeveralThreadsShareOnePair) {
  auto f = tf::function([](tf::Tensor x) { return tf::reduce_sum(x * x * x); });
  std::vector<std::thread> threads;
  std::vector<std::vector<float>> results(4);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      const tf::Tensor x = tf::fill({8}, static_cast<float>(t + 1));
      for (int i = 0; i < 20; ++i) {
        tf::GradientTape tape;
        tape.watch(x);
        results[t] = tape.gradient(f(x), x).numpy<float>();
      }
    });
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(results[t], std::vector<float>(8, 3.0f * (t + 1) * (t + 1)));
  EXPECT_EQ(f.get_concrete_function(tf::ones({8})).impl()->gradients->builds, 1);
}


TEST(CallGradient, GuideExampleRunsTheTracedPair) {
  // The tf.function guide: the gradient of add(v, 1.0) with respect to v is 1.0.
  auto add = tf::function([](tf::Tensor a, float b) { return a + b; });
  tf::Variable v(1.0f);
  tf::GradientTape tape;
  tf::Tensor result = add(v, 1.0f);
  EXPECT_FLOAT_EQ(tape.gradient(result, v).item<float>(), 1.0f);
  EXPECT_TRUE(ran_traced_pair(add.get_concrete_function(v, 1.0f)));
}

}  // namespace

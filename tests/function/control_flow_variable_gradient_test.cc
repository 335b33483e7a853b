// Gradients of tf::Variables read inside tf::cond, tf::switch_case, tf::case_ and
// tf::while_loop bodies: eagerly, with the tape inside a tf::function (the gradient If / While
// returns a gradient for the variable's handle), and with the tape outside a call of a traced
// function; all checked against central finite differences.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include <tfpp/tfpp.h>

namespace {

using Model = std::function<tf::Tensor(tf::Tensor)>;

// The gradient of model(x) with respect to v: eagerly, with the tape inside a traced
// function, and with the tape outside a call of a traced function.
struct Grads {
  tf::Tensor eager, inside, call;
};

Grads grads_of(const tf::Variable& v, const Model& model, const tf::Tensor& x) {
  Grads g;
  {
    tf::GradientTape tape;
    g.eager = tape.gradient(model(x), v);
  }
  auto inside = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape;
    tf::Tensor y = model(x);
    return tape.gradient(y, v, tf::UnconnectedGradients::ZERO);
  });
  g.inside = inside(x);
  auto traced = tf::function(model);
  {
    tf::GradientTape tape;
    g.call = tape.gradient(traced(x), v);
  }
  return g;
}

// d model(x) / d v by central differences (v is float64).
std::vector<double> finite_difference(tf::Variable& v, const Model& model, const tf::Tensor& x) {
  const std::vector<double> base = v.numpy<double>();
  std::vector<double> result;
  const double h = 1e-6;
  for (std::size_t j = 0; j < base.size(); ++j) {
    std::vector<double> shifted = base;
    shifted[j] = base[j] + h;
    v.assign(tf::constant(shifted, v.shape()));
    const double plus = model(x).item<double>();
    shifted[j] = base[j] - h;
    v.assign(tf::constant(shifted, v.shape()));
    const double minus = model(x).item<double>();
    result.push_back((plus - minus) / (2 * h));
  }
  v.assign(tf::constant(base, v.shape()));
  return result;
}

void expect_near(const tf::Tensor& g, const std::vector<double>& expected, const std::string& what) {
  ASSERT_TRUE(g.defined()) << what << ": missing gradient";
  const std::vector<double> got = g.numpy<double>();
  ASSERT_EQ(got.size(), expected.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], expected[i], 1e-6) << what << " [" << i << "]";
}

// Every way of computing the gradient agrees with finite differences.
void check_all(tf::Variable& v, const Model& model, const tf::Tensor& x) {
  const std::vector<double> fd = finite_difference(v, model, x);
  const Grads g = grads_of(v, model, x);
  expect_near(g.eager, fd, "eager");
  expect_near(g.inside, fd, "tape inside tf::function");
  expect_near(g.call, fd, "tape outside a traced call");
}

TEST(CondVariableGradient, ReadInBothBranches) {
  tf::Variable v(tf::constant({1.5, -0.5}));
  Model model = [&](tf::Tensor x) {
    return tf::cond(x > 0.0, [&] { return tf::reduce_sum(v.read_value() * v.read_value() * x); },
                    [&] { return tf::reduce_sum(v.read_value() * x * 3.0); });
  };
  for (double x : {2.0, -1.0}) check_all(v, model, tf::constant(x));
  const Grads g = grads_of(v, model, tf::constant(2.0));
  EXPECT_EQ(g.inside.numpy<double>(), (std::vector<double>{6.0, -2.0}));  // 2 * v * x
}

TEST(CondVariableGradient, ReadOnlyInTheUntakenBranchGivesZeroNotMissing) {
  tf::Variable v(tf::constant({2.0, 3.0}));
  Model model = [&](tf::Tensor x) {
    return tf::cond(x > 0.0, [&] { return x * 2.0; }, [&] { return tf::reduce_sum(v.read_value()) * x; });
  };
  const Grads g = grads_of(v, model, tf::constant(1.0));
  EXPECT_FALSE(g.eager.defined());  // eagerly the branch never ran, as in TensorFlow
  ASSERT_TRUE(g.inside.defined());
  EXPECT_EQ(g.inside.numpy<double>(), (std::vector<double>{0.0, 0.0}));
  ASSERT_TRUE(g.call.defined());  // the If reads v through its handle input: the tape watches v
  EXPECT_EQ(g.call.numpy<double>(), (std::vector<double>{0.0, 0.0}));
  check_all(v, model, tf::constant(-1.5));
}

TEST(CondVariableGradient, ATensorAndAVariableTogether) {
  // One gradient If returns the gradients of an input tensor and of a variable.
  tf::Variable w(0.5);
  auto model = [&](tf::Tensor x) {
    return tf::cond(x > 0.0, [&] { return x * x * w.read_value(); }, [&] { return w.read_value() * w.read_value() - x; });
  };
  auto inside = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = model(x);
    return tape.gradient(y, x);
  });
  auto both = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape({.persistent = true});
    tape.watch(x);
    tf::Tensor y = model(x);
    return std::tuple{tape.gradient(y, x), tape.gradient(y, w)};
  });
  EXPECT_DOUBLE_EQ(inside(tf::constant(3.0)).item<double>(), 3.0);
  for (double x : {3.0, -2.0}) {
    auto [gx, gw] = both(tf::constant(x));
    tf::Tensor xe = tf::constant(x);
    tf::GradientTape tape({.persistent = true});
    tape.watch(xe);
    tf::Tensor ye = model(xe);
    EXPECT_DOUBLE_EQ(gx.item<double>(), tape.gradient(ye, xe).item<double>()) << x;
    EXPECT_DOUBLE_EQ(gw.item<double>(), tape.gradient(ye, w).item<double>()) << x;
    EXPECT_DOUBLE_EQ(gx.item<double>(), x > 0 ? 2 * x * 0.5 : -1.0) << x;
    EXPECT_DOUBLE_EQ(gw.item<double>(), x > 0 ? x * x : 1.0) << x;
  }
}

TEST(CondVariableGradient, SwitchCaseAndCase) {
  tf::Variable v(1.25);
  Model by_index = [&](tf::Tensor i) {
    return tf::switch_case(i, {[&] { return v.read_value() * 4.0; }, [&] { return v.read_value() * v.read_value(); },
                               [&] { return tf::constant(5.0); }});
  };
  for (int i : {0, 1}) check_all(v, by_index, tf::constant(i));
  for (int i : {2, 7}) {  // the default reads no variable: zero when traced, none eagerly
    const Grads g = grads_of(v, by_index, tf::constant(i));
    EXPECT_FALSE(g.eager.defined());
    ASSERT_TRUE(g.inside.defined());
    EXPECT_EQ(g.inside.item<double>(), 0.0);
    ASSERT_TRUE(g.call.defined());
    EXPECT_EQ(g.call.item<double>(), 0.0);
  }
  Model by_pred = [&](tf::Tensor x) {
    return tf::case_({{x < 0.0, [&] { return v.read_value() * x; }},
                      {x < 2.0, [&] { return v.read_value() * v.read_value() * v.read_value(); }}},
                     [&] { return x * 2.0; });
  };
  for (double x : {-3.0, 1.0}) check_all(v, by_pred, tf::constant(x));
  const Grads g = grads_of(v, by_pred, tf::constant(5.0));  // the default reads no variable
  ASSERT_TRUE(g.inside.defined());
  EXPECT_EQ(g.inside.item<double>(), 0.0);
}

// x = x * v, n times: d/dv = n x0 v^(n-1).
tf::Tensor repeated_product(const tf::Variable& v, const tf::Tensor& x0, const tf::Tensor& n) {
  auto [i, x] = tf::while_loop([&](tf::Tensor i, tf::Tensor) { return i < n; },
                               [&](tf::Tensor i, tf::Tensor x) { return std::tuple{i + 1, x * v.read_value()}; },
                               std::tuple{tf::constant(0), x0});
  return x;
}

TEST(WhileVariableGradient, ReadInTheLoopBody) {
  tf::Variable v(1.5);
  for (int n : {0, 1, 4}) {
    const tf::Tensor nt = tf::constant(n);
    Model model = [&](tf::Tensor x0) { return repeated_product(v, x0, nt); };
    const Grads g = grads_of(v, model, tf::constant(2.0));
    const double expected = n * 2.0 * std::pow(1.5, n - 1);
    ASSERT_TRUE(g.inside.defined()) << n;
    EXPECT_NEAR(g.inside.item<double>(), expected, 1e-12) << n;
    ASSERT_TRUE(g.call.defined()) << n;
    EXPECT_NEAR(g.call.item<double>(), expected, 1e-12) << n;
    if (n > 0) check_all(v, model, tf::constant(2.0));
  }
}

TEST(WhileVariableGradient, VariableAndLoopVariableTogether) {
  // d/dv and d/dx0 of sum(x_n), x_{k+1} = x_k * v + v * v, with a vector variable.
  tf::Variable v(tf::constant({0.5, -1.25, 2.0}));
  Model model = [&](tf::Tensor x0) {
    auto [i, x] = tf::while_loop(
        [&](tf::Tensor i, tf::Tensor) { return i < 3; },
        [&](tf::Tensor i, tf::Tensor x) { return std::tuple{i + 1, x * v.read_value() + v.read_value() * v.read_value()}; },
        std::tuple{tf::constant(0), x0});
    return tf::reduce_sum(x);
  };
  check_all(v, model, tf::constant({1.0, 2.0, -1.0}));
}

TEST(WhileVariableGradient, NestedCondInsideWhile) {
  // Halve while above 1, else multiply by v: the variable is read in a branch of a cond
  // inside the loop body.
  tf::Variable v(1.75);
  Model model = [&](tf::Tensor x0) {
    auto [i, acc] = tf::while_loop(
        [](tf::Tensor i, tf::Tensor) { return i < 6; },
        [&](tf::Tensor i, tf::Tensor acc) {
          return std::tuple{i + 1, tf::cond(acc > 1.0, [&] { return acc * 0.5; }, [&] { return acc * v.read_value(); })};
        },
        std::tuple{tf::constant(0), x0});
    return acc;
  };
  for (double x : {1.5, 0.7, 3.0}) check_all(v, model, tf::constant(x));
}

TEST(CondVariableGradient, TrainingStepInsideOneFunction) {
  // y = 3x + 2 for x > 0, y = -x for x <= 0: two variables used in one branch each, fitted by
  // SGD in one traced step (forward, gradient and update); the eager step gives the same values.
  const tf::Tensor xs = tf::constant({-2.0, -1.0, 0.5, 1.0, 2.0});
  const tf::Tensor ys = tf::constant({2.0, 1.0, 3.5, 5.0, 8.0});
  auto make_step = [&](tf::Variable& w, tf::Variable& b, tf::Variable& c) {
    return [&, xs, ys](tf::Tensor flag) {
      tf::GradientTape tape;
      tf::Tensor pred = tf::cond(flag, [&] { return w.read_value() * xs + b.read_value(); },
                                 [&] { return c.read_value() * xs; });
      tf::Tensor pos = tf::cast(xs > 0.0, tf::float64);
      tf::Tensor err = (pred - ys) * tf::cond(flag, [&] { return pos; }, [&] { return 1.0 - pos; });
      tf::Tensor loss = tf::reduce_sum(err * err);
      std::vector<tf::Tensor> g = tape.gradient(loss, std::vector<tf::Variable>{w, b, c}, tf::UnconnectedGradients::ZERO);
      w.assign_sub(g[0] * 0.05);
      b.assign_sub(g[1] * 0.05);
      c.assign_sub(g[2] * 0.05);
      return loss;
    };
  };
  tf::Variable w(0.0), b(0.0), c(0.0), we(0.0), be(0.0), ce(0.0);
  auto traced = tf::function(make_step(w, b, c));
  auto eager = make_step(we, be, ce);
  for (int step = 0; step < 400; ++step) {
    const tf::Tensor flag = tf::constant(step % 2 == 0);
    const double lt = traced(flag).item<double>(), le = eager(flag).item<double>();
    ASSERT_NEAR(lt, le, 1e-9) << step;
  }
  EXPECT_EQ(traced.tracing_count(), 1);
  EXPECT_NEAR(w.numpy<double>()[0], 3.0, 1e-3);
  EXPECT_NEAR(b.numpy<double>()[0], 2.0, 1e-3);
  EXPECT_NEAR(c.numpy<double>()[0], -1.0, 1e-3);
  EXPECT_NEAR(we.numpy<double>()[0], w.numpy<double>()[0], 1e-9);
}

TEST(CondVariableGradient, EagerCondReadsAreRecordedDirectly) {
  tf::Variable v(tf::constant({1.0, 2.0}));
  for (bool p : {true, false}) {
    tf::GradientTape tape;
    tf::Tensor y = tf::cond(tf::constant(p), [&] { return tf::reduce_sum(v.read_value() * v.read_value()); },
                            [&] { return tf::reduce_sum(v.read_value()) * 4.0; });
    const std::vector<double> g = tape.gradient(y, v).numpy<double>();
    EXPECT_EQ(g, p ? (std::vector<double>{2.0, 4.0}) : (std::vector<double>{4.0, 4.0}));
  }
}

TEST(CondVariableGradient, UnwatchedNonTrainableAndIntegerVariables) {
  tf::Variable frozen(2.0, {.trainable = false}), counter(tf::constant(3)), v(1.5);
  auto f = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape;
    tf::Tensor y = tf::cond(x > 0.0,
                            [&] { return x * frozen.read_value() * tf::cast(counter.read_value(), tf::float64); },
                            [&] { return x; });
    std::vector<tf::Tensor> g = tape.gradient(y, std::vector<tf::Variable>{frozen, counter});
    return std::tuple{tf::constant(g[0].defined()), tf::constant(g[1].defined())};
  });
  auto [frozen_grad, counter_grad] = f(tf::constant(1.0));
  EXPECT_FALSE(frozen_grad.item<bool>());   // not trainable, so not watched
  EXPECT_FALSE(counter_grad.item<bool>());  // integers carry no gradient
  // Watched explicitly, a non-trainable variable gets its gradient; an unwatching tape
  // does not pick up variables the If reads.
  auto watched = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape({.watch_accessed_variables = false});
    tape.watch(frozen);
    tf::Tensor y = tf::cond(x > 0.0, [&] { return x * frozen.read_value() * v.read_value(); }, [&] { return x; });
    EXPECT_EQ(tape.watched_variables().size(), 1u);
    std::vector<tf::Tensor> g = tape.gradient(y, std::vector<tf::Variable>{frozen, v});
    return std::tuple{g[0], tf::constant(g[1].defined())};
  });
  auto [frozen_watched, v_grad] = watched(tf::constant(2.0));
  EXPECT_DOUBLE_EQ(frozen_watched.item<double>(), 3.0);
  EXPECT_FALSE(v_grad.item<bool>());
}

// y = x v^3 in the taken branch: dy/dv = 3 x v^2, d2y/dv2 = 6 x v.
tf::Tensor cubed(const tf::Tensor& x, const tf::Variable& v) {
  return tf::cond(tf::reduce_sum(x) > 0.0, [&] { return x * v.read_value() * v.read_value() * v.read_value(); },
                  [&] { return x; });
}

TEST(CondVariableGradient, SecondOrderPersistentTapeAndJacobian) {
  tf::Variable v(1.5);
  auto f = tf::function([&](tf::Tensor x) { return cubed(x, v); });
  tf::GradientTape outer;
  tf::Tensor g;
  {
    tf::GradientTape inner;
    g = inner.gradient(f(tf::constant(2.0)), v);
  }
  ASSERT_TRUE(g.defined());
  EXPECT_DOUBLE_EQ(g.item<double>(), 2.0 * 3 * 1.5 * 1.5);
  tf::Tensor g2 = outer.gradient(g, v);
  ASSERT_TRUE(g2.defined());
  EXPECT_DOUBLE_EQ(g2.item<double>(), 2.0 * 6 * 1.5);
  // A persistent tape gives it twice, and the Jacobian of a vector result.
  tf::GradientTape p({.persistent = true});
  tf::Tensor y = f(tf::constant({1.0, 2.0}));
  EXPECT_EQ(p.gradient(y, v).item<double>(), 3.0 * 3 * 1.5 * 1.5);
  EXPECT_EQ(p.gradient(y, v).item<double>(), 3.0 * 3 * 1.5 * 1.5);
  tf::Tensor j = p.jacobian(y, v);
  EXPECT_EQ(j.numpy<double>(), (std::vector<double>{3 * 1.5 * 1.5, 2 * 3 * 1.5 * 1.5}));
}

TEST(CondVariableGradient, SecondOrderInsideAFunction) {
  tf::Variable v(1.5);
  auto f = tf::function([&](tf::Tensor x) {
    tf::GradientTape outer;
    tf::Tensor g;
    {
      tf::GradientTape inner;
      g = inner.gradient(cubed(x, v), v);
    }
    return outer.gradient(g, v);
  });
  EXPECT_DOUBLE_EQ(f(tf::constant(2.0)).item<double>(), 2.0 * 6 * 1.5);
}

TEST(WhileVariableGradient, SecondOrderThroughACallAndInside) {
  // y = x v^3 by a loop.
  tf::Variable v(1.5);
  auto body = [&](tf::Tensor x) {
    auto [i, y] = tf::while_loop([&](tf::Tensor i, tf::Tensor) { return i < 3; },
                                 [&](tf::Tensor i, tf::Tensor y) { return std::tuple{i + 1, y * v.read_value()}; },
                                 std::tuple{tf::constant(0), x});
    return y;
  };
  auto f = tf::function(body);
  tf::GradientTape outer;
  tf::Tensor g;
  {
    tf::GradientTape inner;
    g = inner.gradient(f(tf::constant(2.0)), v);
  }
  EXPECT_DOUBLE_EQ(g.item<double>(), 2.0 * 3 * 1.5 * 1.5);
  tf::Tensor g2 = outer.gradient(g, v);
  ASSERT_TRUE(g2.defined());
  EXPECT_NEAR(g2.item<double>(), 2.0 * 6 * 1.5, 1e-12);
  auto inside = tf::function([&](tf::Tensor x) {
    tf::GradientTape o;
    tf::Tensor g;
    {
      tf::GradientTape in;
      g = in.gradient(body(x), v);
    }
    return o.gradient(g, v);
  });
  EXPECT_NEAR(inside(tf::constant(2.0)).item<double>(), 2.0 * 6 * 1.5, 1e-12);
}

TEST(CondVariableGradient, AnAssignmentBetweenForwardAndGradientDoesNotChangeIt) {
  // The gradient uses the value the If / While read, as for any saved tensor.
  tf::Variable v(2.0);
  auto model = [&](tf::Tensor x) {
    tf::Tensor a = tf::cond(x > 0.0, [&] { return x * v.read_value() * v.read_value(); }, [&] { return x; });
    return a + repeated_product(v, x, tf::constant(3));
  };
  // d/dx = v^2 + v^3 = 12, d/dv = 2 x v + 3 x v^2 = 4 + 12 = 16 at x = 1, v = 2.
  auto traced = tf::function(model);
  {
    tf::Tensor x = tf::constant(1.0);
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = traced(x);
    v.assign(5.0);
    EXPECT_DOUBLE_EQ(tape.gradient(y, x).item<double>(), 12.0);
  }
  v.assign(2.0);
  {
    tf::GradientTape tape;
    tf::Tensor y = traced(tf::constant(1.0));
    v.assign(5.0);
    EXPECT_DOUBLE_EQ(tape.gradient(y, v).item<double>(), 16.0);
  }
  v.assign(2.0);
  auto inside = tf::function([&](tf::Tensor x) {
    tf::GradientTape tape({.persistent = true});
    tape.watch(x);
    tf::Tensor y = model(x);
    v.assign(5.0);
    return std::tuple{tape.gradient(y, x), tape.gradient(y, v)};
  });
  auto [gx, gv] = inside(tf::constant(1.0));
  EXPECT_DOUBLE_EQ(gx.item<double>(), 12.0);
  EXPECT_DOUBLE_EQ(gv.item<double>(), 16.0);
  EXPECT_EQ(v.numpy<double>()[0], 5.0);
}

TEST(CondVariableGradient, VariableArgumentsAndFunctionsCalledInsideFunctions) {
  // A variable passed as an argument, read in a cond inside a function that another traced
  // function calls with its tape: one trace serves two variables, each gets its gradient.
  auto scaled = tf::function([](tf::Variable v, tf::Tensor x) {
    return tf::cond(x > 0.0, [&] { return x * v.read_value() * v.read_value(); }, [&] { return x * v.read_value(); });
  });
  auto grad = tf::function([&](tf::Variable v, tf::Tensor x) {
    tf::GradientTape tape;
    tf::Tensor y = scaled(v, x);
    return tape.gradient(y, v);
  });
  tf::Variable a(3.0), b(-1.5);
  EXPECT_DOUBLE_EQ(grad(a, tf::constant(2.0)).item<double>(), 12.0);  // 2 x v
  EXPECT_DOUBLE_EQ(grad(b, tf::constant(2.0)).item<double>(), -6.0);
  EXPECT_DOUBLE_EQ(grad(b, tf::constant(-2.0)).item<double>(), -2.0);  // x
  EXPECT_EQ(grad.tracing_count(), 1);
}

}  // namespace

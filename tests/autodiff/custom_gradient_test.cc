// tf::custom_gradient, tf::stop_gradient, and ops without a registered gradient.
#include <cmath>

#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/execute.h"
#include "ops/shape_fns.h"

namespace {

TEST(CustomGradient, UsesTheGivenGradient) {
  // y = x² with a deliberately different gradient, to see which one is used.
  auto square = tf::custom_gradient([](const tf::Tensor& x) {
    return std::pair{x * x, [x](const tf::Tensor& dy) { return dy * x * 10.0f; }};
  });
  tf::Tensor x = tf::constant({1.0f, 2.0f});
  tf::GradientTape tape;
  tape.watch(x);
  tf::Tensor y = square(x);
  EXPECT_EQ(y.numpy<float>(), (std::vector<float>{1, 4}));
  EXPECT_EQ(tape.gradient(y, x).numpy<float>(), (std::vector<float>{10, 20}));
}

TEST(CustomGradient, SeveralInputsAndVariables) {
  auto mul = tf::custom_gradient([](const tf::Tensor& a, const tf::Tensor& b) {
    return std::pair{a * b, [a, b](const tf::Tensor& dy) { return std::vector<tf::Tensor>{dy * b, dy * a * 2.0f}; }};
  });
  tf::Variable a(3.0f);
  tf::Tensor b = tf::constant(4.0f);
  tf::GradientTape tape;
  tape.watch(b);
  tf::Tensor y = mul(a, b) + a;
  std::vector<tf::Tensor> g = tape.gradient(y, {tf::Tensor(b)});
  EXPECT_EQ(g[0].item<float>(), 6.0f);
  EXPECT_EQ(tape.watched_variables().size(), 1u);
}

TEST(CustomGradient, WorksWithoutATapeAndChecksTheGradientCount) {
  auto bad = tf::custom_gradient([](const tf::Tensor& a, const tf::Tensor& b) {
    return std::pair{a + b, [](const tf::Tensor& dy) { return dy; }};  // one gradient for two inputs
  });
  EXPECT_EQ(bad(tf::constant(1.0f), tf::constant(2.0f)).item<float>(), 3.0f);
  tf::Tensor a = tf::constant(1.0f);
  tf::GradientTape tape;
  tape.watch(a);
  tf::Tensor y = bad(a, tf::constant(2.0f));
  EXPECT_THROW(tape.gradient(y, a), tf::InvalidArgumentError);
}

TEST(CustomGradient, GradientIsDifferentiableAgain) {
  auto cube = tf::custom_gradient([](const tf::Tensor& x) {
    return std::pair{x * x * x, [x](const tf::Tensor& dy) { return dy * 3.0 * x * x; }};
  });
  tf::Tensor x = tf::constant(2.0);
  tf::GradientTape outer;
  outer.watch(x);
  tf::Tensor d1;
  {
    tf::GradientTape inner;
    inner.watch(x);
    d1 = inner.gradient(cube(x), x);
  }
  EXPECT_DOUBLE_EQ(d1.item<double>(), 12.0);
  EXPECT_DOUBLE_EQ(outer.gradient(d1, x).item<double>(), 12.0);  // 6x
}

// A gradient that clips dy to [-1, 1], where the plain gradient of 3x would be 3 dy.
auto clipped_triple() {
  return tf::custom_gradient([](const tf::Tensor& x) {
    return std::pair{x * 3.0f, [](const tf::Tensor& dy) { return tf::clip_by_value(dy, -1.0f, 1.0f); }};
  });
}

TEST(CustomGradient, InsideAFunctionTheInnerTapeUsesIt) {
  auto triple = clipped_triple();
  auto grad = tf::function([&](const tf::Tensor& x) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = triple(x) * 2.0f;
    return tape.gradient(y, x);
  });
  EXPECT_EQ(grad(tf::constant({1.0f, 2.0f})).numpy<float>(), (std::vector<float>{1.0f, 1.0f}));
  EXPECT_NE(grad.get_concrete_function(tf::TensorSpec({2}, tf::float32)).graph().to_string().find("IdentityN"),
            std::string::npos);
}

TEST(CustomGradient, ThroughACallOfItsFunctionUsesIt) {
  // Replaying the traced graph's forward ops would differentiate x * 3 and give 6.
  auto triple = clipped_triple();
  auto f = tf::function([&](const tf::Tensor& x) { return triple(x) * 2.0f; });
  tf::Tensor x = tf::constant({1.0f, -2.0f});
  tf::GradientTape tape;
  tape.watch(x);
  tf::Tensor y = f(x);
  EXPECT_EQ(y.numpy<float>(), (std::vector<float>{6.0f, -12.0f}));
  EXPECT_EQ(tape.gradient(y, x).numpy<float>(), (std::vector<float>{1.0f, 1.0f}));  // clip(2 dy)
}

TEST(CustomGradient, ThroughACallItsGradientUsesForwardIntermediates) {
  // log(1 + e^x), whose gradient function uses the forward's e^x: a tensor of the traced graph.
  // At x = 100 (float32) e^x is inf: the forward ops' gradient would be 0 * inf = nan.
  auto log1pexp = tf::custom_gradient([](const tf::Tensor& x) {
    tf::Tensor e = tf::exp(x);
    return std::pair{tf::math::log(1.0f + e), [e](const tf::Tensor& dy) { return dy * (1.0f - 1.0f / (1.0f + e)); }};
  });
  auto f = tf::function([&](const tf::Tensor& x) { return log1pexp(x); });
  tf::Tensor x = tf::constant({0.0f, 100.0f});
  tf::GradientTape outer;
  outer.watch(x);
  tf::Tensor d1;
  {
    tf::GradientTape inner;
    inner.watch(x);
    d1 = inner.gradient(f(x), x);
  }
  EXPECT_EQ(d1.numpy<float>(), (std::vector<float>{0.5f, 1.0f}));
  // Higher order: the outer tape records the traced gradient's ops. e^x / (1 + e^x)^2 is
  // inf / inf at 100.
  const std::vector<float> d2 = outer.gradient(d1, x).numpy<float>();
  EXPECT_EQ(d2[0], 0.25f);
  EXPECT_TRUE(std::isnan(d2[1]));
}

TEST(CustomGradient, InsideATracedFunctionTheGradientFunctionRunsOnce) {
  int calls = 0;
  auto counted = tf::custom_gradient([&](const tf::Tensor& x) {
    return std::pair{x * 3.0f, [&](const tf::Tensor& dy) {
                       ++calls;
                       return dy * 5.0f;
                     }};
  });
  auto grad = tf::function([&](const tf::Tensor& x) {
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = counted(x);
    return tape.gradient(y, x);
  });
  EXPECT_EQ(grad(tf::constant(1.0f)).item<float>(), 5.0f);
  EXPECT_EQ(grad(tf::constant(2.0f)).item<float>(), 5.0f);
  EXPECT_EQ(calls, 1);  // traced once, into the graph; the tape replays it
}

TEST(CustomGradient, AGradientFunctionThatCannotBeTracedRaisesOnlyThroughACall) {
  // Reading a value needs a concrete tensor; inside the trace the tape calls the function when
  // asked, eagerly-valued here because the function is run eagerly.
  auto concrete_only = tf::custom_gradient([](const tf::Tensor& x) {
    return std::pair{x * 3.0f, [](const tf::Tensor& dy) { return tf::constant(dy.item<float>() * 7.0f); }};
  });
  auto f = tf::function([&](const tf::Tensor& x) { return concrete_only(x); });
  tf::Tensor x = tf::constant(1.0f);
  tf::GradientTape tape;
  tape.watch(x);
  tf::Tensor y = f(x);
  EXPECT_EQ(y.item<float>(), 3.0f);
  try {
    tape.gradient(y, x);
    FAIL() << "expected UnimplementedError";
  } catch (const tf::UnimplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("could not be traced"), std::string::npos) << e.what();
  }
  tf::GradientTape eager;  // eagerly the same function works
  eager.watch(x);
  EXPECT_EQ(eager.gradient(concrete_only(x), x).item<float>(), 7.0f);
}

TEST(StopGradient, BlocksGradientsButKeepsValues) {
  tf::Tensor x = tf::constant({1.0f, 2.0f});
  tf::GradientTape tape({.persistent = true});
  tape.watch(x);
  tf::Tensor s = tf::stop_gradient(x * x);
  tf::Tensor y = s * x;
  EXPECT_EQ(s.numpy<float>(), (std::vector<float>{1, 4}));
  EXPECT_EQ(tape.gradient(y, x).numpy<float>(), (std::vector<float>{1, 4}));
  EXPECT_FALSE(tape.gradient(s, x).defined());
  EXPECT_EQ(tf::stop_gradient(tf::constant(3)).item<std::int32_t>(), 3);
}

// An op registered without a gradient (outside the registry, so the completeness test does
// not see it).
void copy_kernel(tf::ops::KernelContext& ctx) {
  std::copy_n(ctx.input(0).data<float>(), ctx.input(0).num_elements(), ctx.output(0).mutable_data<float>());
}
tf::ops::OpDef make_op_without_gradient() {
  tf::ops::OpDef def;
  def.name = "MyOpWithoutGradient";
  def.num_inputs = 1;
  def.shape_fn = tf::ops::unchanged_shape;
  def.kernels[static_cast<int>(tf::float32)] = copy_kernel;
  return def;
}

TEST(GradientTape, OpWithoutRegisteredGradientRaisesLookupError) {
  static const tf::ops::OpDef op = make_op_without_gradient();
  tf::Tensor x = tf::constant(2.0f);
  tf::GradientTape tape({.persistent = true});
  tape.watch(x);
  tf::Tensor y = tf::ops::execute1(op, {x}) * 3.0f;
  try {
    tape.gradient(y, x);
    FAIL() << "expected LookupError";
  } catch (const tf::LookupError& e) {
    EXPECT_NE(std::string(e.what()).find("MyOpWithoutGradient"), std::string::npos) << e.what();
  }
  // Not needed for this source: no error.
  tf::Tensor z = x * 2.0f;
  EXPECT_EQ(tape.gradient(z, x).item<float>(), 2.0f);
}

}  // namespace

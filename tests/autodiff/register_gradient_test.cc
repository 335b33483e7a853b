// tf::RegisterGradient: a user's gradient for an op without one is used eagerly, in traced
// functions and to second order, and matches finite differences; registering for an op that
// has a gradient, is not differentiable or does not exist throws, as do bad gradient results.
#include <gtest/gtest.h>

#include <tfpp/register_gradient.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"
#include "autodiff/unregistered_gradients.h"
#include "error_of.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"

namespace {

using tf::Operation;
using tf::Tensor;
using tf::testing::error_of;

template <class T>
void square_kernel(tf::ops::KernelContext& ctx) {
  const T* x = ctx.input(0).data<T>();
  T* y = ctx.output(0).mutable_data<T>();
  for (std::int64_t i = 0; i < ctx.input(0).num_elements(); ++i) y[i] = x[i] * x[i];
}

// Test ops that, like AdjustContrastv2, come without a gradient: each test registers on its own,
// since a registration lasts as long as the process.
const tf::ops::OpDef& square_op(const char* name) {
  tf::autodiff::leave_gradient_to_users(name);
  return tf::ops::OpBuilder(name)
      .inputs(1)
      .shape(tf::ops::unchanged_shape)
      .kernel(tf::float32, square_kernel<float>)
      .kernel(tf::float64, square_kernel<double>);
}
const tf::ops::OpDef& kSquareA = square_op("RegisterGradientTestSquareA");
const tf::ops::OpDef& kSquareB = square_op("RegisterGradientTestSquareB");
const tf::ops::OpDef& kSquareC = square_op("RegisterGradientTestSquareC");
const tf::ops::OpDef& kSquareD = square_op("RegisterGradientTestSquareD");

std::vector<Tensor> square_gradient(const Operation& op, const std::vector<Tensor>& grads) {
  return {grads[0] * 2.0 * op.inputs()[0]};
}

TEST(RegisterGradient, TheRegisteredGradientIsUsedEagerlyTracedAndToSecondOrder) {
  auto square = [](const Tensor& x) { return tf::ops::execute1(kSquareA, {x}); };
  tf::RegisterGradient("RegisterGradientTestSquareA", [](const Operation& op, const std::vector<Tensor>& grads) {
    EXPECT_EQ(op.type(), "RegisterGradientTestSquareA");
    EXPECT_EQ(op.outputs().size(), 1u);
    return square_gradient(op, grads);
  });
  const Tensor x = tf::constant({1.5, -2.0, 3.0});
  Tensor dy, d2y;
  {
    tf::GradientTape outer;
    outer.watch(x);
    {
      tf::GradientTape inner;
      inner.watch(x);
      dy = inner.gradient(square(x) * 3.0, x);
    }
    d2y = outer.gradient(dy, x);
  }
  EXPECT_EQ(dy.numpy<double>(), (std::vector<double>{9, -12, 18}));
  EXPECT_EQ(d2y.numpy<double>(), (std::vector<double>{6, 6, 6}));

  auto traced = tf::function([&](Tensor t) {
    tf::GradientTape tape;
    tape.watch(t);
    return tape.gradient(tf::reduce_sum(square(t)), t);
  });
  EXPECT_EQ(traced(x).numpy<double>(), (std::vector<double>{3, -4, 6}));

  const double error = tf::testing::max_gradient_error(
      [&](const std::vector<Tensor>& in) { return square(in[0]) * in[0]; }, {tf::testing::random_tensor({2, 3}, 7)});
  EXPECT_LT(error, 1e-6);
}

TEST(RegisterGradient, WithoutARegistrationTheTapeRaisesLookupError) {
  const Tensor x = tf::constant(2.0);
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::ops::execute1(kSquareB, {x});
  try {
    tape.gradient(y, x);
    FAIL() << "expected LookupError";
  } catch (const tf::LookupError& e) {
    EXPECT_STREQ(e.what(), "[GradientTape] gradient registry has no entry for: RegisterGradientTestSquareB "
                           "(register one with tf::RegisterGradient)");
  }
}

// The message of the exception of type E that fn throws, or "no error".
template <class E>
std::string message_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const E& e) {
    return e.what();
  }
  return "no error";
}

TEST(RegisterGradient, RegisteringTwiceOrForAnOpWithAGradientThrowsLookupError) {
  EXPECT_EQ(message_of<tf::LookupError>([] { tf::RegisterGradient("Exp", square_gradient); }),
            "[RegisterGradient] Registering two gradients for op 'Exp': it has a gradient already");
  EXPECT_EQ(message_of<tf::LookupError>([] { tf::RegisterGradient("Floor", square_gradient); }),
            "[RegisterGradient] Registering two gradients for op 'Floor': it is marked not differentiable");
  tf::RegisterGradient("RegisterGradientTestSquareC", square_gradient);
  EXPECT_EQ(message_of<tf::LookupError>([] { tf::RegisterGradient("RegisterGradientTestSquareC", square_gradient); }),
            "[RegisterGradient] Registering two gradients for op 'RegisterGradientTestSquareC': it has a gradient "
            "already");
  EXPECT_EQ(message_of<tf::NotFoundError>([] { tf::RegisterGradient("NoSuchOp", square_gradient); }),
            "[RegisterGradient] no op is named 'NoSuchOp'");
  EXPECT_EQ(error_of([] { tf::RegisterGradient("RegisterGradientTestSquareD", nullptr); }),
            "[RegisterGradient] the gradient function given for RegisterGradientTestSquareD is empty");
}

TEST(RegisterGradient, ABadGradientResultThrowsInvalidArgument) {
  static std::vector<Tensor> (*result)(const Operation&, const std::vector<Tensor>&) = nullptr;
  tf::RegisterGradient("RegisterGradientTestSquareD",
                       [](const Operation& op, const std::vector<Tensor>& grads) { return result(op, grads); });
  auto gradient_of_square = [] {
    const Tensor x = tf::constant({1.0f, 2.0f});
    tf::GradientTape tape;
    tape.watch(x);
    return tape.gradient(tf::ops::execute1(kSquareD, {x}), x);
  };
  result = [](const Operation&, const std::vector<Tensor>& grads) { return std::vector<Tensor>{grads[0], grads[0]}; };
  EXPECT_EQ(error_of(gradient_of_square),
            "[RegisterGradient] the gradient of RegisterGradientTestSquareD returned 2 gradients for 1 inputs");
  result = [](const Operation&, const std::vector<Tensor>&) { return std::vector<Tensor>{tf::ones({3})}; };
  EXPECT_EQ(error_of(gradient_of_square),
            "[RegisterGradient] the gradient of RegisterGradientTestSquareD for input 0 has float32[3], but the input "
            "is float32[2]");
  result = [](const Operation&, const std::vector<Tensor>&) { return std::vector<Tensor>{Tensor()}; };
  EXPECT_FALSE(gradient_of_square().defined());  // an undefined gradient means none, as TensorFlow's None
  result = square_gradient;
  EXPECT_EQ(gradient_of_square().numpy<float>(), (std::vector<float>{2, 4}));
}

}  // namespace

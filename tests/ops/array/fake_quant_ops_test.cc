// tf::quantization's fake quantization ops compared with TensorFlow 2.21 in the same run
// (fake_quant_reference.py): values at the nudged range's edges and levels, every grid (num_bits,
// narrow_range), the [0, 0] and inverted ranges, per-channel ranges of rank 1, 2 and 4, the
// *Gradient ops and the tape's gradients through the forward ops, traced calls, and the errors.
// The ops are piecewise constant (the gradient is TensorFlow's straight-through estimate, not the
// derivative), so gradients are compared with TensorFlow's rather than with finite differences.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ops/complex/complex_test_util.h"
#include "tfpp/errors.h"
#include "tfpp/fake_quant_ops.h"
#include "tfpp/function.h"

namespace tf {
namespace {

using testing::expect_error;
using testing::expect_values;
using testing::real_pattern;
namespace q = tf::quantization;
using V = const std::vector<Tensor>&;

const std::map<std::string, std::string>& tensorflow() {
  static const auto blocks = testing::read_blocks("tests/ops/array/fake_quant_reference.py");
  return blocks;
}

// fake_quant_reference.py's SPECIAL values.
Tensor special() {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  return constant(std::vector<float>{-7.0f, -6.1f, -6.0f, -3.3f, -0.01f, 0.0f, 0.02f, 1.7f, 5.95f, 6.0f, 6.2f, 100.0f, nan, inf, -inf});
}
Tensor x() { return real_pattern({4, 6}, float32) * 3.0f; }
Tensor g() { return real_pattern({4, 6}, float32, 29, 13, 6) + 0.5f; }
Tensor mins() { return constant({-1.0f, -2.0f, 0.3f}); }
Tensor maxs() { return constant({1.0f, 3.0f, 2.5f}); }

Tensor flat(const q::FakeQuantGradients& g) {
  return concat({reshape(g.backprops_wrt_input, {-1}), reshape(g.backprop_wrt_min, {-1}), reshape(g.backprop_wrt_max, {-1})}, 0);
}

void forward_ops_match_tensorflow() {
  expect_values(tensorflow(), "args_default", q::fake_quant_with_min_max_args(special()), 0);
  expect_values(tensorflow(), "args_4bit_narrow",
                q::fake_quant_with_min_max_args(x(), {.min = -1.3, .max = 2.1, .num_bits = 4, .narrow_range = true}), 0);
  expect_values(tensorflow(), "args_16bit", q::fake_quant_with_min_max_args(x(), {.min = -1.3, .max = 2.1, .num_bits = 16}), 0);
  expect_values(tensorflow(), "args_positive_range",
                q::fake_quant_with_min_max_args(x(), {.min = 0.5, .max = 2.1, .num_bits = 7}), 0);
  expect_values(tensorflow(), "args_negative_range",
                q::fake_quant_with_min_max_args(x(), {.min = -300, .max = -2, .num_bits = 16}), 0);
  expect_values(tensorflow(), "vars", q::fake_quant_with_min_max_vars(x(), constant(-1.1f), constant(1.3f), {.num_bits = 7}), 0);
  expect_values(tensorflow(), "vars_narrow",
                q::fake_quant_with_min_max_vars(x(), constant(-2.0f), constant(3.7f), {.num_bits = 5, .narrow_range = true}), 0);
  expect_values(tensorflow(), "vars_special", q::fake_quant_with_min_max_vars(special(), constant(-6.0f), constant(6.0f)), 0);
  expect_values(tensorflow(), "vars_zero_range", q::fake_quant_with_min_max_vars(special(), constant(0.0f), constant(0.0f)), 0);
  expect_values(tensorflow(), "vars_inverted", q::fake_quant_with_min_max_vars(x(), constant(2.0f), constant(1.0f)), 0);
  expect_values(tensorflow(), "per_channel", q::fake_quant_with_min_max_vars_per_channel(reshape(x(), {8, 3}), mins(), maxs()), 0);
  expect_values(tensorflow(), "per_channel_rank4",
                q::fake_quant_with_min_max_vars_per_channel(reshape(x(), {2, 2, 2, 3}), mins(), maxs(),
                                                            {.num_bits = 3, .narrow_range = true}),
                0);
  expect_values(tensorflow(), "per_channel_rank1",
                q::fake_quant_with_min_max_vars_per_channel(reshape(slice(x(), {0, 0}, {1, 3}), {3}), mins(), maxs(), {.num_bits = 4}),
                0);
}

void gradient_ops_match_tensorflow() {
  expect_values(tensorflow(), "args_gradient", q::fake_quant_with_min_max_args_gradient(g(), x(), {.min = -1.3, .max = 2.1}), 0);
  expect_values(tensorflow(), "args_gradient_special", q::fake_quant_with_min_max_args_gradient(ones_like(special()), special()), 0);
  // The min and max gradients are sums: summed in another order than Eigen's.
  expect_values(tensorflow(), "vars_gradient",
                flat(q::fake_quant_with_min_max_vars_gradient(g(), x(), constant(-1.1f), constant(1.3f), {.num_bits = 7})), 1e-6);
  expect_values(tensorflow(), "vars_gradient_zero_range",
                flat(q::fake_quant_with_min_max_vars_gradient(g(), x(), constant(0.0f), constant(0.0f))), 0);
  expect_values(tensorflow(), "per_channel_gradient",
                flat(q::fake_quant_with_min_max_vars_per_channel_gradient(reshape(g(), {8, 3}), reshape(x(), {8, 3}), mins(),
                                                                          maxs(), {.num_bits = 6})),
                1e-6);
  const auto check = [](const char* name, std::function<Tensor(V)> f, std::vector<Tensor> xs) {
    expect_values(tensorflow(), name, testing::tape_gradients(f, xs), 1e-6);
  };
  check("grad_args", [](V v) { return q::fake_quant_with_min_max_args(v[0], {.min = -1.3, .max = 2.1}); }, {x()});
  check("grad_vars", [](V v) { return q::fake_quant_with_min_max_vars(v[0], v[1], v[2]); }, {x(), constant(-1.1f), constant(1.3f)});
  check("grad_per_channel", [](V v) { return q::fake_quant_with_min_max_vars_per_channel(v[0], v[1], v[2], {.num_bits = 5}); },
        {reshape(x(), {8, 3}), mins(), maxs()});
}

void bad_arguments_raise() {
  for (const char* name : {"err_args_min_max", "err_args_bits", "err_vars_bits", "err_vars_rank", "err_args_gradient_shape",
                           "err_vars_gradient_shape", "err_per_channel_size", "err_per_channel_rank"})
    EXPECT_EQ(tensorflow().at(name), "InvalidArgumentError") << name;
  expect_error([] { q::fake_quant_with_min_max_args(x(), {.min = 2, .max = 1}); },
               "[FakeQuantWithMinMaxArgs] min has to be smaller than max, was: 2 >= 1");
  expect_error([] { q::fake_quant_with_min_max_args(x(), {.min = -1.5, .max = -1.5}); }, "was: -1.5 >= -1.5");
  expect_error([] { q::fake_quant_with_min_max_args(x(), {.num_bits = 17}); },
               "[FakeQuantWithMinMaxArgs] num_bits must be between 2 and 16, inclusive, got 17");
  expect_error([] { q::fake_quant_with_min_max_vars(x(), constant(-1.0f), constant(1.0f), {.num_bits = 1}); },
               "[FakeQuantWithMinMaxVars] num_bits must be between 2 and 16");
  expect_error([] { q::fake_quant_with_min_max_vars(x(), constant({-1.0f, -2.0f}), constant(1.0f)); },
               "[FakeQuantWithMinMaxVars] `min` must be rank 0 but is rank 1");
  expect_error([] { q::fake_quant_with_min_max_args_gradient(slice(g(), {0, 0}, {2, -1}), x()); },
               "[FakeQuantWithMinMaxArgsGradient] gradients and inputs must have the same shape: [2,6] != [4,6]");
  expect_error([] { q::fake_quant_with_min_max_vars_gradient(slice(g(), {0, 0}, {2, -1}), x(), constant(-1.0f), constant(1.0f)); },
               "[FakeQuantWithMinMaxVarsGradient] gradient and input must be the same size");
  expect_error([] { q::fake_quant_with_min_max_vars_per_channel(x(), mins(), maxs()); },
               "[FakeQuantWithMinMaxVarsPerChannel] min has incorrect size, expected 6 was 3");
  expect_error([] { q::fake_quant_with_min_max_vars_per_channel(reshape(x(), {8, 3}), mins(), constant({1.0f})); },
               "max has incorrect size, expected 3 was 1");
  expect_error([] { q::fake_quant_with_min_max_vars_per_channel(x(), constant(-1.0f), constant(1.0f)); },
               "`min` must be rank 1 but is rank 0");
  expect_error([] { q::fake_quant_with_min_max_vars_per_channel(constant(1.0f), mins(), maxs()); },
               "inputs must have rank at least 1, got shape []");
  expect_error([] { q::fake_quant_with_min_max_vars_per_channel_gradient(constant(1.0f), constant(1.0f), mins(), maxs()); },
               "inputs must have rank at least 1");
  expect_error([] { q::fake_quant_with_min_max_args(cast(x(), float64)); },
               "[FakeQuantWithMinMaxArgs] inputs must be float32, got float64 [4,6]");
  expect_error([] { q::fake_quant_with_min_max_vars(x(), constant(-1.0), constant(1.0f)); }, "min must be float32, got float64");
}

TEST(FakeQuant, TracedOpsGiveTheEagerValuesAndGradients) {
  auto f = function([](Tensor v, Tensor lo, Tensor hi) {
    GradientTape tape;
    tape.watch(v);
    tape.watch(lo);
    tape.watch(hi);
    const Tensor y = q::fake_quant_with_min_max_vars_per_channel(v, lo, hi, {.num_bits = 5});
    const std::vector<Tensor> grads = tape.gradient(reduce_sum(y * y), {v, lo, hi});
    return concat({reshape(y, {-1}), reshape(grads[0], {-1}), grads[1], grads[2]}, 0);
  });
  const Tensor v = reshape(x(), {8, 3});
  GradientTape tape;
  tape.watch(v);
  const Tensor lo = mins(), hi = maxs();
  tape.watch(lo);
  tape.watch(hi);
  const Tensor y = q::fake_quant_with_min_max_vars_per_channel(v, lo, hi, {.num_bits = 5});
  const std::vector<Tensor> grads = tape.gradient(reduce_sum(y * y), {v, lo, hi});
  const Tensor eager = concat({reshape(y, {-1}), reshape(grads[0], {-1}), grads[1], grads[2]}, 0);
  const std::vector<double> a = testing::flat_values(f(v, lo, hi)), b = testing::flat_values(eager);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_FLOAT_EQ(a[i], b[i]) << i;
}

TEST(FakeQuant, GradientOpsAreNotDifferentiable) {
  const Tensor v = x(), grads = g();
  GradientTape tape;
  tape.watch(grads);
  const Tensor out = q::fake_quant_with_min_max_args_gradient(grads, v);
  EXPECT_FALSE(tape.gradient(reduce_sum(out), grads).defined());
}

// One test for every comparison with TensorFlow: each test process starts TensorFlow's script once.
TEST(FakeQuant, MatchesTensorFlow) {
  {
    SCOPED_TRACE("BadArgumentsRaise");
    bad_arguments_raise();
  }
  {
    SCOPED_TRACE("ForwardOpsMatchTensorFlow");
    forward_ops_match_tensorflow();
  }
  {
    SCOPED_TRACE("GradientOpsMatchTensorFlow");
    gradient_ops_match_tensorflow();
  }
}

}  // namespace
}  // namespace tf

// tf::quantization::quantize_and_dequantize_v2 / quantize_and_dequantize compared with TensorFlow
// 2.21 in the same run (quantize_and_dequantize_reference.py): the input's own range and a given
// one, both rounding modes, signed, unsigned and narrow grids, per-slice axes, float64, the V4
// and V2 gradients (the ops are piecewise constant, so compared with TensorFlow's rather than with
// finite differences) and QuantizeAndDequantizeV4Grad, traced calls, and the errors.
#include <gtest/gtest.h>

#include "ops/complex/complex_test_util.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/quantize_and_dequantize.h"

namespace tf {
namespace {

using testing::expect_error;
using testing::expect_values;
using testing::real_pattern;
namespace q = tf::quantization;
using V = const std::vector<Tensor>&;

const std::map<std::string, std::string>& tensorflow() {
  static const auto blocks = testing::read_blocks("tests/ops/array/quantize_and_dequantize_reference.py");
  return blocks;
}

Tensor x() { return real_pattern({4, 6}, float32) * 3.0f; }
Tensor zero() { return constant(0.0f); }

void values_match_tensorflow() {
  const auto f = q::quantize_and_dequantize_v2;
  expect_values(tensorflow(), "own_range", f(x(), zero(), zero(), {}), 0);
  expect_values(tensorflow(), "given_3bit", f(x(), constant(-1.0f), constant(2.0f), {.num_bits = 3, .range_given = true}), 0);
  expect_values(tensorflow(), "half_up",
                f(x(), constant(-1.0f), constant(2.0f), {.num_bits = 3, .range_given = true, .round_mode = "HALF_UP"}), 0);
  expect_values(tensorflow(), "unsigned_narrow",
                f(x(), constant(-1.0f), constant(2.0f),
                  {.signed_input = false, .num_bits = 3, .range_given = true, .narrow_range = true}),
                0);
  expect_values(tensorflow(), "signed_narrow",
                f(x(), constant(-1.5f), constant(0.5f), {.num_bits = 4, .range_given = true, .narrow_range = true}), 0);
  expect_values(tensorflow(), "axis0", f(x(), zero(), zero(), {.num_bits = 4, .axis = 0}), 0);
  expect_values(tensorflow(), "axis_last", f(reshape(x(), {2, 3, 4}), zero(), zero(), {.num_bits = 5, .axis = -1}), 0);
  expect_values(tensorflow(), "axis_middle",
                f(reshape(x(), {2, 3, 4}), zero(), zero(), {.num_bits = 3, .round_mode = "HALF_UP", .axis = 1}), 0);
  expect_values(tensorflow(), "zero_range", f(x(), constant(-0.0f), zero(), {.range_given = true}), 0);
  EXPECT_TRUE(std::signbit(f(x(), constant(-0.0f), zero(), {.range_given = true}).numpy<float>()[0]));  // TensorFlow's -0
  expect_values(tensorflow(), "one_bit", f(x(), zero(), zero(), {.num_bits = 1}), 0);
  expect_values(tensorflow(), "float64",
                f(cast(x(), float64), constant(-1.0), constant(2.0), {.num_bits = 7, .range_given = true}), 0);
  expect_values(tensorflow(), "v1",
                q::quantize_and_dequantize(x(), constant(-1.0f), constant(2.0f), {.num_bits = 3, .range_given = true}), 0);
}

void gradients_match_tensorflow() {
  const auto check = [](const char* name, std::function<Tensor(V)> fn, std::vector<Tensor> xs) {
    expect_values(tensorflow(), name, testing::tape_gradients(fn, xs), 0);
  };
  check("grad_given", [](V v) { return q::quantize_and_dequantize_v2(v[0], v[1], v[2], {.range_given = true}); },
        {x(), constant(-1.0f), constant(2.0f)});
  check("grad_own_range", [](V v) { return q::quantize_and_dequantize_v2(v[0], v[1], v[2], {.num_bits = 4}); },
        {x(), constant(-1.0f), constant(2.0f)});
  check("grad_axis0", [](V v) { return q::quantize_and_dequantize_v2(v[0], v[1], v[2], {.num_bits = 4, .axis = 0}); },
        {x(), constant({-1.0f, 0.0f, -2.0f, 0.5f}), constant({1.0f, 0.2f, 3.0f, 4.0f})});
  check("grad_v1",
        [](V v) { return q::quantize_and_dequantize(v[0], constant(-1.0f), constant(2.0f), {.num_bits = 3, .range_given = true}); },
        {x()});
  const q::QuantizeAndDequantizeGradients g = q::quantize_and_dequantize_v4_grad(
      real_pattern({4, 6}, float32, 29, 13, 6), x(), constant({-1.0f, 0.0f, -2.0f, 0.5f}), constant({1.0f, 0.2f, 3.0f, 4.0f}), 0);
  expect_values(tensorflow(), "v4_grad_op", concat({reshape(g.input_backprop, {-1}), g.input_min_backprop, g.input_max_backprop}, 0),
                0);
}

void bad_arguments_raise() {
  for (const char* name : {"err_range", "err_bits_0", "err_bits_62", "err_axis", "err_round_mode", "err_given_axis"})
    EXPECT_EQ(tensorflow().at(name), "InvalidArgumentError") << name;
  EXPECT_EQ(tensorflow().at("err_half"), "NotFoundError");
  const auto f = q::quantize_and_dequantize_v2;
  expect_error([&] { f(x(), constant(2.0f), constant(1.0f), {.range_given = true}); },
               "[QuantizeAndDequantizeV4] Invalid range: input_min 2 > input_max 1");
  expect_error([&] { f(x(), zero(), zero(), {.num_bits = 0}); }, "num_bits is out of range: 0 with signed_input_ 1");
  expect_error([&] { f(x(), zero(), zero(), {.num_bits = 62}); }, "num_bits is out of range: 62 with signed_input_ 1");
  expect_error([&] { f(x(), zero(), zero(), {.signed_input = false, .num_bits = 63}); }, "num_bits is out of range: 63 with signed_input_ 0");
  expect_error([&] { f(x(), zero(), zero(), {.axis = 2}); }, "Shape must be at least rank 3 but is rank 2");
  expect_error([&] { f(x(), zero(), zero(), {.round_mode = "HALF_AWAY"}); }, "round_mode must be HALF_TO_EVEN or HALF_UP, got HALF_AWAY");
  expect_error([&] { f(x(), ones({4}), ones({4}), {.range_given = true, .axis = 0}); }, "input_min must be a scalar, got shape [4]");
  expect_error([&] { f(x(), zero(), zero(), {.range_given = true, .axis = 0}); },
               "Shape must be rank 1 for input_min_tensor when the axis is specified");
  expect_error([&] { f(x(), constant(0.0), zero(), {}); }, "input 1 must be float32 like the input, got float64 []");
  expect_error([&] { f(cast(x(), int32), constant(0), constant(0), {}); }, "input must be float32 or float64, got int32 [4,6]");
  EXPECT_THROW(f(cast(x(), float16), cast(zero(), float16), cast(zero(), float16), {}), NotFoundError);
  expect_error([&] { q::quantize_and_dequantize_v4_grad(x(), x(), ones({2}), zero(), -1); }, "input_min must be a scalar, got shape [2]");
  expect_error([&] { q::quantize_and_dequantize_v4_grad(x(), x(), ones({2}), ones({2}), 0); },
               "input_min must be a vector of the 4 slices along axis 0, got shape [2]");
}

TEST(QuantizeAndDequantize, TracedGivesTheEagerValues) {
  auto f = function([](Tensor v) {
    return q::quantize_and_dequantize_v2(v, constant(-1.0f), constant(2.0f), {.num_bits = 3, .range_given = true}) +
           q::quantize_and_dequantize_v2(v, zero(), zero(), {.num_bits = 4, .axis = 1});
  });
  const Tensor want = q::quantize_and_dequantize_v2(x(), constant(-1.0f), constant(2.0f), {.num_bits = 3, .range_given = true}) +
                      q::quantize_and_dequantize_v2(x(), zero(), zero(), {.num_bits = 4, .axis = 1});
  EXPECT_EQ(f(x()).numpy<float>(), want.numpy<float>());
}

// One test for every comparison with TensorFlow: each test process starts TensorFlow's script once.
TEST(QuantizeAndDequantize, MatchesTensorFlow) {
  {
    SCOPED_TRACE("BadArgumentsRaise");
    bad_arguments_raise();
  }
  {
    SCOPED_TRACE("ValuesMatchTensorFlow");
    values_match_tensorflow();
  }
  {
    SCOPED_TRACE("GradientsMatchTensorFlow");
    gradients_match_tensorflow();
  }
}

}  // namespace
}  // namespace tf

// tf::nn::isotonic_regression: values, segments, dtypes and tape gradients as TensorFlow 2.21's
// (isotonic_regression_tf.py, in the same run), finite-difference gradients for ranks 1 to 3 (where
// TensorFlow's own gradient is right for matrices only), a traced call, and the errors.
#include <gtest/gtest.h>


#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "ops/reference_values.h"
#include "tfpp/isotonic_regression.h"

namespace tf {
namespace {

using nn::isotonic_regression;
using nn::IsotonicRegressionOptions;
using testing::error_of;

const std::string& tensorflow_results() {
  static const std::string out = testing::reference_output("ops/nn/isotonic_regression_tf.py");
  return out;
}

std::string text(const Tensor& t) { return testing::exact_text(t); }

// The first values of 3 1 2 5 4 0 1 2 3 1 1 9 in `shape` and `dtype` (float16 ones plus 0.1), as the Python side makes them.
Tensor values(const TensorShape& shape, DType dtype) {
  const std::vector<double> all = {3, 1, 2, 5, 4, 0, 1, 2, 3, 1, 1, 9};
  const Tensor x = cast(constant(std::vector<double>(all.begin(), all.begin() + shape.num_elements()), shape), dtype);
  return dtype == float16 ? x + cast(constant(0.1), float16) : x;
}

std::string ours(const TensorShape& shape, DType dtype, const IsotonicRegressionOptions& options = {},
                 bool gradient = false) {
  const Tensor x = values(shape, dtype);
  GradientTape tape;
  tape.watch(x);
  const auto [out, segments] = isotonic_regression(x, options);
  std::string lines = std::string(dtype_name(out.dtype())) + " " + text(out) + "\n" +
                      std::string(dtype_name(segments.dtype())) + " " + text(segments) + "\n";
  if (gradient) {
    const Tensor w = cast(reshape(range(1, out.num_elements() + 1), tf::shape(out)), out.dtype());
    lines += text(tape.gradient(reduce_sum(out * w), x)) + "\n";
  }
  return lines;
}

TEST(IsotonicRegression, ValuesSegmentsAndGradientsAreTensorFlows) {
  const std::string& tf_out = tensorflow_results();
  const auto check = [&](const std::string& name, const std::string& got) {
    EXPECT_EQ(got, testing::block(tf_out, name)) << name;
  };
  check("matrix", ours({2, 6}, float32, {}, true));
  check("increasing_axis0", ours({4, 3}, float64, {.decreasing = false, .axis = 0}, true));
  check("increasing_last", ours({3, 4}, float32, {.decreasing = false, .axis = 1}, true));
  check("rank1", ours({12}, float32));
  check("rank3_axis1", ours({2, 3, 2}, float64, {.axis = 1}));
  check("int32", ours({2, 6}, int32));
  check("int64", ours({2, 6}, int64, {.decreasing = false}));
  check("int8", ours({2, 6}, int8));
  check("int16", ours({12}, int16, {.decreasing = false}));
  check("float16", ours({2, 6}, float16));
  check("bfloat16", ours({2, 6}, bfloat16, {.decreasing = false}));
}

// Random inputs (no two pools with equal means) keep the pools under small changes, where the fit is differentiable.
TEST(IsotonicRegression, GradientsMatchFiniteDifferences) {
  for (const TensorShape& shape : {TensorShape{9}, TensorShape{3, 7}, TensorShape{2, 3, 4}})
    for (bool decreasing : {true, false})
      for (std::int64_t axis : {std::int64_t{-1}, std::int64_t{0}}) {
        const Tensor x = testing::random_tensor(shape, 11);
        const auto f = [&](const std::vector<Tensor>& in) {
          return isotonic_regression(in[0], {.decreasing = decreasing, .axis = axis}).output;
        };
        EXPECT_LT(testing::max_gradient_error(f, {x}), 1e-6) << shape.debug_string() << " " << decreasing << " " << axis;
      }
}

TEST(IsotonicRegression, TracedAndEmptyAndScalar) {
  auto traced = function([](const Tensor& x) { return isotonic_regression(x, {.decreasing = false}).output; });
  const Tensor x = values({3, 4}, float32);
  EXPECT_EQ(text(traced(x)), text(isotonic_regression(x, {.decreasing = false}).output));
  EXPECT_EQ(isotonic_regression(zeros({2, 0})).output.shape(), TensorShape({2, 0}));
  const auto [scalar, segment] = isotonic_regression(constant(3.0f));
  EXPECT_EQ(text(scalar) + " " + text(segment), "3 0");
  GradientTape tape;
  const Tensor s = constant(2.0);
  tape.watch(s);
  EXPECT_EQ(text(tape.gradient(isotonic_regression(s).output * 3.0, s)), "3");
}

TEST(IsotonicRegression, Errors) {
  const Tensor x = values({4, 3}, float32);
  EXPECT_EQ(error_of([&] { isotonic_regression(x, {.axis = 2}); }),
            "[IsotonicRegression] `dim` must be in the range [-2, 2) where 2 is the number of dimensions in the input. "
            "Received: dim=2");
  EXPECT_EQ(error_of([&] { isotonic_regression(cast(x, tf::bool_)); }),
            "[IsotonicRegression] Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
            "uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64");
  EXPECT_THROW(isotonic_regression(cast(x, uint8)), NotFoundError);
}

}  // namespace
}  // namespace tf

// tf::linalg::sqrtm and logm compared with TensorFlow 2.21 in the same run
// (matrix_functions_reference.py): values in every dtype TensorFlow registers, TensorFlow's tape
// gradient of sqrtm, finite differences, the missing logm gradient and the error paths.
#include <gtest/gtest.h>

#include <functional>

#include "autodiff/gradient_checker.h"
#include "ops/complex/complex_test_util.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_matrix_functions.h"
#include "tfpp/linalg_ops.h"

namespace tf {
namespace {

using linalg::logm;
using linalg::sqrtm;
using testing::complex_pattern;
using testing::expect_error;
using testing::expect_values;
using testing::real_pattern;
using V = const std::vector<Tensor>&;

const std::map<std::string, std::string>& tensorflow() {
  static const auto blocks = testing::read_blocks("tests/ops/linalg/matrix_functions_reference.py");
  return blocks;
}

// The pattern plus 3 I: eigenvalues near 3, so principal square roots and logarithms exist.
Tensor shifted(const TensorShape& shape, DType dtype = float64) {
  const Tensor base = is_complex(dtype) ? complex_pattern(shape, dtype) : real_pattern(shape, dtype);
  return base + cast(eye(shape.dim(-1), -1, float64) * 3.0, dtype);
}

constexpr double kTol = 1e-12, kTol32 = 2e-5;

void values_match_tensorflow() {
  expect_values(tensorflow(), "sqrtm", sqrtm(shifted({2, 3, 3})), kTol);
  expect_values(tensorflow(), "sqrtm32", sqrtm(shifted({4, 4}, float32)), kTol32);
  expect_values(tensorflow(), "sqrtm_complex", sqrtm(complex_pattern({3, 3})), kTol);
  expect_values(tensorflow(), "sqrtm_complex64", sqrtm(shifted({2, 2, 2}, complex64)), kTol32);
  expect_values(tensorflow(), "sqrtm_negative", sqrtm(constant({{-1.0, 0.0}, {0.0, 4.0}})), 0);
  EXPECT_EQ(sqrtm(zeros({2, 0, 0})).shape(), TensorShape({2, 0, 0}));
  expect_values(tensorflow(), "logm", logm(shifted({2, 3, 3}, complex128)), kTol);
  expect_values(tensorflow(), "logm_complex", logm(complex_pattern({3, 3})), kTol);
  expect_values(tensorflow(), "logm64", logm(shifted({4, 4}, complex64)), kTol32);
  expect_values(tensorflow(), "logm_of_real", logm(complex(shifted({3, 3}), zeros({3, 3}, float64))), kTol);
}

void gradients_match_tensorflow() {
  const auto check = [](const char* name, std::function<Tensor(V)> f, std::vector<Tensor> xs) {
    expect_values(tensorflow(), name, testing::tape_gradients(f, xs), 1e-10);
  };
  check("grad_sqrtm", [](V v) { return sqrtm(v[0]); }, {shifted({2, 3, 3})});
  check("grad_sqrtm_complex", [](V v) { return sqrtm(v[0]); }, {shifted({3, 3}, complex128)});
  EXPECT_EQ(tensorflow().at("grad_logm"), "LookupError");
  EXPECT_THROW(testing::tape_gradients([](V v) { return logm(v[0]); }, {shifted({2, 2}, complex128)}), LookupError);
}

void bad_arguments_raise() {
  for (const char* name : {"err_logm_real", "err_square", "err_rank", "err_int", "err_logm_square"})
    EXPECT_EQ(tensorflow().at(name), "InvalidArgumentError") << name;
  expect_error([] { logm(eye(2)); }, "[MatrixLogarithm]");
  expect_error([] { sqrtm(ones({2, 3})); }, "[MatrixSquareRoot] Input matrix must be square");
  expect_error([] { sqrtm(ones({3})); }, "[MatrixSquareRoot] Input tensor 0 must have rank >= 2");
  expect_error([] { sqrtm(ones({2, 2}, int32)); }, "[MatrixSquareRoot]");
  expect_error([] { logm(ones({2, 3}, complex64)); }, "[MatrixLogarithm] Input matrix must be square");
}

TEST(MatrixFunctions, SqrtmGradientMatchesFiniteDifferences) {
  EXPECT_LT(testing::max_gradient_error([](V v) { return sqrtm(v[0]) * testing::weights_like(v[0]); }, {shifted({2, 3, 3})}),
            1e-6);
}

// sqrtm(a) squared gives a back, for real and complex matrices.
TEST(MatrixFunctions, InvertTheirDefinitions) {
  const Tensor a = shifted({2, 4, 4});
  const std::vector<double> square = testing::flat_values(matmul(sqrtm(a), sqrtm(a))), want = testing::flat_values(a);
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(square[i], want[i], 1e-12) << i;
  const Tensor c = shifted({3, 3}, complex128);
  const std::vector<double> back = testing::flat_values(matmul(sqrtm(c), sqrtm(c))), c_values = testing::flat_values(c);
  for (std::size_t i = 0; i < c_values.size(); ++i) EXPECT_NEAR(back[i], c_values[i], 1e-12) << i;
}

// One test for every comparison with TensorFlow: each test process starts TensorFlow's script once.
TEST(MatrixFunctions, MatchesTensorFlow) {
  {
    SCOPED_TRACE("ValuesMatchTensorFlow");
    values_match_tensorflow();
  }
  {
    SCOPED_TRACE("GradientsMatchTensorFlow");
    gradients_match_tensorflow();
  }
  {
    SCOPED_TRACE("BadArgumentsRaise");
    bad_arguments_raise();
  }
}

}  // namespace
}  // namespace tf

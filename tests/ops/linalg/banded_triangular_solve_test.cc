// tf::linalg::banded_triangular_solve compared with TensorFlow 2.21 in the same run
// (banded_reference.py): lower and upper bands, adjoint solves, complex dtypes, broadcast batch
// dimensions, TensorFlow's tape gradients, finite differences, traced calls and the error paths.
#include <gtest/gtest.h>

#include <functional>

#include "autodiff/gradient_checker.h"
#include "ops/complex/complex_test_util.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/linalg_banded.h"

namespace tf {
namespace {

using linalg::banded_triangular_solve;
using testing::complex_pattern;
using testing::expect_error;
using testing::expect_values;
using testing::real_pattern;
using V = const std::vector<Tensor>&;

const std::map<std::string, std::string>& tensorflow() {
  static const auto blocks = testing::read_blocks("tests/ops/linalg/banded_reference.py");
  return blocks;
}

constexpr double kTol = 1e-12, kTol32 = 2e-6;

// banded_reference.py's bands: the pattern plus 2, so diagonals stay away from zero.
Tensor bands_of(const TensorShape& shape, DType dtype = float64) {
  const Tensor base = is_complex(dtype) ? complex_pattern(shape, dtype) : real_pattern(shape, dtype);
  return base + cast(constant(2.0), dtype);
}

std::string suffix(bool lower, bool adjoint) { return std::string(lower ? "_lower" : "_upper") + (adjoint ? "_adjoint" : ""); }

void values_and_gradients_match_tensorflow() {
  const Tensor b = bands_of({3, 5}), rhs = real_pattern({5, 2}, float64, 29, 13, 6);
  const Tensor bc = bands_of({2, 4}, complex128), rc = complex_pattern({4, 2});
  for (const bool lower : {true, false})
    for (const bool adjoint : {false, true}) {
      const auto solve = [=](V v) { return banded_triangular_solve(v[0], v[1], lower, adjoint); };
      expect_values(tensorflow(), "solve" + suffix(lower, adjoint), solve({b, rhs}), kTol);
      expect_values(tensorflow(), "grad" + suffix(lower, adjoint), testing::tape_gradients(solve, {b, rhs}), 1e-10);
      expect_values(tensorflow(), "complex" + suffix(lower, adjoint), solve({bc, rc}), kTol);
      expect_values(tensorflow(), "grad_complex" + suffix(lower, adjoint), testing::tape_gradients(solve, {bc, rc}), 1e-10);
    }
  expect_values(tensorflow(), "one_band", banded_triangular_solve(slice(b, {0, 0}, {1, -1}), rhs), kTol);
  expect_values(tensorflow(), "float32", banded_triangular_solve(cast(b, float32), cast(rhs, float32), false), kTol32);
  const Tensor bb = bands_of({2, 1, 2, 4}), rb = real_pattern({3, 4, 3}, float64, 23, 7, 3);
  expect_values(tensorflow(), "broadcast", banded_triangular_solve(bb, rb), kTol);
  EXPECT_EQ(banded_triangular_solve(bb, rb).shape(), TensorShape({2, 3, 4, 3}));
  expect_values(tensorflow(), "grad_broadcast",
                testing::tape_gradients([](V v) { return banded_triangular_solve(v[0], v[1]); }, {bb, rb}), 1e-10);
  expect_values(tensorflow(), "complex64", banded_triangular_solve(cast(bc, complex64), cast(rc, complex64)), kTol32);
  expect_values(tensorflow(), "more_bands", banded_triangular_solve(ones({4, 3}), ones({3, 1})), 0);
  expect_values(tensorflow(), "singular_later", banded_triangular_solve(stack({ones({2, 3}), zeros({2, 3})}), ones({3, 1})), 0);
}

void bad_arguments_raise() {
  for (const char* name : {"err_rank", "err_size", "err_singular", "err_empty", "err_batch", "err_dtype", "err_int"})
    EXPECT_EQ(tensorflow().at(name), "InvalidArgumentError") << name;
  EXPECT_EQ(tensorflow().at("err_traced_bands"), "ValueError");  // a shape function's error while tracing
  const Tensor b = bands_of({3, 5});
  expect_error([&] { banded_triangular_solve(b, ones({5}, float64)); }, "[BandedTriangularSolve] In[1] ndims must be >= 2: 1");
  expect_error([&] { banded_triangular_solve(b, ones({4, 1}, float64)); }, "In[0] mismatch In[1] shape: 5 vs. 4");
  expect_error([] { banded_triangular_solve(zeros({2, 3}), ones({3, 1})); }, "[BandedTriangularSolve] Input matrix is not invertible.");
  expect_error([] { banded_triangular_solve(ones({2, 3}), ones({3, 0})); }, "In[1] must not be an empty tensor");
  expect_error([] { banded_triangular_solve(ones({2, 2, 3}), ones({3, 3, 1})); }, "In[0] and In[1] must have compatible batch dimensions");
  expect_error([] { banded_triangular_solve(ones({2, 3}), ones({3, 1}, float64)); }, "[BandedTriangularSolve]");
  expect_error([] { banded_triangular_solve(ones({2, 3}, int32), ones({3, 1}, int32)); }, "[BandedTriangularSolve]");
  auto traced = function([](Tensor x, Tensor y) { return banded_triangular_solve(x, y); });
  expect_error([&] { traced(ones({5, 3}), ones({3, 2})); }, "Number of bands 5 cannot exceed the size of the matrix 3");
}

TEST(BandedTriangularSolve, GradientsMatchFiniteDifferences) {
  const Tensor b = bands_of({3, 5}), rhs = real_pattern({5, 2}, float64, 29, 13, 6);
  for (const bool lower : {true, false})
    for (const bool adjoint : {false, true})
      EXPECT_LT(testing::max_gradient_error([=](V v) { return banded_triangular_solve(v[0], v[1], lower, adjoint); }, {b, rhs}),
                1e-6)
          << suffix(lower, adjoint);
  EXPECT_LT(testing::max_gradient_error([](V v) { return banded_triangular_solve(v[0], v[1]); },
                                        {bands_of({2, 1, 2, 4}), real_pattern({3, 4, 3}, float64, 23, 7, 3)}),
            1e-6);
}

TEST(BandedTriangularSolve, TracedGivesTheEagerValues) {
  auto f = function([](Tensor x, Tensor y) { return banded_triangular_solve(x, y, false, true); });
  const Tensor b = bands_of({3, 5}), rhs = real_pattern({5, 2}, float64, 29, 13, 6);
  const std::vector<double> traced = testing::flat_values(f(b, rhs)),
                            eager = testing::flat_values(banded_triangular_solve(b, rhs, false, true));
  ASSERT_EQ(traced.size(), eager.size());
  for (std::size_t i = 0; i < traced.size(); ++i) EXPECT_DOUBLE_EQ(traced[i], eager[i]);
}

// One test for every comparison with TensorFlow: each test process starts TensorFlow's script once.
TEST(BandedTriangularSolve, MatchesTensorFlow) {
  {
    SCOPED_TRACE("ValuesAndGradientsMatchTensorFlow");
    values_and_gradients_match_tensorflow();
  }
  {
    SCOPED_TRACE("BadArgumentsRaise");
    bad_arguments_raise();
  }
}

}  // namespace
}  // namespace tf

// tf::linalg::tridiagonal_solve compared with TensorFlow 2.21 in the same run
// (tridiagonal_reference.py): the three formats, pivoting, Thomas and perturbed solves, complex
// dtypes, singular systems, TensorFlow's tape gradients, finite differences, traced calls and errors.
#include <gtest/gtest.h>

#include <functional>

#include "autodiff/gradient_checker.h"
#include "ops/complex/complex_test_util.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/linalg_tridiagonal.h"
#include "tfpp/matrix_ops.h"

namespace tf {
namespace {

using linalg::tridiagonal_solve;
using testing::complex_pattern;
using testing::expect_error;
using testing::expect_values;
using testing::real_pattern;
using V = const std::vector<Tensor>&;

const std::map<std::string, std::string>& tensorflow() {
  static const auto blocks = testing::read_blocks("tests/ops/linalg/tridiagonal_reference.py");
  return blocks;
}

constexpr double kTol = 1e-12, kTol32 = 2e-5;

// t[..., i, :] and t[i] for the reference script's slicing.
Tensor row(const Tensor& t, std::int64_t i) { return gather(t, {i}, {.axis = t.shape().rank() - 2}); }
Tensor column(const Tensor& t, std::int64_t j) { return squeeze(slice(t, {0, j}, {-1, 1}), {1}); }

void values_match_tensorflow() {
  const Tensor d = real_pattern({3, 5}), rhs = real_pattern({5, 2}, float64, 29, 13, 6);
  expect_values(tensorflow(), "compact", tridiagonal_solve(d, rhs), kTol);
  expect_values(tensorflow(), "thomas", tridiagonal_solve(d, rhs, "compact", {.partial_pivoting = false}), kTol);
  expect_values(tensorflow(), "perturb", tridiagonal_solve(d, rhs, "compact", {.perturb_singular = true}), kTol);
  expect_values(tensorflow(), "vector", tridiagonal_solve(d, column(rhs, 0)), kTol);
  expect_values(tensorflow(), "float32", tridiagonal_solve(cast(d, float32), cast(rhs, float32)), kTol32);
  const Tensor db = real_pattern({2, 3, 4}, float64, 41, 9, 4), rb = real_pattern({2, 3, 4}, float64, 23, 7, 3);
  expect_values(tensorflow(), "batch_transpose", tridiagonal_solve(db, rb, "compact", {.transpose_rhs = true}), kTol);
  expect_values(tensorflow(), "batch_vector", tridiagonal_solve(db, squeeze(row(rb, 0), {1})), kTol);
  const Tensor dc = complex_pattern({3, 4}), rc = complex_pattern({2, 4});
  expect_values(tensorflow(), "complex_transpose_conjugate",
                tridiagonal_solve(dc, rc, "compact", {.transpose_rhs = true, .conjugate_rhs = true}), kTol);
  expect_values(tensorflow(), "complex_conjugate_vector",
                tridiagonal_solve(dc, squeeze(row(rc, 0), {0}), "compact", {.conjugate_rhs = true}), kTol);
  expect_values(tensorflow(), "complex64_thomas",
                tridiagonal_solve(cast(dc, complex64), cast(transpose(rc), complex64), "compact", {.partial_pivoting = false}),
                kTol32);
  expect_values(tensorflow(), "complex_perturb", tridiagonal_solve(dc, transpose(rc), "compact", {.perturb_singular = true}),
                kTol);
  const std::vector<Tensor> diagonals = unstack(d, 0);
  expect_values(tensorflow(), "sequence",
                tridiagonal_solve({slice(diagonals[0], {0}, {4}), diagonals[1], slice(diagonals[2], {1}, {4})}, rhs), kTol);
  expect_values(tensorflow(), "sequence_full", tridiagonal_solve({diagonals[0], diagonals[1], diagonals[2]}, rhs), kTol);
  const Tensor m = real_pattern({2, 4, 4}, float64, 31, 17, 8);
  expect_values(tensorflow(), "matrix", tridiagonal_solve(m, transpose(rb, {0, 2, 1}), "matrix"), kTol);
}

void singular_systems_match_tensorflow() {
  const Tensor singular = constant({{2.0, 0.0, 0.0}, {1.0, 2.0, 1.0}, {0.0, 1.0, 1.0}}), ones3 = ones({3}, float64);
  expect_values(tensorflow(), "singular", tridiagonal_solve(singular, ones3), 0);
  expect_values(tensorflow(), "singular_thomas", tridiagonal_solve(singular, ones3, "compact", {.partial_pivoting = false}), 0);
  expect_values(tensorflow(), "singular_perturbed", tridiagonal_solve(singular, ones3, "compact", {.perturb_singular = true}),
                kTol);
  expect_values(tensorflow(), "singular_complex", tridiagonal_solve(complex(singular, singular), complex(ones3, ones3)), 0);
  expect_values(tensorflow(), "one", tridiagonal_solve(constant({{1.0f}, {4.0f}, {2.0f}}), constant({{3.0f, 1.0f}})), 0);
  const Tensor zero_one = constant({{1.0f}, {0.0f}, {2.0f}});
  expect_values(tensorflow(), "one_zero", tridiagonal_solve(zero_one, constant({3.0f})), 0);
  expect_values(tensorflow(), "one_zero_perturbed", tridiagonal_solve(zero_one, constant({3.0f}), "compact", {.perturb_singular = true}),
                1e-7);
  EXPECT_EQ(tridiagonal_solve(zeros({3, 0}), zeros({0, 2})).shape(), TensorShape({0, 2}));
}

void gradients_match_tensorflow() {
  const auto check = [](const char* name, std::function<Tensor(V)> f, std::vector<Tensor> xs) {
    expect_values(tensorflow(), name, testing::tape_gradients(f, xs), 1e-10);
  };
  const Tensor d = real_pattern({2, 3, 4}, float64, 41, 9, 4), rhs = real_pattern({2, 4, 3}, float64, 23, 7, 3);
  check("grad", [](V v) { return tridiagonal_solve(v[0], v[1]); }, {d, rhs});
  check("grad_thomas", [](V v) { return tridiagonal_solve(v[0], v[1], "compact", {.partial_pivoting = false}); }, {d, rhs});
  check("grad_vector", [](V v) { return tridiagonal_solve(v[0], v[1]); }, {d, squeeze(slice(rhs, {0, 0, 0}, {-1, -1, 1}), {2})});
  check("grad_transpose", [](V v) { return tridiagonal_solve(v[0], v[1], "compact", {.transpose_rhs = true}); },
        {d, transpose(rhs, {0, 2, 1})});
  check("grad_complex", [](V v) { return tridiagonal_solve(v[0], v[1], "compact", {.conjugate_rhs = true}); },
        {complex_pattern({3, 4}), complex_pattern({4, 2})});
  const std::vector<Tensor> first = unstack(unstack(d, 0)[0], 0);
  check("grad_sequence", [](V v) { return tridiagonal_solve({v[0], v[1], v[2]}, v[3]); },
        {slice(first[0], {0}, {3}), first[1], slice(first[2], {1}, {3}), unstack(rhs, 0)[0]});
  check("grad_matrix", [](V v) { return tridiagonal_solve(v[0], v[1], "matrix"); },
        {real_pattern({4, 4}, float64, 31, 17, 8), unstack(rhs, 0)[0]});
}

void bad_arguments_raise() {
  for (const char* name : {"err_rhs_rows", "err_batch", "err_three", "err_rank", "err_rhs_rank", "err_perturb", "err_format",
                           "err_sequence_length", "err_matrix_square"})
    EXPECT_EQ(tensorflow().at(name), "ValueError") << name;  // tfpp's C++: InvalidArgumentError named [tridiagonal_solve]
  for (const char* name : {"err_dtype", "err_int", "err_op_rank", "err_op_batch"})
    EXPECT_EQ(tensorflow().at(name), "InvalidArgumentError") << name;
  const Tensor d = ones({3, 3});
  expect_error([&] { tridiagonal_solve(d, ones({2})); },
               "[tridiagonal_solve] Expected number of left-hand sided and right-hand sides to be equal, got 3 and 2");
  expect_error([] { tridiagonal_solve(ones({2, 3, 3}), ones({3, 3, 1})); }, "[tridiagonal_solve] Batch shapes [2] and [3] are incompatible");
  expect_error([] { tridiagonal_solve(ones({4, 3}), ones({3, 1})); }, "[tridiagonal_solve] Expected 3 diagonals got 4");
  expect_error([] { tridiagonal_solve(ones({3}), ones({3})); }, "[tridiagonal_solve] Expected diagonals to have rank at least 2, got 1");
  expect_error([] { tridiagonal_solve(ones({2, 3, 3}), ones({2, 2, 3, 1})); }, "Expected the rank of rhs to be 2 or 3, got 4");
  expect_error([&] { tridiagonal_solve(d, ones({3, 1}, float64)); }, "[TridiagonalSolve]");
  expect_error([] { tridiagonal_solve(ones({3, 3}, int32), ones({3, 1}, int32)); }, "[TridiagonalSolve]");
  expect_error([&] { tridiagonal_solve(d, ones({3}), "compact", {.partial_pivoting = false, .perturb_singular = true}); },
               "partial_pivoting must be True if perturb_singular is.");
  expect_error([&] { tridiagonal_solve(d, ones({3}), "banded"); }, "Unrecognized diagonals_format: banded");
  expect_error([] { tridiagonal_solve({ones({1}), ones({3}), ones({2})}, ones({3})); },
               "Expected superdiagonal to be have length 3 or 2, got 1.");
  expect_error([] { tridiagonal_solve(ones({3, 4}), ones({3}), "matrix"); },
               "Expected last two dimensions of diagonals to be same, got 4 and 3");
}

TEST(TridiagonalSolve, GradientsMatchFiniteDifferences) {
  const auto weighted = [](const Tensor& out) { return out * testing::weights_like(out); };
  const Tensor d = real_pattern({2, 3, 4}, float64, 41, 9, 4), rhs = real_pattern({2, 4, 3}, float64, 23, 7, 3);
  for (const bool pivoting : {true, false})
    EXPECT_LT(testing::max_gradient_error(
                  [&](V v) { return weighted(tridiagonal_solve(v[0], v[1], "compact", {.partial_pivoting = pivoting})); },
                  {d, rhs}),
              1e-6);
  EXPECT_LT(testing::max_gradient_error([&](V v) { return weighted(tridiagonal_solve(v[0], v[1], "matrix")); },
                                        {real_pattern({4, 4}, float64, 31, 17, 8), unstack(rhs, 0)[0]}),
            1e-6);
}

// Solving and multiplying back gives the right-hand sides; traced calls give the eager values.
TEST(TridiagonalSolve, SolvesAndTraces) {
  const Tensor m = linalg::band_part(real_pattern({4, 4}, float64, 31, 17, 8), 1, 1), rhs = real_pattern({4, 2});
  const std::vector<double> back = testing::flat_values(matmul(m, tridiagonal_solve(m, rhs, "matrix"))),
                            want = testing::flat_values(rhs);
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(back[i], want[i], 1e-12) << i;
  auto f = function([](Tensor a, Tensor b) { return tridiagonal_solve(a, b, "compact", {.transpose_rhs = true}); });
  const Tensor d = real_pattern({2, 3, 4}, float64, 41, 9, 4), r = real_pattern({2, 3, 4}, float64, 23, 7, 3);
  const std::vector<double> traced = testing::flat_values(f(d, r)),
                            eager = testing::flat_values(tridiagonal_solve(d, r, "compact", {.transpose_rhs = true}));
  ASSERT_EQ(traced.size(), eager.size());
  for (std::size_t i = 0; i < traced.size(); ++i) EXPECT_DOUBLE_EQ(traced[i], eager[i]);
}

// One test for every comparison with TensorFlow: each test process starts TensorFlow's script once.
TEST(TridiagonalSolve, MatchesTensorFlow) {
  {
    SCOPED_TRACE("ValuesMatchTensorFlow");
    values_match_tensorflow();
  }
  {
    SCOPED_TRACE("SingularSystemsMatchTensorFlow");
    singular_systems_match_tensorflow();
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

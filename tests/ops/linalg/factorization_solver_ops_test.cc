// tf::linalg's inv, det, slogdet, logdet, cholesky, solve, triangular_solve, cholesky_solve,
// cross, matvec and normalize: values on known matrices (as TensorFlow 2.21 gives them),
// batches, empty matrices, static shapes when traced, and error paths.
#include <gtest/gtest.h>

#include <cmath>
#include <tfpp/linalg_determinants.h>
#include <tfpp/linalg_factorizations.h>
#include <tfpp/linalg_solvers.h>
#include <tfpp/linalg_vector_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"
#include "ops/linalg/linalg_test_util.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::TensorShape;
using tf::testing::contains;
using tf::testing::error_of;
using tf::testing::expect_near;
using D = std::vector<double>;


const Tensor kA = tf::constant({{4.0, 7.0}, {2.0, 6.0}});

TEST(MatrixInverse, InverseAndAdjoint) {
  expect_near(tf::linalg::inv(kA), {0.6, -0.7, -0.2, 0.4});
  expect_near(tf::linalg::inv(kA, true), {0.6, -0.2, -0.7, 0.4});
  const Tensor batch = tf::linalg::inv(tf::stack({kA, tf::eye(2, -1, tf::float64)}));
  EXPECT_EQ(batch.shape(), TensorShape({2, 2, 2}));
  expect_near(batch, {0.6, -0.7, -0.2, 0.4, 1, 0, 0, 1});
  EXPECT_EQ(tf::linalg::inv(tf::zeros({0, 0})).shape(), TensorShape({0, 0}));
  const Tensor f = tf::linalg::inv(tf::constant({{2.0f, 0.0f}, {0.0f, 4.0f}}));
  EXPECT_EQ(f.dtype(), tf::float32);
  EXPECT_EQ(f.numpy<float>(), (std::vector<float>{0.5f, 0, 0, 0.25f}));
}

TEST(MatrixInverse, Errors) {
  EXPECT_TRUE(contains(error_of([] { tf::linalg::inv(tf::constant({{1.0, 2.0}, {2.0, 4.0}})); }),
                       "[MatrixInverse] Input is not invertible."));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::inv(tf::ones({2, 3})); }), "[MatrixInverse] Input matrix must be square"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::inv(tf::ones({2})); }), "must have rank >= 2, got 1"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::inv(tf::constant({{1, 2}, {3, 4}})); }), "[MatrixInverse] does not support dtype int32"));
}

TEST(MatrixDeterminant, DetAndSlogdet) {
  expect_near(tf::linalg::det(kA), {10.0}, 1e-12);
  expect_near(tf::linalg::det(tf::constant({{1.0, 2.0}, {3.0, 4.0}})), {-2.0}, 1e-12);
  const auto [sign, log_abs] = tf::linalg::slogdet(tf::stack({kA, tf::constant({{1.0, 2.0}, {3.0, 4.0}})}));
  expect_near(sign, {1, -1});
  expect_near(log_abs, {std::log(10.0), std::log(2.0)});
  // Singular: sign 0 and -inf, det 0; empty matrices have determinant 1.
  const auto singular = tf::linalg::slogdet(tf::constant({{1.0, 2.0}, {2.0, 4.0}}));
  EXPECT_EQ(singular.sign.numpy<double>()[0], 0.0);
  EXPECT_EQ(singular.log_abs_determinant.numpy<double>()[0], -INFINITY);
  EXPECT_EQ(tf::linalg::det(tf::constant({{1.0, 2.0}, {2.0, 4.0}})).numpy<double>()[0], 0.0);
  expect_near(tf::linalg::det(tf::zeros({3, 0, 0}, tf::float64)), {1, 1, 1});
  EXPECT_EQ(tf::linalg::det(tf::zeros({0, 2, 2})).shape(), TensorShape({0}));
  expect_near(tf::linalg::logdet(tf::constant({{4.0, 2.0}, {2.0, 3.0}})), {std::log(8.0)});
  EXPECT_TRUE(contains(error_of([] { tf::linalg::det(tf::ones({2, 3})); }), "[MatrixDeterminant] Input matrix must be square"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::slogdet(tf::ones({3})); }), "[LogMatrixDeterminant]"));
}

TEST(Cholesky, FactorAndNotPositiveDefinite) {
  expect_near(tf::linalg::cholesky(tf::constant({{4.0, 2.0}, {2.0, 3.0}})), {2, 0, 1, std::sqrt(2.0)});
  // Only the lower triangle is read.
  expect_near(tf::linalg::cholesky(tf::constant({{4.0, 99.0}, {2.0, 3.0}})), {2, 0, 1, std::sqrt(2.0)});
  const D bad = tf::linalg::cholesky(tf::constant({{1.0, 2.0}, {2.0, 1.0}})).numpy<double>();
  EXPECT_TRUE(std::isnan(bad[0]) && std::isnan(bad[2]) && std::isnan(bad[3]));
  EXPECT_EQ(bad[1], 0.0);
  EXPECT_TRUE(contains(error_of([] { tf::linalg::cholesky(tf::ones({2, 3})); }), "[Cholesky] Input matrix must be square"));
}

TEST(MatrixSolve, SolveAndAdjoint) {
  const Tensor a = tf::constant({{3.0, 1.0}, {1.0, 2.0}}), b = tf::constant({{9.0}, {8.0}});
  expect_near(tf::linalg::solve(a, b), {2, 3});
  expect_near(tf::linalg::solve(kA, tf::constant({{11.0}, {13.0}}), true), {4, -2.5}, 1e-12);  // kA^T x = b
  EXPECT_TRUE(contains(error_of([] { tf::linalg::solve(tf::constant({{1.0, 2.0}, {2.0, 4.0}}), tf::ones({2, 1}, tf::float64)); }),
                       "[MatrixSolve] Input matrix is not invertible."));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::solve(tf::eye(2), tf::ones({3, 1})); }), "Input matrix and rhs are incompatible"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::solve(tf::ones({3, 2, 2}), tf::ones({2, 1})); }), "same rank"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::solve(tf::ones({3, 2, 2}), tf::ones({2, 2, 1})); }), "same outer dimensions"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::solve(tf::eye(2), tf::ones({2, 1}, tf::float64)); }), "[MatrixSolve]"));
}

TEST(MatrixTriangularSolve, LowerUpperAdjointBroadcast) {
  const Tensor l = tf::constant({{2.0, 99.0}, {1.0, 1.0}}), b = tf::constant({{2.0}, {3.0}});
  expect_near(tf::linalg::triangular_solve(l, b), {1, 2});
  expect_near(tf::linalg::triangular_solve(l, b, false), {(2.0 - 99.0 * 3.0) / 2.0, 3.0}, 1e-12);
  expect_near(tf::linalg::triangular_solve(l, b, true, true), {-0.5, 3});  // [[2, 1], [0, 1]] x = b
  const Tensor many = tf::linalg::triangular_solve(tf::stack({l, l, l}), b);
  EXPECT_EQ(many.shape(), TensorShape({3, 2, 1}));
  const Tensor broadcast = tf::linalg::triangular_solve(tf::ones({3, 1, 2, 2}), tf::ones({4, 2, 1}));
  EXPECT_EQ(broadcast.shape(), TensorShape({3, 4, 2, 1}));
  // A zero on the diagonal gives infinities, as back substitution does.
  const D inf = tf::linalg::triangular_solve(tf::constant({{0.0, 0.0}, {1.0, 1.0}}), b).numpy<double>();
  EXPECT_TRUE(std::isinf(inf[0]));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::triangular_solve(tf::ones({2, 2, 2}), tf::ones({3, 2, 1})); }), "broadcast"));
  expect_near(tf::linalg::cholesky_solve(tf::linalg::cholesky(tf::constant({{3.0, 1.0}, {1.0, 2.0}})), tf::constant({{9.0}, {8.0}})),
              {2, 3}, 1e-12);
}

TEST(Cross, MatvecNormalize) {
  expect_near(tf::linalg::cross(tf::constant({1.0, 0.0, 0.0}), tf::constant({0.0, 1.0, 0.0})), {0, 0, 1});
  EXPECT_EQ(tf::linalg::cross(tf::constant({{1, 2, 3}}), tf::constant({{4, 5, 6}})).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{-3, 6, -3}));
  EXPECT_THROW(tf::linalg::cross(tf::ones({2}), tf::ones({2})), tf::FailedPreconditionError);
  EXPECT_TRUE(contains(error_of([] { tf::linalg::cross(tf::ones({2, 3}), tf::ones({3})); }), "Both inputs must be of same shape"));
  expect_near(tf::linalg::matvec(tf::constant({{1.0, 2.0}, {3.0, 4.0}}), tf::constant({1.0, 1.0})), {3, 7});
  expect_near(tf::linalg::matvec(tf::constant({{1.0, 2.0}, {3.0, 4.0}}), tf::constant({1.0, 1.0}), {.adjoint_a = true}), {4, 6});
  const auto [unit, n] = tf::linalg::normalize(tf::constant({3.0, 4.0}));
  expect_near(unit, {0.6, 0.8});
  EXPECT_EQ(n.shape(), TensorShape({1}));
  expect_near(n, {5});
}

TEST(LinalgFactorizations, TracedStaticShapes) {
  std::vector<TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor a, Tensor b) {
    const auto [sign, log_abs] = tf::linalg::slogdet(a);
    const std::vector<Tensor> out{tf::linalg::inv(a), tf::linalg::det(a), sign, log_abs, tf::linalg::cholesky(a),
                                  tf::linalg::logdet(a), tf::linalg::solve(a, b), tf::linalg::triangular_solve(a, b),
                                  tf::linalg::cholesky_solve(a, b)};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  f.get_concrete_function(tf::TensorSpec({None, 3, 3}, tf::float64), tf::TensorSpec({None, 3, 2}, tf::float64));
  EXPECT_EQ(shapes, (std::vector<TensorShape>{{None, 3, 3}, {None}, {None}, {None}, {None, 3, 3}, {None}, {None, 3, 2},
                                              {None, 3, 2}, {None, 3, 2}}));
  shapes.clear();
  f.get_concrete_function(tf::TensorSpec({2, None, None}, tf::float64), tf::TensorSpec({2, 4, 1}, tf::float64));
  EXPECT_EQ(shapes[0], TensorShape({2, None, None}));
  EXPECT_EQ(shapes[6], TensorShape({2, 4, 1}));
}

TEST(LinalgFactorizations, TracedErrorsAtTraceTime) {
  auto f = tf::function([](Tensor a) { return tf::linalg::inv(a); });
  EXPECT_TRUE(contains(error_of([&] { f.get_concrete_function(tf::TensorSpec({None, 2, 3})); }), "must be square"));
}

}  // namespace

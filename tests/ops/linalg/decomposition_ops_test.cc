// tf::linalg's qr, eigh, eigvalsh, svd, lu (and lu_solve, lu_reconstruct, lu_matrix_inverse),
// pinv, matrix_rank, lstsq and expm: the factors reconstruct their input, are orthogonal or triangular
// as promised, values on known matrices (from TensorFlow 2.21), empty matrices, static shapes
// when traced, and error paths.
#include <gtest/gtest.h>

#include <cmath>
#include <tfpp/linalg_factorizations.h>
#include <tfpp/linalg_solvers.h>
#include <tfpp/matrix_exponential.h>
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


void expect_close(const Tensor& a, const Tensor& b, double tolerance = 1e-10) {
  ASSERT_EQ(a.shape(), b.shape());
  expect_near(a, b.numpy<double>(), tolerance);
}

Tensor identity_like(std::int64_t n, std::int64_t batch) {
  return tf::linalg::diag(tf::ones({batch, n}, tf::float64));
}

const Tensor kTall = tf::constant({{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}});

TEST(Qr, ReconstructsWithOrthonormalQAndTriangularR) {
  for (const Tensor& a : {kTall, tf::transpose(kTall), tf::reshape(tf::range(1.0, 19.0, 1.0, tf::float64), {2, 3, 3})}) {
    for (bool full : {false, true}) {
      const auto [q, r] = tf::linalg::qr(a, full);
      expect_close(tf::matmul(q, r), a);
      const std::int64_t m = a.shape().dim(-2), n = a.shape().dim(-1), p = full ? m : std::min(m, n);
      EXPECT_EQ(q.shape().dim(-1), p);
      EXPECT_EQ(r.shape().dim(-2), p);
      const std::int64_t batch = a.shape().rank() == 3 ? a.shape().dim(0) : 1;
      const Tensor qtq = tf::matmul(q, q, {.transpose_a = true});
      expect_near(tf::reshape(qtq, {-1}), tf::reshape(identity_like(p, batch), {-1}).numpy<double>());
      expect_close(tf::linalg::band_part(r, 0, -1), r, 0);
    }
  }
  // As TensorFlow: Householder reflections give r's diagonal a negative first entry here.
  expect_near(tf::linalg::qr(kTall).r, {-5.916079783099616, -7.437357441610946, 0, 0.828078671210825}, 1e-12);
  const auto empty = tf::linalg::qr(tf::zeros({3, 0}, tf::float64), true);
  EXPECT_EQ(empty.q.shape(), TensorShape({3, 3}));
  EXPECT_EQ(empty.r.shape(), TensorShape({3, 0}));
  expect_near(empty.q, {1, 0, 0, 0, 1, 0, 0, 0, 1});
}

TEST(Eigh, EigenvaluesAscendingAndVectorsDiagonalize) {
  const Tensor a = tf::constant({{2.0, 1.0}, {1.0, 3.0}});
  const auto [e, v] = tf::linalg::eigh(a);
  expect_near(e, {(5 - std::sqrt(5.0)) / 2, (5 + std::sqrt(5.0)) / 2}, 1e-12);
  expect_close(tf::matmul(tf::matmul(v, tf::linalg::diag(e)), v, {.transpose_b = true}), a);
  expect_close(tf::linalg::eigvalsh(a), e, 1e-12);
  // Only the lower triangle is read.
  expect_close(tf::linalg::eigvalsh(tf::constant({{2.0, 100.0}, {1.0, 3.0}})), e, 1e-12);
  EXPECT_EQ(tf::linalg::eigh(tf::zeros({2, 0, 0})).v.shape(), TensorShape({2, 0, 0}));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::eigh(tf::constant({{double(NAN), 1.0}, {1.0, 3.0}})); }),
                       "[SelfAdjointEigV2] Self-adjoint eigen decomposition was not successful"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::eigvalsh(tf::ones({2, 3})); }), "Input matrix must be square"));
}

TEST(Svd, SingularValuesDescendingAndReconstruction) {
  for (const Tensor& a : {kTall, tf::transpose(kTall), tf::reshape(tf::range(1.0, 13.0, 1.0, tf::float64), {2, 2, 3})}) {
    const auto [s, u, v] = tf::linalg::svd(a);
    expect_close(tf::matmul(u * tf::expand_dims(s, -2), v, {.transpose_b = true}), a);
    expect_close(tf::linalg::singular_values(a), s, 1e-12);
    const auto full = tf::linalg::svd(a, true);
    EXPECT_EQ(full.u.shape().dim(-1), a.shape().dim(-2));
    EXPECT_EQ(full.v.shape().dim(-1), a.shape().dim(-1));
  }
  expect_near(tf::linalg::singular_values(kTall), {9.525518091565107, 0.514300580658644}, 1e-12);
  const auto empty = tf::linalg::svd(tf::zeros({2, 0, 3}, tf::float64), true);
  EXPECT_EQ(empty.s.shape(), TensorShape({2, 0}));
  EXPECT_EQ(empty.v.shape(), TensorShape({2, 3, 3}));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::svd(tf::ones({2, 2}, tf::int32)); }), "[Svd] does not support dtype int32"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::svd(tf::ones({2})); }), "must have rank >= 2"));
}

TEST(Lu, FactorsSolvesInvertsAndReconstructs) {
  const Tensor a = tf::constant({{1.0, 2.0, 0.5}, {3.0, 4.0, -1.0}, {0.0, 2.0, 5.0}});
  const auto [lu, p] = tf::linalg::lu(a);
  EXPECT_EQ(p.dtype(), tf::int32);
  EXPECT_EQ(p.numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2, 0}));
  expect_close(tf::linalg::lu_reconstruct(lu, p), a);
  expect_close(tf::linalg::lu_matrix_inverse(lu, p), tf::linalg::inv(a));
  const Tensor b = tf::constant({{1.0}, {2.0}, {3.0}});
  expect_close(tf::linalg::lu_solve(lu, p, b), tf::linalg::solve(a, b));
  EXPECT_EQ(tf::linalg::lu(a, tf::int64).p.dtype(), tf::int64);
  const Tensor batch = tf::stack({a, tf::transpose(a)});
  const auto [blu, bp] = tf::linalg::lu(batch);
  expect_close(tf::linalg::lu_reconstruct(blu, bp), batch);
  expect_close(tf::linalg::lu_solve(blu, bp, b), tf::linalg::solve(batch, tf::stack({b, b})));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::lu(tf::constant({{1.0, 2.0}, {2.0, 4.0}})); }), "[Lu] Input is not invertible."));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::lu(tf::ones({2, 3})); }), "[Lu] Input matrix must be square"));
  EXPECT_TRUE(contains(error_of([&] { tf::linalg::lu(a, tf::float32); }), "output_idx_type must be int32 or int64"));
}

TEST(PinvMatrixRankLstsq, Values) {
  expect_near(tf::linalg::pinv(kTall), {-4.0 / 3, -1.0 / 3, 2.0 / 3, 13.0 / 12, 1.0 / 3, -5.0 / 12}, 1e-12);
  EXPECT_EQ(tf::linalg::pinv(kTall).shape(), TensorShape({2, 3}));
  EXPECT_EQ(tf::linalg::matrix_rank(kTall).numpy<std::int32_t>(), (std::vector<std::int32_t>{2}));
  EXPECT_EQ(tf::linalg::matrix_rank(tf::constant({{1.0, 2.0}, {2.0, 4.0}})).numpy<std::int32_t>(), (std::vector<std::int32_t>{1}));
  EXPECT_EQ(tf::linalg::matrix_rank(kTall, tf::constant(1.0)).numpy<std::int32_t>(), (std::vector<std::int32_t>{1}));
  const Tensor b = tf::constant({{1.0}, {2.0}, {4.0}});
  expect_near(tf::linalg::lstsq(kTall, b), {2.0 / 3, 1.0 / 12}, 1e-12);
  expect_near(tf::linalg::lstsq(kTall, b, 0.0, false), {2.0 / 3, 1.0 / 12}, 1e-12);
  const Tensor wide = tf::constant({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
  expect_near(tf::linalg::lstsq(wide, tf::constant({{1.0}, {2.0}})), {-1.0 / 18, 1.0 / 9, 5.0 / 18}, 1e-12);
  expect_near(tf::linalg::lstsq(kTall, b, 0.5), {29.5 / 69.75, 19.0 / 69.75}, 1e-12);  // (a^T a + I / 2)^-1 a^T b
  EXPECT_TRUE(contains(error_of([] { tf::linalg::pinv(tf::ones({2, 2}, tf::int32)); }), "[pinv] Input `a` must have `float`-like"));
  EXPECT_TRUE(contains(error_of([&] { tf::linalg::lstsq(kTall, tf::ones({2, 1}, tf::float64), 0.0, false); }),
                       "[MatrixSolveLs] Input matrix and rhs are incompatible"));
}

TEST(Expm, RotationScalingAndErrors) {
  // exp([[0, t], [-t, 0]]) is the rotation by t; a large norm takes the squaring path.
  for (double t : {0.001, 0.1, 1.0, 30.0}) {
    expect_near(tf::linalg::expm(tf::constant({{0.0, t}, {-t, 0.0}})), {std::cos(t), std::sin(t), -std::sin(t), std::cos(t)}, 1e-10 * t);
  }
  expect_near(tf::linalg::expm(tf::constant({{1.0, 0.0}, {0.0, 2.0}})), {std::exp(1.0), 0, 0, std::exp(2.0)}, 1e-12);
  const Tensor f = tf::linalg::expm(tf::constant({{0.0f, 1.0f}, {-1.0f, 0.0f}}));
  EXPECT_NEAR(f.numpy<float>()[1], std::sin(1.0f), 1e-6f);
  EXPECT_EQ(tf::linalg::expm(tf::zeros({0, 0})).shape(), TensorShape({0, 0}));
  EXPECT_TRUE(std::isnan(tf::linalg::expm(tf::constant({{INFINITY, 0.0f}, {0.0f, 1.0f}})).numpy<float>()[3]));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::expm(tf::ones({2, 2}, tf::int32)); }), "[expm] tf.linalg.expm does not support"));
  std::vector<TensorShape> shapes;
  auto traced = tf::function([&shapes](Tensor a) {
    const Tensor e = tf::linalg::expm(a);
    shapes.push_back(e.shape());
    return e;
  });
  const Tensor batch = tf::stack({tf::constant({{0.0, 1.0}, {-1.0, 0.0}}), tf::constant({{0.0, 20.0}, {-20.0, 0.0}})});
  const Tensor out = traced.get_concrete_function(tf::TensorSpec({None, 2, 2}, tf::float64))(batch);
  EXPECT_EQ(shapes.back(), TensorShape({None, 2, 2}));
  expect_near(out, {std::cos(1.0), std::sin(1.0), -std::sin(1.0), std::cos(1.0), std::cos(20.0), std::sin(20.0),
                    -std::sin(20.0), std::cos(20.0)}, 1e-8);
}

TEST(Decompositions, TracedStaticShapes) {
  std::vector<TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor a, Tensor sym) {
    const auto [q, r] = tf::linalg::qr(a);
    const auto [s, u, v] = tf::linalg::svd(a);
    const auto [e, w] = tf::linalg::eigh(sym);
    const auto [lu, p] = tf::linalg::lu(sym);
    const std::vector<Tensor> out{q, r, s, u, v, e, w, lu, p, tf::linalg::pinv(a), tf::linalg::matrix_rank(a),
                                  tf::linalg::lstsq(a, tf::ones({3, 1}, tf::float64))};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  f.get_concrete_function(tf::TensorSpec({3, None}, tf::float64), tf::TensorSpec({None, 2, 2}, tf::float64));
  EXPECT_EQ(shapes, (std::vector<TensorShape>{{3, None}, {None, None}, {None}, {3, None}, {None, None}, {None, 2},
                                              {None, 2, 2}, {None, 2, 2}, {None, 2}, {None, 3}, {}, {None, 1}}));
}

}  // namespace

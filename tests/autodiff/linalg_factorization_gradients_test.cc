// Gradients of the factorizations, determinants and solvers (tf::linalg's inv, det, slogdet,
// logdet, cholesky, solve, triangular_solve, cholesky_solve, cross, matvec, normalize, qr, eigh,
// eigvalsh, svd, pinv, lstsq, lu_solve, lu_reconstruct, expm, the spectral norm) against central finite differences
// (float64), on well-conditioned inputs: random matrices shifted by a multiple of the identity,
// symmetric positive-definite x x^T + n I, and symmetric x + x^T with distinct eigenvalues.
// Eigenvectors and singular vectors are checked through sign-free quantities (their squares,
// reconstructions). Also traced with unknown batch dimensions.
#include <gtest/gtest.h>

#include <tfpp/linalg_determinants.h>
#include <tfpp/linalg_factorizations.h>
#include <tfpp/linalg_solvers.h>
#include <tfpp/linalg_vector_ops.h>
#include <tfpp/matrix_exponential.h>
#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"
#include "ops/execute.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::TensorShape;
using tf::testing::GradCase;
using tf::testing::weighted;
using V = std::vector<Tensor>;

// x + shift I for the last two (square) dimensions of x: diagonally dominant, far from singular.
Tensor shifted(const Tensor& x, double shift) {
  return tf::linalg::set_diag(x, tf::linalg::diag_part(x) + shift);
}

// x x^T + n I: symmetric positive definite.
Tensor spd(const Tensor& x) {
  return shifted(tf::matmul(x, x, {.transpose_b = true}), double(x.shape().dim(-1)));
}

// x + x^T: symmetric (eigh reads one triangle, so only symmetric perturbations are meaningful).
Tensor symmetric(const Tensor& x) { return x + tf::linalg::adjoint(x); }

// MatrixSolveLs with fast=True, as imported graphs call it (tf::linalg::lstsq's fast path is
// TensorFlow's composite instead).
Tensor solve_ls_op(const Tensor& a, const Tensor& b, double l2) {
  const tf::ops::AttrValue attrs[] = {true};
  return tf::ops::execute1(*tf::ops::find_op("MatrixSolveLs"), {a, b, tf::constant(l2)}, attrs);
}

std::vector<GradCase> decomposition_cases() {
  std::vector<GradCase> c;
  const std::vector<std::pair<std::string, TensorShape>> shapes = {
      {"Tall", {3, 2}}, {"Square", {3, 3}}, {"Wide", {2, 3}}, {"Batch", {2, 3, 2}}};
  for (const auto& [name, shape] : shapes) {
    c.push_back({"QrQ" + name, {{shape}}, [](const V& x) { return weighted(tf::linalg::qr(x[0]).q); }, true});
    c.push_back({"QrR" + name, {{shape}}, [](const V& x) { return weighted(tf::linalg::qr(x[0]).r); }, true});
    c.push_back({"SvdS" + name, {{shape}}, [](const V& x) { return weighted(tf::linalg::svd(x[0]).s); }, true});
    c.push_back({"SvdUSquared" + name, {{shape}}, [](const V& x) { return weighted(tf::math::square(tf::linalg::svd(x[0]).u)); }});
    c.push_back({"SvdVSquared" + name, {{shape}}, [](const V& x) { return weighted(tf::math::square(tf::linalg::svd(x[0]).v)); }});
    c.push_back({"SvdReconstruct" + name, {{shape}}, [](const V& x) {
                   const auto [s, u, v] = tf::linalg::svd(x[0]);
                   return weighted(tf::matmul(u * tf::expand_dims(s, -2), v, {.transpose_b = true}));
                 }});
    c.push_back({"SingularValues" + name, {{shape}}, [](const V& x) { return weighted(tf::linalg::singular_values(x[0])); }});
    c.push_back({"Pinv" + name, {{shape}}, [](const V& x) { return weighted(tf::linalg::pinv(x[0])); }});
  }
  c.push_back({"QrFullSquare", {{{3, 3}}}, [](const V& x) { return weighted(tf::linalg::qr(x[0], true).q); }});
  c.push_back({"SvdFullVSquared", {{{2, 3}}}, [](const V& x) { return weighted(tf::math::square(tf::linalg::svd(x[0], true).v)); }});
  c.push_back({"SvdFullUSquared", {{{3, 2}}}, [](const V& x) { return weighted(tf::math::square(tf::linalg::svd(x[0], true).u)); }});
  c.push_back({"EighValues", {{{3, 3}}}, [](const V& x) { return weighted(tf::linalg::eigh(symmetric(x[0])).e); }, true});
  c.push_back({"EighVectorsSquared", {{{2, 3, 3}}},
               [](const V& x) { return weighted(tf::math::square(tf::linalg::eigh(symmetric(x[0])).v)); }});
  c.push_back({"Eigvalsh", {{{2, 3, 3}}}, [](const V& x) { return weighted(tf::linalg::eigvalsh(symmetric(x[0]))); }});
  c.push_back({"LstsqTall", {{{4, 2}}, {{4, 2}}}, [](const V& x) { return weighted(tf::linalg::lstsq(x[0], x[1])); }, true});
  c.push_back({"LstsqWide", {{{2, 3}}, {{2, 1}}}, [](const V& x) { return weighted(tf::linalg::lstsq(x[0], x[1], 0.5)); }});
  c.push_back({"MatrixSolveLsTall", {{{2, 4, 2}}, {{2, 4, 1}}}, [](const V& x) { return weighted(solve_ls_op(x[0], x[1], 0.25)); }});
  c.push_back({"MatrixSolveLsWide", {{{2, 3}}, {{2, 2}}}, [](const V& x) { return weighted(solve_ls_op(x[0], x[1], 0.0)); }});
  c.push_back({"LuSolve", {{{3, 3}}, {{2, 3, 2}}}, [](const V& x) {
                 const auto [lu, p] = tf::linalg::lu(tf::constant({{1.0, 2.0, 0.5}, {3.0, 4.0, -1.0}, {0.0, 2.0, 5.0}}));
                 return weighted(tf::linalg::lu_solve(lu + x[0] * 0.1, p, x[1]));
               }});
  c.push_back({"LuReconstruct", {{{3, 3}}}, [](const V& x) {
                 const auto [lu, p] = tf::linalg::lu(tf::constant({{1.0, 2.0, 0.5}, {3.0, 4.0, -1.0}, {0.0, 2.0, 5.0}}));
                 return weighted(tf::linalg::lu_reconstruct(lu * x[0], p));
               }});
  c.push_back({"LuMatrixInverse", {{{3, 3}}}, [](const V& x) {
                 const auto [lu, p] = tf::linalg::lu(tf::constant({{1.0, 2.0, 0.5}, {3.0, 4.0, -1.0}, {0.0, 2.0, 5.0}}));
                 return weighted(tf::linalg::lu_matrix_inverse(lu + x[0] * 0.1, p));
               }});
  for (double scale : {0.01, 0.3, 1.0, 4.0})
    c.push_back({"Expm" + std::to_string(int(scale * 100)), {{{3, 3}}},
                 [scale](const V& x) { return weighted(tf::linalg::expm(x[0] * scale)); }, false, 1e-5});
  c.push_back({"ExpmBatch", {{{2, 2, 2}}}, [](const V& x) { return weighted(tf::linalg::expm(x[0])); }});
  c.push_back({"SpectralNorm", {{{3, 2}}}, [](const V& x) { return tf::norm(x[0], {.ord = 2.0, .axis = std::vector<std::int64_t>{0, 1}}); }});
  return c;
}

std::vector<GradCase> grad_cases() {
  std::vector<GradCase> c;
  for (bool adjoint : {false, true}) {
    const std::string a = adjoint ? "Adjoint" : "";
    c.push_back({"Inverse" + a, {{{3, 3}}}, [adjoint](const V& x) { return weighted(tf::linalg::inv(shifted(x[0], 5), adjoint)); }, true});
    c.push_back({"Solve" + a, {{{2, 3, 3}}, {{2, 3, 2}}},
                 [adjoint](const V& x) { return weighted(tf::linalg::solve(shifted(x[0], 5), x[1], adjoint)); }, true});
    for (bool lower : {true, false})
      c.push_back({"TriangularSolve" + a + (lower ? "Lower" : "Upper"), {{{3, 3}}, {{3, 2}}},
                   [adjoint, lower](const V& x) {
                     return weighted(tf::linalg::triangular_solve(shifted(x[0], 5), x[1], lower, adjoint));
                   }, true});
  }
  c.push_back({"InverseBatch", {{{2, 2, 2}}}, [](const V& x) { return weighted(tf::linalg::inv(shifted(x[0], 4))); }});
  c.push_back({"TriangularSolveBroadcast", {{{2, 1, 3, 3}}, {{3, 3, 2}}},
               [](const V& x) { return weighted(tf::linalg::triangular_solve(shifted(x[0], 5), x[1])); }, true});
  c.push_back({"TriangularSolveBroadcastMatrix", {{{3, 3}}, {{2, 3, 2}}},
               [](const V& x) { return weighted(tf::linalg::triangular_solve(shifted(x[0], 5), x[1], false, true)); }});
  c.push_back({"Determinant", {{{3, 3}}}, [](const V& x) { return tf::linalg::det(shifted(x[0], 3)); }, true});
  c.push_back({"DeterminantBatch", {{{2, 3, 3}}}, [](const V& x) { return weighted(tf::linalg::det(shifted(x[0], 3))); }, true});
  c.push_back({"DeterminantNegative", {{{2, 2}}}, [](const V& x) { return tf::linalg::det(shifted(x[0], -5)); }});
  c.push_back({"LogAbsDeterminant", {{{2, 3, 3}}},
               [](const V& x) { return weighted(tf::linalg::slogdet(shifted(x[0], -4)).log_abs_determinant); }, true});
  c.push_back({"SignOfDeterminant", {{{3, 3}}}, [](const V& x) { return tf::linalg::slogdet(shifted(x[0], 4)).sign; }});
  c.push_back({"Logdet", {{{2, 3, 3}}}, [](const V& x) { return weighted(tf::linalg::logdet(spd(x[0]))); }, true});
  c.push_back({"Cholesky", {{{3, 3}}}, [](const V& x) { return weighted(tf::linalg::cholesky(spd(x[0]))); }, true});
  c.push_back({"CholeskyBatch", {{{2, 4, 4}}}, [](const V& x) { return weighted(tf::linalg::cholesky(spd(x[0]))); }});
  c.push_back({"CholeskySolve", {{{3, 3}}, {{3, 2}}},
               [](const V& x) { return weighted(tf::linalg::cholesky_solve(tf::linalg::cholesky(spd(x[0])), x[1])); }, true});
  c.push_back({"Cross", {{{2, 3}}, {{2, 3}}}, [](const V& x) { return weighted(tf::linalg::cross(x[0], x[1])); }, true});
  c.push_back({"Matvec", {{{2, 3, 4}}, {{4}}}, [](const V& x) { return weighted(tf::linalg::matvec(x[0], x[1])); }, true});
  c.push_back({"MatvecTransposed", {{{4, 3}}, {{2, 4}}},
               [](const V& x) { return weighted(tf::linalg::matvec(x[0], x[1], {.transpose_a = true})); }});
  c.push_back({"Normalize", {{{2, 3}}},
               [](const V& x) { return weighted(tf::linalg::normalize(x[0], "euclidean", std::vector<std::int64_t>{1}).first); }});
  for (GradCase& d : decomposition_cases()) c.push_back(std::move(d));
  return c;
}

class LinalgFactorizationGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(LinalgFactorizationGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Ops, LinalgFactorizationGradient, ::testing::ValuesIn(grad_cases()), tf::testing::case_name);

// Every case traced with its first (batch or row) dimension unknown gives the eager gradient.
TEST(LinalgFactorizationGradient, TracedWithUnknownFirstDimension) {
  for (const GradCase& c : grad_cases()) {
    V xs;
    std::vector<tf::TensorSpec> specs;
    std::uint32_t seed = 1;
    for (const auto& in : c.inputs) {
      xs.push_back(tf::testing::random_tensor(in.shape, seed++, in.lo, in.hi));
      std::vector<std::int64_t> dims(in.shape.dims().begin(), in.shape.dims().end());
      if (dims.size() > 2) dims[0] = None;  // keep matrices' own sizes known (shifted, spd read them)
      specs.emplace_back(TensorShape(std::span<const std::int64_t>(dims)), tf::float64);
    }
    auto gradients = [&c](const V& inputs) {
      tf::GradientTape tape;
      for (const Tensor& x : inputs) tape.watch(x);
      return tape.gradient(c.f(inputs), inputs, {}, tf::UnconnectedGradients::ZERO);
    };
    const V eager = gradients(xs);
    V graph;
    try {
      graph = tf::function([&gradients](V inputs) { return gradients(inputs); }, {.input_signature = specs})(xs);
    } catch (const tf::Error& e) {
      ADD_FAILURE() << c.name << ": " << e.what();
      continue;
    }
    ASSERT_EQ(graph.size(), eager.size()) << c.name;
    for (std::size_t i = 0; i < eager.size(); ++i) {
      const auto g = graph[i].numpy<double>(), e = eager[i].numpy<double>();
      ASSERT_EQ(g.size(), e.size()) << c.name;
      for (std::size_t k = 0; k < e.size(); ++k) EXPECT_NEAR(g[k], e[k], 1e-9) << c.name << " input " << i;
    }
  }
}

TEST(LinalgFactorizationGradientErrors, AsTensorFlow) {
  const Tensor a = tf::constant({{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}}), b = tf::ones({3, 1}, tf::float64);
  auto gradient = [&](auto f) {
    tf::GradientTape tape;
    tape.watch(a);
    return tape.gradient(f(), a);
  };
  EXPECT_THROW(gradient([&] { return tf::linalg::lstsq(a, b, 0.0, false); }), tf::InvalidArgumentError);
  EXPECT_THROW(gradient([&] { return tf::linalg::qr(a, true).q; }), tf::UnimplementedError);  // m > n, full
  EXPECT_THROW(gradient([&] { return tf::linalg::lu(tf::matmul(a, a, {.transpose_a = true})).lu; }), tf::LookupError);
  EXPECT_THROW(gradient([&] { return tf::linalg::svd(tf::concat({a, a}, 0), true).u; }), tf::UnimplementedError);  // |m - n| > 1
}

}  // namespace

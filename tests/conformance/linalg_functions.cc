// Case functions for tf.linalg's factorizations, determinants and solvers, and the invariant
// quantities of the factorizations whose factors are unique only up to signs.
#include "conformance/case_functions.h"
#include "tfpp/linalg_determinants.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/linalg_vector_ops.h"
#include "tfpp/matrix_exponential.h"
#include "tfpp/tfpp.h"

namespace tf::conformance {
namespace {

using Inputs = std::vector<Tensor>;
using Outputs = std::vector<Tensor>;

CaseFn unary(Tensor (*fn)(const Tensor&)) {
  return [fn](const Inputs& in, const Attrs&) { return Outputs{fn(in.at(0))}; };
}

// The first p columns of t.
Tensor first_columns(const Tensor& t, std::int64_t p) {
  return strided_slice(t, {0, 0, 0}, {0, 0, p}, {1, 1, 1}, {.begin_mask = 6, .end_mask = 2, .ellipsis_mask = 1});
}

// An optional tensor attribute (pinv's rcond, matrix_rank's tol) as a scalar of a's dtype.
std::optional<Tensor> scalar_attr(const Attrs& a, const std::string& name, const Tensor& like) {
  if (!a.has(name)) return std::nullopt;
  return cast(constant(a.f(name)), like.dtype());
}

// normalize's ord: a name ("euclidean", "fro") or a number.
NormOrder norm_order(const Attrs& a) {
  if (a.kind("ord") == 's') return NormOrder(a.s("ord").c_str());
  if (a.kind("ord") == 'i' || a.kind("ord") == 'f') return NormOrder(a.f("ord"));
  return NormOrder("euclidean");
}

// Quantities that do not depend on the factors' signs (see cases_linalg.py).
Outputs qr_invariants(const Inputs& in, const Attrs& a) {
  const auto [q, r] = linalg::qr(in.at(0), a.b("full_matrices"));
  return {matmul(q, r), math::abs(q), math::abs(r), matmul(q, q, {.transpose_a = true})};
}

Outputs svd_invariants(const Inputs& in, const Attrs& a) {
  const auto [s, u, v] = linalg::svd(in.at(0), a.b("full_matrices"));
  const std::int64_t p = s.shape().dim(-1);
  const Tensor product = matmul(first_columns(u, p) * expand_dims(s, -2), first_columns(v, p), {.transpose_b = true});
  return {s, math::abs(u), math::abs(v), product};
}

Outputs eigh_invariants(const Inputs& in, const Attrs&) {
  const auto [e, v] = linalg::eigh(in.at(0));
  return {e, math::abs(v), matmul(v * expand_dims(e, -2), v, {.transpose_b = true})};
}

}  // namespace

void add_linalg_functions(CaseFunctions& t) {
  t["tf.linalg.inv"] = [](const Inputs& in, const Attrs& a) { return Outputs{linalg::inv(in.at(0), a.b("adjoint"))}; };
  t["tf.linalg.det"] = unary(linalg::det);
  t["tf.linalg.slogdet"] = [](const Inputs& in, const Attrs&) {
    auto [sign, log_abs] = linalg::slogdet(in.at(0));
    return Outputs{sign, log_abs};
  };
  t["tf.linalg.logdet"] = unary(linalg::logdet);
  t["tf.linalg.cholesky"] = unary(linalg::cholesky);
  t["cholesky_lower"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::band_part(linalg::cholesky(in.at(0)), -1, 0)}; };
  t["tf.linalg.solve"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{linalg::solve(in.at(0), in.at(1), a.b("adjoint"))};
  };
  t["tf.linalg.triangular_solve"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{linalg::triangular_solve(in.at(0), in.at(1), a.b("lower", true), a.b("adjoint"))};
  };
  t["tf.linalg.cholesky_solve"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::cholesky_solve(in.at(0), in.at(1))}; };
  t["tf.linalg.cross"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::cross(in.at(0), in.at(1))}; };
  t["tf.linalg.matvec"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{linalg::matvec(in.at(0), in.at(1), {.transpose_a = a.b("transpose_a"), .adjoint_a = a.b("adjoint_a")})};
  };
  t["qr_invariants"] = qr_invariants;
  t["svd_invariants"] = svd_invariants;
  t["eigh_invariants"] = eigh_invariants;
  t["tf.linalg.qr"] = [](const Inputs& in, const Attrs& a) {
    auto [q, r] = linalg::qr(in.at(0), a.b("full_matrices"));
    return Outputs{q, r};
  };
  t["tf.linalg.eigh"] = [](const Inputs& in, const Attrs&) {
    auto [e, v] = linalg::eigh(in.at(0));
    return Outputs{e, v};
  };
  t["tf.linalg.eigvalsh"] = unary(linalg::eigvalsh);
  t["tf.linalg.svd"] = [](const Inputs& in, const Attrs& a) {
    if (!a.b("compute_uv", true)) return Outputs{linalg::singular_values(in.at(0))};
    auto [s, u, v] = linalg::svd(in.at(0), a.b("full_matrices"));
    return Outputs{s, u, v};
  };
  t["tf.linalg.pinv"] = [](const Inputs& in, const Attrs& a) { return Outputs{linalg::pinv(in.at(0), scalar_attr(a, "rcond", in.at(0)))}; };
  t["tf.linalg.matrix_rank"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{linalg::matrix_rank(in.at(0), scalar_attr(a, "tol", in.at(0)))};
  };
  t["tf.linalg.lstsq"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{linalg::lstsq(in.at(0), in.at(1), a.f("l2_regularizer", 0.0), a.b("fast", true))};
  };
  t["tf.linalg.lu"] = [](const Inputs& in, const Attrs& a) {
    auto [lu, p] = linalg::lu(in.at(0), a.d("output_idx_type", int32));
    return Outputs{lu, p};
  };
  t["tf.linalg.lu_reconstruct"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::lu_reconstruct(in.at(0), in.at(1))}; };
  t["tf.linalg.lu_matrix_inverse"] = [](const Inputs& in, const Attrs&) {
    return Outputs{linalg::lu_matrix_inverse(in.at(0), in.at(1))};
  };
  t["tf.linalg.lu_solve"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::lu_solve(in.at(0), in.at(1), in.at(2))}; };
  t["tf.linalg.expm"] = unary(linalg::expm);
  t["tf.linalg.normalize"] = [](const Inputs& in, const Attrs& a) {
    std::optional<std::vector<std::int64_t>> axis;
    if (a.has("axis")) axis = a.ints("axis");
    auto [normalized, norm] = linalg::normalize(in.at(0), norm_order(a), axis);
    return Outputs{normalized, norm};
  };
}

}  // namespace tf::conformance

// Case functions for tf.linalg's factorizations, determinants and solvers.
#include "conformance/case_functions.h"
#include "tfpp/linalg_determinants.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/linalg_vector_ops.h"

namespace tf::conformance {
namespace {

using Inputs = std::vector<Tensor>;
using Outputs = std::vector<Tensor>;

CaseFn unary(Tensor (*fn)(const Tensor&)) {
  return [fn](const Inputs& in, const Attrs&) { return Outputs{fn(in.at(0))}; };
}

// normalize's ord: a name ("euclidean", "fro") or a number.
NormOrder norm_order(const Attrs& a) {
  if (a.kind("ord") == 's') return NormOrder(a.s("ord").c_str());
  if (a.kind("ord") == 'i' || a.kind("ord") == 'f') return NormOrder(a.f("ord"));
  return NormOrder("euclidean");
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
  t["tf.linalg.normalize"] = [](const Inputs& in, const Attrs& a) {
    std::optional<std::vector<std::int64_t>> axis;
    if (a.has("axis")) axis = a.ints("axis");
    auto [normalized, norm] = linalg::normalize(in.at(0), norm_order(a), axis);
    return Outputs{normalized, norm};
  };
}

}  // namespace tf::conformance

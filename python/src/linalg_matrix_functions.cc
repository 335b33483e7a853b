// tf.linalg's tridiagonal solver, matrix square root and logarithm, banded triangular solver and
// tridiagonal eigensolver over the C++ functions, in the submodule _linalg_matrix_functions that
// tfpp/__init__.py puts under tf.linalg.
#include <nanobind/stl/string.h>

#include <array>
#include <utility>
#include <vector>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/linalg_banded.h"
#include "tfpp/linalg_eigh_tridiagonal.h"
#include "tfpp/linalg_matrix_functions.h"
#include "tfpp/linalg_tridiagonal.h"
#include "tfpp/math_ops.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// tridiagonal_solve's `diagonals` in the "sequence" format: a list or tuple of three tensors.
std::array<tf::Tensor, 3> diagonal_sequence(nb::handle diagonals) {
  if (!(nb::isinstance<nb::list>(diagonals) || nb::isinstance<nb::tuple>(diagonals)) || nb::len(diagonals) != 3)
    throw nb::value_error("Expected diagonals to be a sequence of length 3.");
  return {to_tensor(diagonals[0]), to_tensor(diagonals[1]), to_tensor(diagonals[2])};
}

}  // namespace

void bind_linalg_matrix_functions(nb::module_& m) {
  nb::module_ l = m.def_submodule("_linalg_matrix_functions", "The C++ core of tf.linalg's matrix functions and solvers.");
  l.def("tridiagonal_solve", [](nb::handle diagonals, nb::handle rhs, const std::string& diagonals_format, bool transpose_rhs,
                                bool conjugate_rhs, nb::handle name, bool partial_pivoting, bool perturb_singular) {
    NodeName named(name);
    const tf::linalg::TridiagonalSolveOptions options{transpose_rhs, conjugate_rhs, partial_pivoting, perturb_singular};
    return python_argument_errors("tridiagonal_solve", [&] {
      if (diagonals_format == "sequence") {
        const std::array<tf::Tensor, 3> d = diagonal_sequence(diagonals);
        return tf::linalg::tridiagonal_solve(d, operand_like(rhs, d[1]), options);
      }
      auto [d, r] = binary_operands(diagonals, rhs);
      return tf::linalg::tridiagonal_solve(d, r, diagonals_format, options);
    });
  }, "diagonals"_a, "rhs"_a, "diagonals_format"_a = "compact", "transpose_rhs"_a = false, "conjugate_rhs"_a = false,
     "name"_a = nb::none(), "partial_pivoting"_a = true, "perturb_singular"_a = false);
  l.def("sqrtm", [](nb::handle input, nb::handle name) {
    NodeName named(name);
    return tf::linalg::sqrtm(to_tensor(input));
  }, "input"_a, "name"_a = nb::none());
  l.def("logm", [](nb::handle input, nb::handle name) {
    NodeName named(name);
    return tf::linalg::logm(to_tensor(input));
  }, "input"_a, "name"_a = nb::none());
  l.def("banded_triangular_solve", [](nb::handle bands, nb::handle rhs, bool lower, bool adjoint, nb::handle name) {
    NodeName named(name);
    auto [b, r] = binary_operands(bands, rhs);
    return tf::linalg::banded_triangular_solve(b, r, lower, adjoint);
  }, "bands"_a, "rhs"_a, "lower"_a = true, "adjoint"_a = false, "name"_a = nb::none());
  l.def("eigh_tridiagonal", [](nb::handle alpha, nb::handle beta, bool eigvals_only, const std::string& select,
                               nb::handle select_range, nb::handle tol, nb::handle name) -> nb::object {
    NodeName named(name);
    tf::linalg::EighTridiagonalOptions options{.eigvals_only = eigvals_only, .select = select};
    if (!select_range.is_none()) {
      const tf::Tensor range = tf::cast(to_tensor(select_range), tf::float64);
      const std::vector<double> values = range.numpy<double>();
      if (values.size() != 2) throw nb::value_error("select_range must hold two values");
      options.select_range = std::pair{values[0], values[1]};
    }
    if (!tol.is_none()) options.tol = nb::cast<double>(tol);
    const tf::linalg::EighTridiagonal e =
        python_argument_errors("eigh_tridiagonal", [&] { return tf::linalg::eigh_tridiagonal(to_tensor(alpha), to_tensor(beta), options); });
    if (!e.eigvectors.defined()) return nb::cast(e.eigvals);
    return nb::make_tuple(e.eigvals, e.eigvectors);
  }, "alpha"_a, "beta"_a, "eigvals_only"_a = true, "select"_a = "a", "select_range"_a = nb::none(), "tol"_a = nb::none(),
     "name"_a = nb::none());
}

}  // namespace tfpp_python

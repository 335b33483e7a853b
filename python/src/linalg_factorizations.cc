// tf.linalg's factorizations, determinants and solvers (inv, det, slogdet, logdet, cholesky,
// solve, triangular_solve, cholesky_solve, cross, matvec, normalize, qr, eigh, eigvalsh, svd,
// pinv, matrix_rank, lstsq, lu, lu_solve, lu_reconstruct, lu_matrix_inverse, expm) in the submodule
// _linalg_factorizations, which tfpp/linalg_factorizations.py arranges under tf.linalg.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/linalg_determinants.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/linalg_vector_ops.h"
#include "tfpp/matrix_exponential.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// One input op: tf.linalg.det(input, name=None) and the like.
template <tf::Tensor (*Fn)(const tf::Tensor&)>
void def_unary(nb::module_& m, const char* name, const char* arg) {
  m.def(name, [](nb::handle input, nb::handle op_name) {
    NodeName named(op_name);
    return Fn(to_tensor(input));
  }, nb::arg(arg), "name"_a = nb::none());
}

// pinv's and matrix_rank's `a`: a float matrix (TypeError otherwise, as TensorFlow's check).
tf::Tensor float_matrix(nb::handle a, const char* function) {
  const tf::Tensor x = to_tensor_hinted(a, tf::float32);
  if (x.dtype() != tf::float32 && x.dtype() != tf::float64)
    throw nb::type_error(("[" + std::string(function) + "] Input `a` must have `float`-like `dtype` (saw " +
                          std::string(tf::dtype_name(x.dtype())) + ").").c_str());
  return x;
}

// An optional threshold (rcond, tol) in x's dtype.
std::optional<tf::Tensor> threshold(nb::handle value, const tf::Tensor& x) {
  if (value.is_none()) return std::nullopt;
  return operand_like(value, x);
}

// The (lower_upper, perm) arguments of the lu_* functions, converted as TensorFlow's.
std::pair<tf::Tensor, tf::Tensor> lu_factors(nb::handle lower_upper, nb::handle perm) {
  return {to_tensor_hinted(lower_upper, tf::float32), to_tensor_hinted(perm, tf::int32)};
}

}  // namespace

void bind_linalg_factorizations(nb::module_& m) {
  nb::module_ l = m.def_submodule("_linalg_factorizations", "The C++ core of tf.linalg's factorizations and solvers.");
  def_unary<tf::linalg::det>(l, "det", "input");
  def_unary<tf::linalg::cholesky>(l, "cholesky", "input");
  def_unary<tf::linalg::logdet>(l, "logdet", "matrix");
  l.def("inv", [](nb::handle input, bool adjoint, nb::handle name) {
    NodeName named(name);
    return tf::linalg::inv(to_tensor(input), adjoint);
  }, "input"_a, "adjoint"_a = false, "name"_a = nb::none());
  l.def("slogdet", [](nb::handle input, nb::handle name) {
    NodeName named(name);
    auto [sign, log_abs] = tf::linalg::slogdet(to_tensor(input));
    return nb::make_tuple(sign, log_abs);
  }, "input"_a, "name"_a = nb::none());
  l.def("solve", [](nb::handle matrix, nb::handle rhs, bool adjoint, nb::handle name) {
    NodeName named(name);
    auto [a, b] = binary_operands(matrix, rhs);
    return tf::linalg::solve(a, b, adjoint);
  }, "matrix"_a, "rhs"_a, "adjoint"_a = false, "name"_a = nb::none());
  l.def("triangular_solve", [](nb::handle matrix, nb::handle rhs, bool lower, bool adjoint, nb::handle name) {
    NodeName named(name);
    auto [a, b] = binary_operands(matrix, rhs);
    return tf::linalg::triangular_solve(a, b, lower, adjoint);
  }, "matrix"_a, "rhs"_a, "lower"_a = true, "adjoint"_a = false, "name"_a = nb::none());
  l.def("cholesky_solve", [](nb::handle chol, nb::handle rhs, nb::handle name) {
    NodeName named(name);
    auto [a, b] = binary_operands(chol, rhs);
    return tf::linalg::cholesky_solve(a, b);
  }, "chol"_a, "rhs"_a, "name"_a = nb::none());
  l.def("cross", [](nb::handle a, nb::handle b, nb::handle name) {
    NodeName named(name);
    auto [x, y] = binary_operands(a, b);
    return tf::linalg::cross(x, y);
  }, "a"_a, "b"_a, "name"_a = nb::none());
  // a_is_sparse and b_is_sparse are hints TensorFlow's dense kernels ignore too.
  l.def("matvec", [](nb::handle a, nb::handle b, bool transpose_a, bool adjoint_a, bool, bool, nb::handle name) {
    NodeName named(name);
    auto [x, y] = binary_operands(a, b);
    return tf::linalg::matvec(x, y, {.transpose_a = transpose_a, .adjoint_a = adjoint_a});
  }, "a"_a, "b"_a, "transpose_a"_a = false, "adjoint_a"_a = false, "a_is_sparse"_a = false, "b_is_sparse"_a = false,
        "name"_a = nb::none());
  l.def("qr", [](nb::handle input, bool full_matrices, nb::handle name) {
    NodeName named(name);
    auto [q, r] = tf::linalg::qr(to_tensor(input), full_matrices);
    return nb::make_tuple(q, r);
  }, "input"_a, "full_matrices"_a = false, "name"_a = nb::none());
  l.def("eigh", [](nb::handle tensor, nb::handle name) {
    NodeName named(name);
    auto [e, v] = tf::linalg::eigh(to_tensor(tensor));
    return nb::make_tuple(e, v);
  }, "tensor"_a, "name"_a = nb::none());
  def_unary<tf::linalg::eigvalsh>(l, "eigvalsh", "tensor");
  l.def("expm", [](nb::handle input, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = to_tensor(input);
    return python_argument_errors("expm", [&] { return tf::linalg::expm(x); });
  }, "input"_a, "name"_a = nb::none());
  l.def("svd", [](nb::handle tensor, bool full_matrices, bool compute_uv, nb::handle name) -> nb::object {
    NodeName named(name);
    const tf::Tensor x = to_tensor(tensor);
    if (!compute_uv) return nb::cast(tf::linalg::singular_values(x));
    auto [s, u, v] = tf::linalg::svd(x, full_matrices);
    return nb::make_tuple(s, u, v);
  }, "tensor"_a, "full_matrices"_a = false, "compute_uv"_a = true, "name"_a = nb::none());
  l.def("pinv", [](nb::handle a, nb::handle rcond, bool, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = float_matrix(a, "pinv");
    return python_argument_errors("pinv", [&] { return tf::linalg::pinv(x, threshold(rcond, x)); });
  }, "a"_a, "rcond"_a = nb::none(), "validate_args"_a = false, "name"_a = nb::none());
  l.def("matrix_rank", [](nb::handle a, nb::handle tol, bool, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = float_matrix(a, "matrix_rank");
    return python_argument_errors("matrix_rank", [&] { return tf::linalg::matrix_rank(x, threshold(tol, x)); });
  }, "a"_a, "tol"_a = nb::none(), "validate_args"_a = false, "name"_a = nb::none());
  l.def("lstsq", [](nb::handle matrix, nb::handle rhs, double l2_regularizer, bool fast, nb::handle name) {
    NodeName named(name);
    auto [a, b] = binary_operands(matrix, rhs);
    return python_argument_errors("lstsq", [&] { return tf::linalg::lstsq(a, b, l2_regularizer, fast); });
  }, "matrix"_a, "rhs"_a, "l2_regularizer"_a = 0.0, "fast"_a = true, "name"_a = nb::none());
  l.def("lu", [](nb::handle input, nb::handle output_idx_type, nb::handle name) {
    NodeName named(name);
    auto [lu, p] = tf::linalg::lu(to_tensor(input), dtype_from(output_idx_type));
    return nb::make_tuple(lu, p);
  }, "input"_a, "output_idx_type"_a, "name"_a = nb::none());
  l.def("lu_solve", [](nb::handle lower_upper, nb::handle perm, nb::handle rhs, bool, nb::handle name) {
    NodeName named(name);
    auto [lu, p] = lu_factors(lower_upper, perm);
    return tf::linalg::lu_solve(lu, p, operand_like(rhs, lu));
  }, "lower_upper"_a, "perm"_a, "rhs"_a, "validate_args"_a = false, "name"_a = nb::none());
  l.def("lu_reconstruct", [](nb::handle lower_upper, nb::handle perm, bool, nb::handle name) {
    NodeName named(name);
    auto [lu, p] = lu_factors(lower_upper, perm);
    return tf::linalg::lu_reconstruct(lu, p);
  }, "lower_upper"_a, "perm"_a, "validate_args"_a = false, "name"_a = nb::none());
  l.def("lu_matrix_inverse", [](nb::handle lower_upper, nb::handle perm, bool, nb::handle name) {
    NodeName named(name);
    auto [lu, p] = lu_factors(lower_upper, perm);
    return tf::linalg::lu_matrix_inverse(lu, p);
  }, "lower_upper"_a, "perm"_a, "validate_args"_a = false, "name"_a = nb::none());
  l.def("normalize", [](nb::handle tensor, nb::handle ord, nb::handle axis, nb::handle name) {
    NodeName named(name);
    const tf::NormOrder order = nb::isinstance<nb::str>(ord) ? tf::NormOrder(nb::cast<std::string>(ord).c_str())
                                                             : tf::NormOrder(nb::cast<double>(ord));
    std::optional<std::vector<std::int64_t>> axes;
    if (!axis.is_none()) axes = int_list(axis);
    const tf::Tensor x = to_tensor(tensor);
    auto [normalized, norm] = python_argument_errors("norm", [&] { return tf::linalg::normalize(x, order, axes); });
    return nb::make_tuple(normalized, norm);
  }, "tensor"_a, "ord"_a = "euclidean", "axis"_a = nb::none(), "name"_a = nb::none());
}

}  // namespace tfpp_python

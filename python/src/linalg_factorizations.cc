// tf.linalg's factorizations, determinants and solvers (inv, det, slogdet, logdet, cholesky,
// solve, triangular_solve, cholesky_solve, cross, matvec, normalize) in the submodule
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

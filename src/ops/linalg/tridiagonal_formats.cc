// tf.linalg.tridiagonal_solve's three diagonals formats, each brought to the compact [..., 3, M]
// form TridiagonalSolve takes, and the reshaping of rhs, with the checks TensorFlow's Python makes
// on static shapes (its ValueErrors, here InvalidArgumentErrors named "[tridiagonal_solve]").
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "ops/linalg/tridiagonal_shifts.h"
#include "ops/linalg/tridiagonal_solve.h"
#include "tfpp/array_ops.h"
#include "tfpp/complex_ops.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_tridiagonal.h"
#include "tfpp/matrix_ops.h"

namespace tf::linalg {
namespace {

[[noreturn]] void fail(const std::string& message) { throw InvalidArgumentError("[tridiagonal_solve] " + message); }

// A static dimension as Python prints it ("None" when unknown).
std::string dim_string(std::int64_t d) { return d == None ? "None" : std::to_string(d); }

TensorShape leading(const TensorShape& s, int drop) {
  if (s.has_unknown_rank()) return s;
  return TensorShape(s.dims().first(std::max(0, s.rank() - drop)));
}

Tensor solve_compact(const Tensor& diagonals, Tensor rhs, const TridiagonalSolveOptions& o) {
  const TensorShape &d = diagonals.shape(), &r = rhs.shape();
  const bool ranks_known = !d.has_unknown_rank() && !r.has_unknown_rank();
  if (!d.has_unknown_rank()) {
    if (d.rank() < 2) fail("Expected diagonals to have rank at least 2, got " + std::to_string(d.rank()));
    if (!r.has_unknown_rank() && r.rank() != d.rank() && r.rank() != d.rank() - 1)
      fail("Expected the rank of rhs to be " + std::to_string(d.rank() - 1) + " or " + std::to_string(d.rank()) +
           ", got " + std::to_string(r.rank()));
    if (!r.has_unknown_rank() && !leading(d, 2).is_compatible_with(TensorShape(r.dims().first(d.rank() - 2))))
      fail("Batch shapes " + leading(d, 2).debug_string() + " and " + TensorShape(r.dims().first(d.rank() - 2)).debug_string() +
           " are incompatible");
    if (d.dim(-2) != None && d.dim(-2) != 3) fail("Expected 3 diagonals got " + std::to_string(d.dim(-2)));
  }
  const auto check_sizes = [&](const TensorShape& rows) {
    if (d.has_unknown_rank() || rows.has_unknown_rank()) return;
    if (d.dim(-1) != None && rows.dim(-2) != None && d.dim(-1) != rows.dim(-2))
      fail("Expected number of left-hand sided and right-hand sides to be equal, got " + dim_string(d.dim(-1)) + " and " +
           dim_string(rows.dim(-2)));
  };
  if (ranks_known && r.rank() == d.rank() - 1) {  // one right-hand side per system
    if (o.conjugate_rhs) rhs = math::conj(rhs);
    rhs = expand_dims(rhs, -1);
    check_sizes(rhs.shape());
    return squeeze(ops::linalg::tridiagonal_solve_op(diagonals, rhs, o.partial_pivoting, o.perturb_singular), {-1});
  }
  if (o.transpose_rhs) {
    rhs = matrix_transpose(rhs);
    if (o.conjugate_rhs) rhs = math::conj(rhs);
  } else if (o.conjugate_rhs) {
    rhs = math::conj(rhs);
  }
  check_sizes(rhs.shape());
  return ops::linalg::tridiagonal_solve_op(diagonals, rhs, o.partial_pivoting, o.perturb_singular);
}

// An off-diagonal of the sequence format: M long as it is, M - 1 long padded with a zero at `side`.
Tensor pad_if_necessary(const Tensor& t, std::int64_t m, const char* name, bool pad_front) {
  const std::int64_t n = t.shape().has_unknown_rank() || t.shape().rank() == 0 ? None : t.shape().dim(-1);
  if (n == None || n == 0 || n == m) return t;
  if (n != m - 1)
    fail("Expected " + std::string(name) + " to be have length " + dim_string(m) + " or " + dim_string(m == None ? None : m - 1) +
         ", got " + std::to_string(n) + ".");
  std::vector<std::array<std::int64_t, 2>> paddings(t.shape().rank(), {0, 0});
  paddings.back() = pad_front ? std::array<std::int64_t, 2>{1, 0} : std::array<std::int64_t, 2>{0, 1};
  return pad(t, paddings);
}

}  // namespace

Tensor tridiagonal_solve(const Tensor& diagonals, const Tensor& rhs, std::string_view diagonals_format,
                         const TridiagonalSolveOptions& options) {
  if (options.perturb_singular && !options.partial_pivoting) fail("partial_pivoting must be True if perturb_singular is.");
  if (diagonals_format == "compact") return solve_compact(diagonals, rhs, options);
  if (diagonals_format == "matrix") {
    const TensorShape& s = diagonals.shape();
    if (!s.has_unknown_rank() && s.rank() >= 2 && s.dim(-1) != None && s.dim(-2) != None && s.dim(-1) != s.dim(-2))
      fail("Expected last two dimensions of diagonals to be same, got " + std::to_string(s.dim(-1)) + " and " +
           std::to_string(s.dim(-2)));
    // TensorFlow's matrix_diag_part(k=(-1, 1), align='LEFT_RIGHT'): the superdiagonal padded at
    // its end, the subdiagonal at its start, i.e. the diagonals of the matrix shifted by a column.
    using ops::linalg::shift_along;
    const Tensor compact = stack({diag_part(shift_along(diagonals, -1, 1)), diag_part(diagonals),
                                  diag_part(shift_along(diagonals, -1, -1))},
                                 -2);
    return solve_compact(compact, rhs, options);
  }
  if (diagonals_format == "sequence") fail("Expected diagonals to be a sequence of length 3.");
  fail("Unrecognized diagonals_format: " + std::string(diagonals_format));
}

Tensor tridiagonal_solve(const std::array<Tensor, 3>& diagonals, const Tensor& rhs, const TridiagonalSolveOptions& options) {
  if (options.perturb_singular && !options.partial_pivoting) fail("partial_pivoting must be True if perturb_singular is.");
  const auto& [superdiag, maindiag, subdiag] = diagonals;
  const TensorShape main_batch = leading(maindiag.shape(), 1);
  if (!leading(subdiag.shape(), 1).is_compatible_with(main_batch) || !leading(superdiag.shape(), 1).is_compatible_with(main_batch))
    fail("Tensors representing the three diagonals must have the same shape,except for the last dimension, got " +
         subdiag.shape().debug_string() + ", " + maindiag.shape().debug_string() + ", " + superdiag.shape().debug_string());
  const TensorShape& ms = maindiag.shape();
  const std::int64_t m = ms.has_unknown_rank() || ms.rank() == 0 ? None : ms.dim(-1);
  const Tensor sub = pad_if_necessary(subdiag, m, "subdiagonal", true);
  const Tensor super = pad_if_necessary(superdiag, m, "superdiagonal", false);
  return solve_compact(stack({super, maindiag, sub}, -2), rhs, options);
}

}  // namespace tf::linalg

// tf.linalg.eigh_tridiagonal, composed of ops in the order TensorFlow's linalg_impl.py composes
// them, so float32 results round as TensorFlow's do: eigenvalues by bisection on Sturm counts from
// Gershgorin bounds (LAPACK's xSTEBZ), eigenvectors by inverse iteration (LAPACK's xSTEIN) with
// tridiagonal_solve's perturbed pivots, from TensorFlow's seeded normal vectors, vectors of close
// eigenvalues re-orthogonalized by QR.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ops/math/python_name_scope.h"
#include "tfpp/array_ops.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/complex_ops.h"
#include "tfpp/constant.h"
#include "tfpp/control_flow.h"
#include "tfpp/debugging.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_eigh_tridiagonal.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/linalg_tridiagonal.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/scatter_ops.h"

namespace tf::linalg {
namespace {

[[noreturn]] void fail(const std::string& message) { throw InvalidArgumentError("[eigh_tridiagonal] " + message); }

// NumPy's finfo of a float dtype, in that dtype's precision.
struct FloatInfo {
  double max, lowest, eps, tiny, safemin;
  int nmant;
};

template <class T>
FloatInfo info_of() {
  using L = std::numeric_limits<T>;
  const T one = 1;
  // LAPACK's safe minimum: 1 / max unless that underflows below tiny.
  const T safemin = std::max(one / L::max(), (one + L::epsilon()) * L::min());
  return {L::max(), L::lowest(), L::epsilon(), L::min(), safemin, L::digits - 1};
}

Tensor at(const Tensor& v, std::int64_t i) { return strided_slice(v, {i}, {i + 1}, {1}, {.shrink_axis_mask = 1}); }
Tensor head(const Tensor& v, std::int64_t end) { return strided_slice(v, {0}, {end}, {1}); }                  // v[:end]
Tensor tail(const Tensor& v, std::int64_t begin) { return strided_slice(v, {begin}, {0}, {1}, {.end_mask = 1}); }  // v[begin:]

// The number of eigenvalues below each x (Sturm sequence counts), as TensorFlow's _sturm.
struct SturmCount {
  Tensor alpha, beta_sq, pivmin, alpha0_perturbation;
  std::int64_t n;

  Tensor operator()(const Tensor& x) const {
    const Tensor zeros = cast(zeros_like(x), int32), ones = cast(ones_like(x), int32);
    const Tensor alpha0 = at(alpha, 0);
    Tensor q = alpha0 - x;
    Tensor count = where(math::less(q, scalar_like(q, 0)), ones, zeros);
    q = where(math::equal(alpha0, x), alpha0_perturbation, q);
    for (std::int64_t i = 1; i < n; ++i) {
      q = at(alpha, i) - at(beta_sq, i - 1) / q - x;
      const Tensor small = math::less_equal(q, pivmin);
      count = where(small, count + 1, count);
      q = where(small, math::minimum(q, math::negative(pivmin)), q);
    }
    return count;
  }
};

Tensor midpoint(const Tensor& lower, const Tensor& upper) { return lower * 0.5 + upper * 0.5; }

Tensor compute_eigenvalues(Tensor alpha, const Tensor& beta, std::int64_t n, const EighTridiagonalOptions& o) {
  return ops::with_python_scope("compute_eigenvalues", [&](graph::OpNameScope*) {
    Tensor beta_sq, beta_abs;
    if (is_complex(alpha.dtype())) {
      alpha = math::real(alpha);
      beta_sq = math::real(math::conj(beta) * beta);
      beta_abs = math::sqrt(beta_sq);
    } else {
      beta_sq = math::square(beta);
      beta_abs = math::abs(beta);
    }
    const FloatInfo f = alpha.dtype() == float32 ? info_of<float>() : info_of<double>();
    const auto scalar = [&](double v) { return scalar_like(alpha, v); };
    const Tensor off_diagonal_row_sums = concat({head(beta_abs, 1), head(beta_abs, -1) + tail(beta_abs, 1), tail(beta_abs, -1)}, 0);
    const Tensor lambda_max = math::minimum(scalar(f.max), reduce_max(alpha + off_diagonal_row_sums));
    const Tensor lambda_min = math::maximum(scalar(f.lowest), reduce_min(alpha - off_diagonal_row_sums));
    const Tensor t_norm = math::maximum(math::abs(lambda_min), math::abs(lambda_max));
    Tensor pivmin = scalar(f.safemin) * math::maximum(scalar(1), reduce_max(beta_sq));
    Tensor alpha0_perturbation = math::square(scalar(f.eps) * at(beta_abs, 0));
    Tensor abs_tol = scalar(f.eps) * t_norm;
    if (o.tol && *o.tol != 0) abs_tol = math::maximum(scalar(*o.tol), abs_tol);
    const Tensor max_it = constant(static_cast<std::int32_t>(f.nmant + 1));
    // TensorFlow widens the Gershgorin interval by `fudge`, in its order of operations.
    const double fudge = 2.1;
    const Tensor norm_slack = scalar(static_cast<double>(n)) * scalar(fudge) * scalar(f.eps) * t_norm;
    Tensor lower, upper, target_counts;
    if (o.select == "a" || o.select == "i") {
      if (o.select == "a") {
        target_counts = range(std::int32_t{0}, static_cast<std::int32_t>(n));
      } else {
        const auto [first, last] = *o.select_range;
        debugging::assert_less_equal(constant(static_cast<std::int32_t>(first)), constant(static_cast<std::int32_t>(last)),
                          "Got empty index range in select_range.");
        target_counts = range(static_cast<std::int32_t>(first), static_cast<std::int32_t>(last) + 1);
      }
      lower = lambda_min - norm_slack - scalar(2 * fudge) * pivmin;
      upper = lambda_max + norm_slack + scalar(fudge) * pivmin;
    } else {
      const auto [first, last] = *o.select_range;
      debugging::assert_less(constant(static_cast<float>(first)), constant(static_cast<float>(last)), "Got empty interval in select_range.");
      lower = scalar(first) - norm_slack - scalar(2 * fudge) * pivmin;
      upper = scalar(last) + norm_slack + scalar(fudge) * pivmin;
      const SturmCount sturm{alpha, beta_sq, pivmin, alpha0_perturbation, n};
      target_counts = range(sturm(lower), sturm(upper), constant(std::int32_t{1}));
    }
    upper = math::minimum(upper, scalar(f.max));
    lower = math::maximum(lower, scalar(f.lowest));
    const Tensor target_shape = shape(target_counts);
    lower = broadcast_to(lower, target_shape);
    upper = broadcast_to(upper, target_shape);
    pivmin = broadcast_to(pivmin, target_shape);
    alpha0_perturbation = broadcast_to(alpha0_perturbation, target_shape);
    const SturmCount sturm{alpha, beta_sq, pivmin, alpha0_perturbation, n};
    const auto [steps, low, high] = while_loop(
        [&](const Tensor& i, const Tensor& l, const Tensor& u) {
          return math::logical_and(math::less(i, max_it), math::less(abs_tol, reduce_max(u - l)));
        },
        [&](const Tensor& i, const Tensor& l, const Tensor& u) {
          const Tensor mid = midpoint(l, u);
          const Tensor counts = sturm(mid);
          return std::tuple{i + 1, where(math::less_equal(counts, target_counts), mid, l),
                            where(math::greater(counts, target_counts), mid, u)};
        },
        std::tuple{constant(std::int32_t{0}), lower, upper});
    (void)steps;
    return midpoint(low, high);
  });
}

// Euclidean norms of the rows, as TensorFlow's norm(v, axis=1): sqrt(sum(v conj(v))).
Tensor row_norms(const Tensor& v) { return math::sqrt(reduce_sum(v * math::conj(v), 1)); }

Tensor compute_eigenvectors(const Tensor& alpha, const Tensor& beta, const Tensor& eigvals, std::int64_t n) {
  return ops::with_python_scope("compute_eigenvectors", [&](graph::OpNameScope*) {
    const std::int64_t k = eigvals.shape().dim(0);
    if (k == None) fail("the number of eigenvalues in select_range must be known to compute eigenvectors when traced");
    const DType dtype = beta.dtype();
    const FloatInfo f = eigvals.dtype() == float32 ? info_of<float>() : info_of<double>();
    const Tensor gap = tail(eigvals, 1) - head(eigvals, -1);
    const Tensor t_norm = math::maximum(math::abs(at(eigvals, 0)), math::abs(at(eigvals, k - 1)));
    const double sqrt_eps = eigvals.dtype() == float32 ? std::sqrt(static_cast<float>(f.eps)) : std::sqrt(f.eps);
    const Tensor close = math::less(gap, scalar_like(t_norm, sqrt_eps) * t_norm);
    const Tensor no = reshape(constant(false), {1});
    const Tensor left_close = concat({no, close}, 0), right_close = concat({close, no}, 0);
    const Tensor starts = squeeze(where(math::logical_and(math::logical_not(left_close), right_close)), {-1});
    const Tensor ends = squeeze(where(math::logical_and(left_close, math::logical_not(right_close))), {-1}) + std::int64_t{1};
    const Tensor num_clusters = size(ends);
    Tensor v0 = cast(random::stateless_normal({k, n}, {7, 42}), dtype);
    const Tensor nrm_v0 = row_norms(v0);
    v0 = v0 / expand_dims(nrm_v0, 1);
    const Tensor eigvals_cast = cast(eigvals, dtype);
    const Tensor alpha_shifted = expand_dims(cast(alpha, dtype), 0) - expand_dims(eigvals_cast, 1);
    const Tensor beta_rows = tile(expand_dims(beta, 0), {k, 1});
    const std::array<Tensor, 3> diagonals = {beta_rows, alpha_shifted, math::conj(beta_rows)};
    // Vectors of a cluster of close eigenvalues are replaced by an orthonormal basis of their span.
    const auto orthogonalize = [&](const Tensor& vectors) {
      const auto [c, out] = while_loop(
          [&](const Tensor& i, const Tensor&) { return math::less(i, num_clusters); },
          [&](const Tensor& i, const Tensor& ev) {
            const Tensor start = gather(starts, IntArray(i)), end = gather(ends, IntArray(i));
            const Tensor zero = constant(std::int64_t{0});
            const Tensor cluster = strided_slice(ev, IntArray(stack({start, zero})), IntArray(stack({end, zero})), {1, 1},
                                                 {.end_mask = 2});
            const Tensor q = qr(transpose(cluster)).q;
            const Tensor indices = expand_dims(range(start, end, constant(std::int64_t{1})), -1);
            return std::tuple{i + 1, tensor_scatter_nd_update(ev, IntArray(indices), transpose(q))};
          },
          std::tuple{constant(std::int32_t{0}), vectors});
      (void)c;
      return out;
    };
    const Tensor growth = scalar_like(nrm_v0, 1.1);
    const auto [steps, v, nrm_v, nrm_v_old] = while_loop(
        [&](const Tensor& i, const Tensor&, const Tensor& nrm, const Tensor& nrm_old) {
          return math::logical_and(math::less(i, constant(std::int32_t{5})),
                                   reduce_any(math::greater_equal(math::real(nrm), math::real(growth * nrm_old))));
        },
        [&](const Tensor& i, const Tensor& vectors, const Tensor& nrm, const Tensor&) {
          const Tensor solved = tridiagonal_solve(diagonals, vectors, {.partial_pivoting = true, .perturb_singular = true});
          const Tensor new_norms = row_norms(solved);
          return std::tuple{i + 1, orthogonalize(solved / expand_dims(new_norms, 1)), new_norms, nrm};
        },
        std::tuple{constant(std::int32_t{0}), v0, nrm_v0, zeros_like(nrm_v0)});
    (void)steps;
    (void)nrm_v;
    (void)nrm_v_old;
    return transpose(v);
  });
}

}  // namespace

EighTridiagonal eigh_tridiagonal(const Tensor& alpha, const Tensor& beta, const EighTridiagonalOptions& options) {
  if (options.select != "a" && options.select != "v" && options.select != "i")
    fail("'select must have a value in {'a', 'i', 'v'}.");
  if (options.select != "a" && !options.select_range) fail("select '" + options.select + "' needs select_range");
  const TensorShape& s = alpha.shape();
  if (s.has_unknown_rank() || s.rank() != 1 || s.dim(0) == None)
    fail("alpha must be a vector of known size, got shape " + s.debug_string());
  const std::int64_t n = s.dim(0);
  EighTridiagonal result;
  result.eigvals = ops::with_python_scope("eigh_tridiagonal", [&](graph::OpNameScope*) {
    if (n <= 1) return math::real(alpha);
    if (alpha.dtype() != beta.dtype()) fail("'alpha' and 'beta' must have the same type.");
    const Tensor eigvals = compute_eigenvalues(alpha, beta, n, options);
    if (!options.eigvals_only) result.eigvectors = compute_eigenvectors(alpha, beta, eigvals, n);
    return eigvals;
  });
  return result;
}

}  // namespace tf::linalg

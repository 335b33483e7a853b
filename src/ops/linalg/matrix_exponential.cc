// tf.linalg.expm: TensorFlow's scaling-and-squaring composite with Padé approximants (degree 3,
// 5 or 7 for float32; 3 to 13 for float64, chosen per matrix by its 1-norm), so its values and
// gradients follow from matmul, MatrixSolve, where and a while loop, as in TensorFlow.
#include <cmath>
#include <limits>

#include "ops/math/python_name_scope.h"
#include "ops/array/gradient_shape_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/control_flow.h"
#include "tfpp/errors.h"
#include "tfpp/float_classification_ops.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/math_ops.h"
#include "tfpp/matrix_exponential.h"
#include "tfpp/matrix_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::linalg {
namespace {

// The odd part u and even part v of a Padé approximant: exp(a) ~ (v - u)^-1 (v + u).
struct Pade {
  Tensor u, v;
};

// Degrees 3, 5, 7 and 9 with TensorFlow's coefficients b[0..degree-1]: with p = (I, a^2, a^4, ...),
// u = a (p_top + b[degree-2] p_top-1 + ... + b[1] I) and v = b[degree-1] p_top + ... + b[0] I.
Pade pade(const Tensor& a, const Tensor& identity, const std::vector<double>& b) {
  std::vector<Tensor> p{identity, matmul(a, a)};
  while (p.size() < (b.size() + 1) / 2) p.push_back(matmul(p.back(), p[1]));
  const std::size_t top = p.size() - 1;
  Tensor odd = p[top], even = p[top] * b[2 * top];
  for (std::size_t k = top; k-- > 0;) {
    odd = odd + p[k] * b[2 * k + 1];
    even = even + p[k] * b[2 * k];
  }
  return {matmul(a, odd), even};
}

// Degree 13 evaluates its high powers through a^6 products, as TensorFlow does.
Pade pade13(const Tensor& a, const Tensor& identity) {
  const double b[] = {64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
                      129060195264000.0,   10559470521600.0,    670442572800.0,     33522128640.0,
                      1323241920.0,        40840800.0,          960960.0,           16380.0,
                      182.0};
  const Tensor a2 = matmul(a, a), a4 = matmul(a2, a2), a6 = matmul(a4, a2);
  const Tensor tmp_u = matmul(a6, a6 + a4 * b[11] + a2 * b[9]) + a6 * b[7] + a4 * b[5] + a2 * b[3] + identity * b[1];
  const Tensor tmp_v = a6 * b[12] + a4 * b[10] + a2 * b[8];
  return {matmul(a, tmp_u), matmul(a6, tmp_v) + a6 * b[6] + a4 * b[4] + a2 * b[2] + identity * b[0]};
}

const std::vector<double> kPade3 = {120.0, 60.0, 12.0};
const std::vector<double> kPade5 = {30240.0, 15120.0, 3360.0, 420.0, 30.0};
const std::vector<double> kPade7 = {17297280.0, 8648640.0, 1995840.0, 277200.0, 25200.0, 1512.0, 56.0};
const std::vector<double> kPade9 = {17643225600.0, 8821612800.0, 2075673600.0, 302702400.0, 30270240.0,
                                    2162160.0,     110880.0,     3960.0,       90.0};

// where(norm < bounds[0], cases[0], where(norm < bounds[1], cases[1], ...)).
Tensor by_norm(const Tensor& norm, const std::vector<double>& bounds, const std::vector<Tensor>& cases, std::size_t k = 0) {
  if (k + 1 == cases.size()) return cases[k];
  return where(math::less(norm, scalar_like(norm, bounds[k])), cases[k], by_norm(norm, bounds, cases, k + 1));
}

// exp(matrix) for a batch of square float matrices, in expm's scope. TensorFlow flattens the
// batch first; every op here keeps batch dimensions apart anyway.
Tensor scaled_and_squared(const Tensor& matrix) {
  const Tensor l1_norm = reduce_max(reduce_sum(math::abs(matrix), -2, {.keepdims = true}), -1, {.keepdims = true});
  const Tensor rows = strided_slice(shape(matrix), {0}, {-1}, {1});
  const Tensor identity = diag(ops::array::fill(rows, scalar_like(matrix, 1.0)));
  auto scaled = [&](double max_norm) {
    const Tensor squarings =
        math::maximum(math::floor(math::log(l1_norm / scalar_like(l1_norm, max_norm)) / math::log(scalar_like(l1_norm, 2.0))),
                      scalar_like(l1_norm, 0.0));
    return std::pair{squarings, matrix / math::pow(scalar_like(l1_norm, 2.0), squarings)};
  };
  Tensor u, v, squarings;
  if (matrix.dtype() == float32) {
    const auto [k, a] = scaled(3.925724783138660);
    squarings = k;
    const Pade p3 = pade(matrix, identity, kPade3), p5 = pade(matrix, identity, kPade5), p7 = pade(a, identity, kPade7);
    const std::vector<double> bounds = {4.258730016922831e-001, 1.880152677804762e+000};
    u = by_norm(l1_norm, bounds, {p3.u, p5.u, p7.u});
    v = by_norm(l1_norm, bounds, {p3.v, p5.v, p7.v});
  } else {
    const auto [k, a] = scaled(5.371920351148152);
    squarings = k;
    const Pade p3 = pade(matrix, identity, kPade3), p5 = pade(matrix, identity, kPade5);
    const Pade p7 = pade(matrix, identity, kPade7), p9 = pade(matrix, identity, kPade9), p13 = pade13(a, identity);
    const std::vector<double> bounds = {1.495585217958292e-002, 2.539398330063230e-001, 9.504178996162932e-001,
                                        2.097847961257068e+000};
    u = by_norm(l1_norm, bounds, {p3.u, p5.u, p7.u, p9.u, p13.u});
    v = by_norm(l1_norm, bounds, {p3.v, p5.v, p7.v, p9.v, p13.v});
  }
  // A non-finite norm gives NaN everywhere (the solve would fail on it).
  const Tensor finite = math::is_finite(reduce_max(l1_norm));
  const Tensor approximant =
      cond(finite, [&] { return solve(v - u, u + v); }, [&] { return u * std::numeric_limits<double>::quiet_NaN(); });
  const Tensor most = reduce_max(squarings);
  auto more = [&](const Tensor& i, const Tensor&) { return math::logical_and(finite, math::less(i, most)); };
  auto square = [&](const Tensor& i, const Tensor& r) {
    return std::tuple{i + 1.0, where(math::less(i, squarings), matmul(r, r), r)};
  };
  const auto [i, result] = while_loop(more, square, std::tuple{scalar_like(l1_norm, 0.0), approximant});
  (void)i;
  return result;
}

}  // namespace

Tensor expm(const Tensor& input) {
  const TensorShape& s = input.shape();
  if (input.dtype() != float32 && input.dtype() != float64)
    throw InvalidArgumentError("[expm] tf.linalg.expm does not support matrices of type " + std::string(dtype_name(input.dtype())));
  if (s.has_unknown_rank() || s.rank() < 2)
    throw InvalidArgumentError("[expm] input must have a known rank >= 2, got shape " + s.debug_string());
  if (s.dim(-2) == 0 && s.dim(-1) == 0) return input;
  return ops::with_python_scope("matrix_exponential", [&](graph::OpNameScope*) { return scaled_and_squared(input); });
}

}  // namespace tf::linalg

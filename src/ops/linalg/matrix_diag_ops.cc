// MatrixBandPart, MatrixDiag, MatrixDiagPart and MatrixSetDiag over batches of [rows, cols]
// matrices (element loops: these ops are rare and move little data), and the composites
// trace and matrix_transpose.
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/array_ops.h"
#include "tfpp/matrix_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

void check_matrices(const OpContext& ctx, const TensorShape& s) {
  if (!s.has_unknown_rank() && s.rank() < 2) ctx.fail("input must be at least 2-dim, received shape: " + s.debug_string());
}

// The number of matrices of a [..., rows, cols] (or [..., n] diagonals) tensor.
std::int64_t batch_of(const TensorShape& s, int core) {
  std::int64_t n = 1;
  for (int i = 0; i < s.rank() - core; ++i) n *= s.dim(i);
  return n;
}

// ---- MatrixBandPart: input, num_lower, num_upper ----

void band_part_shape(ShapeContext& ctx) {
  check_matrices(ctx, ctx.input(0).shape());
  check_int_input(ctx, 1, "num_lower", 0);
  check_int_input(ctx, 2, "num_upper", 0);
  const TensorShape& s = ctx.input(0).shape();
  const auto lower = known_int_values(ctx, 1), upper = known_int_values(ctx, 2);
  if (!s.has_unknown_rank() && lower && s.dim(-2) != None && (*lower)[0] > s.dim(-2))
    ctx.fail("num_lower must be negative or less or equal to number of rows (" + std::to_string(s.dim(-2)) +
             ") got: " + std::to_string((*lower)[0]));
  if (!s.has_unknown_rank() && upper && s.dim(-1) != None && (*upper)[0] > s.dim(-1))
    ctx.fail("num_upper must be negative or less or equal to number of columns (" + std::to_string(s.dim(-1)) +
             ") got: " + std::to_string((*upper)[0]));
  ctx.add_output(ctx.input(0).dtype(), s);
}

template <class S>
void band_part_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const std::int64_t rows = in.shape().dim(-2), cols = in.shape().dim(-1);
  const std::int64_t lower = int_values(ctx.input(1))[0], upper = int_values(ctx.input(2))[0];
  const S* src = elements<S>(in);
  S* dst = mutable_elements<S>(ctx.output(0));
  kernels::parallel_for(batch_of(in.shape(), 2) * rows, cols, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t r = begin; r < end; ++r) {
      const std::int64_t i = r % rows;
      for (std::int64_t j = 0; j < cols; ++j) {
        const bool keep = (lower < 0 || i - j <= lower) && (upper < 0 || j - i <= upper);
        dst[r * cols + j] = keep ? src[r * cols + j] : S{};
      }
    }
  });
}

// ---- MatrixDiag: diagonal [..., n] -> [..., n, n] ----

void diag_shape(ShapeContext& ctx) {
  const TensorShape& d = ctx.input(0).shape();
  if (d.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  if (d.rank() < 1) ctx.fail("diagonal must be at least 1-dim, received shape: " + d.debug_string());
  TensorShape out = d;
  out.append(d.dim(-1));
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class S>
void diag_kernel(KernelContext& ctx) {
  const Tensor& d = ctx.input(0);
  const std::int64_t n = d.shape().dim(-1), batch = batch_of(d.shape(), 1);
  const S* src = elements<S>(d);
  S* dst = mutable_elements<S>(ctx.output(0));
  std::fill(dst, dst + batch * n * n, S{});
  for (std::int64_t b = 0; b < batch; ++b)
    for (std::int64_t i = 0; i < n; ++i) dst[(b * n + i) * n + i] = src[b * n + i];
}

// ---- MatrixDiagPart: input [..., rows, cols] -> [..., min(rows, cols)] ----

std::int64_t diag_length(const TensorShape& s) {
  const std::int64_t r = s.dim(-2), c = s.dim(-1);
  return r == None || c == None ? None : std::min(r, c);
}

void diag_part_shape(ShapeContext& ctx) {
  const TensorShape& s = ctx.input(0).shape();
  check_matrices(ctx, s);
  if (s.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), s);
  TensorShape out = s;
  out.remove_dim(-1);
  out.set_dim(-1, diag_length(s));
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class S>
void diag_part_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const std::int64_t rows = in.shape().dim(-2), cols = in.shape().dim(-1), n = std::min(rows, cols);
  const S* src = elements<S>(in);
  S* dst = mutable_elements<S>(ctx.output(0));
  for (std::int64_t b = 0; b < batch_of(in.shape(), 2); ++b)
    for (std::int64_t i = 0; i < n; ++i) dst[b * n + i] = src[(b * rows + i) * cols + i];
}

// ---- MatrixSetDiag: input [..., rows, cols], diagonal [..., min(rows, cols)] ----

void set_diag_shape(ShapeContext& ctx) {
  const TensorShape& s = ctx.input(0).shape();
  const TensorShape& d = ctx.input(1).shape();
  check_matrices(ctx, s);
  if (ctx.input(0).dtype() != ctx.input(1).dtype())
    ctx.fail("input and diagonal must have one dtype, got " + describe(ctx.input(0)) + " and " + describe(ctx.input(1)));
  if (!s.has_unknown_rank() && !d.has_unknown_rank()) {
    TensorShape expected = s;
    expected.remove_dim(-1);
    expected.set_dim(-1, diag_length(s));
    if (!expected.is_compatible_with(d))
      ctx.fail("diagonal must have shape input.shape[:-2] + [min(rows, cols)] = " + expected.debug_string() +
               ", got " + d.debug_string() + " (input " + s.debug_string() + ")");
  }
  ctx.add_output(ctx.input(0).dtype(), s);
}

template <class S>
void set_diag_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const std::int64_t rows = in.shape().dim(-2), cols = in.shape().dim(-1), n = std::min(rows, cols);
  const S* diag = elements<S>(ctx.input(1));
  S* dst = mutable_elements<S>(ctx.output(0));
  kernels::copy_run(elements<S>(in), in.num_elements(), dst);
  for (std::int64_t b = 0; b < batch_of(in.shape(), 2); ++b)
    for (std::int64_t i = 0; i < n; ++i) dst[(b * rows + i) * cols + i] = diag[b * n + i];
}

const OpDef& kMatrixBandPart = copy_op("MatrixBandPart", 3, band_part_shape, {},
                                       []<class S>() -> KernelFn { return &band_part_kernel<S>; });
const OpDef& kMatrixDiag = copy_op("MatrixDiag", 1, diag_shape, {}, []<class S>() -> KernelFn { return &diag_kernel<S>; });
const OpDef& kMatrixDiagPart = copy_op("MatrixDiagPart", 1, diag_part_shape, {},
                                       []<class S>() -> KernelFn { return &diag_part_kernel<S>; });
const OpDef& kMatrixSetDiag = copy_op("MatrixSetDiag", 2, set_diag_shape, {},
                                      []<class S>() -> KernelFn { return &set_diag_kernel<S>; });

}  // namespace

namespace linalg {

Tensor band_part(const Tensor& input, const Tensor& num_lower, const Tensor& num_upper) {
  return ops::execute1(kMatrixBandPart, {input, num_lower, num_upper});
}

Tensor band_part(const Tensor& input, std::int64_t num_lower, std::int64_t num_upper) {
  return band_part(input, constant(num_lower), constant(num_upper));
}

Tensor diag(const Tensor& diagonal) { return ops::execute1(kMatrixDiag, {diagonal}); }

Tensor diag_part(const Tensor& input) { return ops::execute1(kMatrixDiagPart, {input}); }

Tensor set_diag(const Tensor& input, const Tensor& diagonal) { return ops::execute1(kMatrixSetDiag, {input, diagonal}); }

Tensor trace(const Tensor& x) { return reduce_sum(diag_part(x), -1); }

Tensor matrix_transpose(const Tensor& a) {
  const TensorShape& s = a.shape();
  if (s.has_unknown_rank()) throw InvalidArgumentError("[matrix_transpose] the rank of a must be known");
  if (s.rank() < 2)
    throw InvalidArgumentError("[matrix_transpose] a should be a (batch) matrix with rank >= 2, got shape " +
                               s.debug_string());
  std::vector<std::int64_t> perm;
  for (int i = 0; i < s.rank() - 2; ++i) perm.push_back(i);
  perm.push_back(s.rank() - 1);
  perm.push_back(s.rank() - 2);
  return transpose(a, perm);
}

Tensor adjoint(const Tensor& matrix) { return matrix_transpose(matrix); }

}  // namespace linalg
}  // namespace tf

// Transpose: permutes dimensions (a blocked copy; see kernels/cpu/transpose.h).
#include "kernels/cpu/transpose.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/array_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// Validates perm against `rank` and returns it as ints.
core::SmallVector<int, kMaxRank> checked_perm(const OpContext& ctx, std::span<const std::int64_t> perm, int rank) {
  if (static_cast<int>(perm.size()) != rank)
    ctx.fail("perm " + join_ints(perm) + " has " + std::to_string(perm.size()) + " entries but the input " +
             describe(ctx.input(0)) + " has rank " + std::to_string(rank));
  std::array<bool, kMaxRank> seen{};
  core::SmallVector<int, kMaxRank> result;
  for (std::int64_t p : perm) {
    if (p < 0 || p >= rank)
      ctx.fail("perm " + join_ints(perm) + " has entry " + std::to_string(p) + ", outside [0, " + std::to_string(rank) + ")");
    if (seen[p]) ctx.fail("perm " + join_ints(perm) + " is not a permutation: " + std::to_string(p) + " appears twice");
    seen[p] = true;
    result.push_back(static_cast<int>(p));
  }
  return result;
}

void transpose_shape(ShapeContext& ctx) {
  check_int_input(ctx, 1, "perm", 1);
  const TensorShape& in = ctx.input(0).shape();
  TensorShape out;
  if (auto perm = known_int_values(ctx, 1); perm && !in.has_unknown_rank()) {
    for (int p : checked_perm(ctx, *perm, in.rank())) out.append(in.dim(p));
  } else if (!in.has_unknown_rank()) {
    for (int i = 0; i < in.rank(); ++i) out.append(None);
  } else {
    out = TensorShape::unknown_rank();
  }
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class S>
void transpose_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const auto perm = checked_perm(ctx, int_values(ctx.input(1)), in.rank());
  kernels::transpose(elements<S>(in), mutable_elements<S>(ctx.output(0)), in.shape(),
                     std::span<const int>(perm.data(), perm.size()));
}

OpBuilder transpose_builder() {
  OpBuilder b("Transpose");
  b.inputs(2).shape(transpose_shape);
  all_dtypes(b, []<class S>() -> KernelFn { return &transpose_kernel<S>; });
  return b;
}

const OpDef& kTranspose = transpose_builder();

}  // namespace

Tensor transpose(const Tensor& t, const IntArray& perm) { return ops::execute1(kTranspose, {t, perm.tensor()}); }

Tensor transpose(const Tensor& t) {
  if (t.shape().has_unknown_rank())  // traced without a known rank: the graph computes the reversed perm
    return transpose(t, range(rank(t) - 1, constant(-1), constant(-1)));
  std::vector<std::int64_t> perm;
  for (int i = t.rank() - 1; i >= 0; --i) perm.push_back(i);
  return transpose(t, perm);
}

}  // namespace tf

// TopKV2, and tf::sort / tf::argsort composed from it (as TensorFlow composes them).
#include <numeric>

#include "kernels/cpu/reduce_top_k.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Attributes: k (int64), sorted. Outputs: values [..., k], indices int32 [..., k].
void top_k_shape(ShapeContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  const std::int64_t k = ctx.attr<std::int64_t>(0);
  if (k < 0) ctx.fail("need k >= 0, got " + std::to_string(k));
  TensorShape out = in;
  if (!in.has_unknown_rank()) {
    if (in.rank() < 1) ctx.fail("input must have rank >= 1, got shape " + in.debug_string());
    if (in.dim(-1) != None && in.dim(-1) < k)
      ctx.fail("input must have at least k columns: had " + std::to_string(in.dim(-1)) + ", needed " +
               std::to_string(k) + " (shape " + in.debug_string() + ")");
    out.set_dim(-1, k);
  }
  ctx.add_output(ctx.input(0).dtype(), out);
  ctx.add_output(DType::kInt32, out);
}

template <class T>
void top_k_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const std::int64_t n = in.shape().dim(-1), k = ctx.attr<std::int64_t>(0);
  if (k == 0) return;  // empty outputs (and n may be 0)
  const std::int64_t rows = in.num_elements() / n;
  kernels::top_k_rows<T>(in.data<T>(), ctx.output(0).mutable_data<T>(), ctx.output(1).mutable_data<std::int32_t>(),
                         rows, n, k);
}

const OpDef& kTopKV2 = OpBuilder("TopKV2").inputs(1).attrs({"k", "sorted"}).shape(top_k_shape)
                           .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t,
                                    std::uint16_t, std::uint32_t, std::uint64_t>(
                               []<class T>() -> KernelFn { return &top_k_kernel<T>; });

// The permutation swapping `axis` with the last (its own inverse), or empty when axis is last.
std::vector<std::int64_t> swap_with_last(const char* op, const Tensor& t, std::int64_t axis) {
  const int rank = t.shape().rank();
  if (rank < 1)
    throw InvalidArgumentError(std::string("[") + op + "] values must have rank >= 1, got shape " +
                               t.shape().debug_string());
  if (axis < -rank || axis >= rank)
    throw InvalidArgumentError(std::string("[") + op + "] axis " + std::to_string(axis) +
                               " is out of range for a tensor of shape " + t.shape().debug_string());
  const int a = static_cast<int>(axis < 0 ? axis + rank : axis);
  if (a == rank - 1) return {};
  std::vector<std::int64_t> perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[a], perm[rank - 1]);
  return perm;
}

// Note [Stable ascending sort from TopKV2]: TopKV2 orders largest first with ties by lower
// index. Running it on the row reversed, and reversing its result, orders smallest first with
// ties by lower index again, with no negation (which would overflow the lowest integer).
math::TopK sort_last_axis(const char* op, const Tensor& values, const std::string& direction) {
  const bool ascending = direction == "ASCENDING";
  if (!ascending && direction != "DESCENDING")
    throw InvalidArgumentError(std::string("[") + op + "] direction must be \"ASCENDING\" or \"DESCENDING\", got \"" +
                               direction + "\"");
  const std::int64_t n = values.shape().dim(-1);
  if (n == None)
    throw InvalidArgumentError(std::string("[") + op + "] the sorted axis must have a known size, got shape " +
                               values.shape().debug_string());
  if (!ascending) return math::top_k(values, n);
  const auto [v, i] = math::top_k(reverse(values, {-1}), n);
  return {reverse(v, {-1}), subtract(constant(static_cast<std::int32_t>(n - 1)), reverse(i, {-1}))};
}

}  // namespace

namespace math {

TopK top_k(const Tensor& input, std::int64_t k, bool sorted) {
  const AttrValue attrs[] = {k, sorted};
  auto out = ops::execute(kTopKV2, {input}, attrs);
  return {std::move(out[0]), std::move(out[1])};
}

}  // namespace math

Tensor sort(const Tensor& values, std::int64_t axis, const std::string& direction) {
  const auto perm = swap_with_last("Sort", values, axis);
  if (perm.empty()) return sort_last_axis("Sort", values, direction).values;
  return transpose(sort_last_axis("Sort", transpose(values, perm), direction).values, perm);
}

Tensor argsort(const Tensor& values, std::int64_t axis, const std::string& direction, bool stable) {
  const auto perm = swap_with_last("Argsort", values, axis);
  if (perm.empty()) return sort_last_axis("Argsort", values, direction).indices;
  return transpose(sort_last_axis("Argsort", transpose(values, perm), direction).indices, perm);
}

}  // namespace tf

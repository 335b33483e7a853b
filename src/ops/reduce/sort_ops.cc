// TopKV2, and tf::sort / tf::argsort composed from it (as TensorFlow composes them).
#include <limits>
#include <numeric>
#include <optional>

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
using ops::OpContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// k's value when it is concrete (a scalar, as the shape function checks), or nullopt while tracing.
std::optional<std::int64_t> known_k(const OpContext& ctx) {
  const Tensor& k = ctx.input(1);
  if (k.is_symbolic()) return std::nullopt;
  return k.dtype() == DType::kInt32 ? k.data<std::int32_t>()[0] : k.data<std::int64_t>()[0];
}

// Inputs: input, k (an int32 or int64 scalar). Attribute: sorted. Outputs: values [..., k] and
// indices int32 [..., k], whose last dimension is unknown while k is. The checks and their texts
// are TensorFlow's kernel's; a k known while tracing is checked then, as TensorFlow's shape function does.
void top_k_shape(ShapeContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  const Tensor& k_in = ctx.input(1);
  if (!is_index_dtype(k_in.dtype())) ctx.fail("k must be int32 or int64, got dtype " + std::string(dtype_name(k_in.dtype())));
  if (!k_in.shape().has_unknown_rank() && k_in.shape().rank() != 0)
    ctx.fail("k must be scalar, got shape " + k_in.shape().debug_string());
  const std::optional<std::int64_t> k = known_k(ctx);
  if (k && *k < 0) ctx.fail("Need k >= 0, got " + std::to_string(*k));
  TensorShape out = in;
  if (!in.has_unknown_rank()) {
    if (in.rank() < 1) ctx.fail("input must be >= 1-D, got shape " + in.debug_string());
    if (k && in.dim(-1) != None && in.dim(-1) < *k)
      ctx.fail("input must have at least k columns. Had " + std::to_string(in.dim(-1)) + ", needed " + std::to_string(*k));
    out.set_dim(-1, k.value_or(None));
  }
  ctx.add_output(ctx.input(0).dtype(), out);
  ctx.add_output(DType::kInt32, out);
}

template <class T>
void top_k_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const std::int64_t n = in.shape().dim(-1), k = *known_k(ctx);
  if (k == 0) return;  // empty outputs (and n may be 0)
  const std::int64_t rows = in.num_elements() / n;
  kernels::top_k_rows<T>(in.data<T>(), ctx.output(0).mutable_data<T>(), ctx.output(1).mutable_data<std::int32_t>(),
                         rows, n, k);
}

const OpDef& kTopKV2 = OpBuilder("TopKV2").inputs(2).attrs({"sorted"}).shape(top_k_shape)
                           .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t,
                                    std::uint16_t, std::uint32_t, std::uint64_t>(
                               []<class T>() -> KernelFn { return &top_k_kernel<T>; });

// k as TensorFlow's Python passes it: an int32 scalar (int64 past int32's range).
Tensor k_scalar(std::int64_t k) {
  if (k < std::numeric_limits<std::int32_t>::min() || k > std::numeric_limits<std::int32_t>::max()) return constant(k);
  return constant(static_cast<std::int32_t>(k));
}

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

// The size of the last axis as an int32 scalar: a constant when the static shape knows it, else
// computed when the graph runs (TensorFlow's sort takes tf.shape(values)[-1] too).
Tensor last_axis_size(const Tensor& values) {
  const std::int64_t n = values.shape().dim(-1);
  if (n != None) return constant(static_cast<std::int32_t>(n));
  return gather(shape(values), IntArray(constant(static_cast<std::int32_t>(values.shape().rank() - 1))));
}

// Note [Stable ascending sort from TopKV2]: TopKV2 orders largest first with ties by lower
// index. Running it on the row reversed, and reversing its result, orders smallest first with
// ties by lower index again, with no negation (which would overflow the lowest integer).
math::TopK sort_last_axis(const char* op, const Tensor& values, const std::string& direction) {
  const bool ascending = direction == "ASCENDING";
  if (!ascending && direction != "DESCENDING")
    throw InvalidArgumentError(std::string("[") + op + "] direction must be \"ASCENDING\" or \"DESCENDING\", got \"" +
                               direction + "\"");
  const Tensor n = last_axis_size(values);
  if (!ascending) return math::top_k(values, n);
  const auto [v, i] = math::top_k(reverse(values, {-1}), n);
  const Tensor last = n.is_symbolic() ? subtract(n, constant(1)) : constant(n.item<std::int32_t>() - 1);
  return {reverse(v, {-1}), subtract(last, reverse(i, {-1}))};
}

}  // namespace

namespace math {

TopK top_k(const Tensor& input, std::int64_t k, bool sorted) { return top_k(input, k_scalar(k), sorted); }

TopK top_k(const Tensor& input, const Tensor& k, bool sorted) {
  const AttrValue attrs[] = {sorted};
  auto out = ops::execute(kTopKV2, {input, k}, attrs);
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

// Unique and UniqueWithCounts: one pass with a hash map from value to its first position, so the
// distinct values come out in order of first appearance. As in TensorFlow, NaN never equals
// itself: each NaN is distinct.
#include <unordered_map>

#include "core/tensor_impl.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/unique_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Outputs y [?], idx like x, and (with counts) count [?]; attr out_idx.
void unique_shape(ShapeContext& ctx) {
  const Tensor& x = ctx.input(0);
  if (!x.shape().has_unknown_rank() && x.rank() != 1) ctx.fail("unique expects a 1D vector, got " + describe(x));
  const DType out_idx = ctx.attr<DType>(0);
  if (!is_index_dtype(out_idx)) ctx.fail("out_idx must be int32 or int64, got " + std::string(dtype_name(out_idx)));
  ctx.add_output(x.dtype(), TensorShape{None});
  ctx.add_output(out_idx, x.shape().has_unknown_rank() ? TensorShape{None} : x.shape());
  if (ctx.op().name == "UniqueWithCounts") ctx.add_output(out_idx, TensorShape{None});
}

template <class T, class I>
void unique_fill(KernelContext& ctx) {
  const Tensor& x = ctx.input(0);
  const std::int64_t n = x.num_elements();
  const T* v = x.data<T>();
  const DType out_idx = ctx.attr<DType>(0);
  Tensor idx = core::empty(out_idx, x.shape());
  I* ip = idx.mutable_data<I>();
  std::unordered_map<T, I> position;
  std::vector<std::int64_t> first, count;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto [it, inserted] = position.try_emplace(v[i], static_cast<I>(first.size()));
    if (inserted) {
      first.push_back(i);
      count.push_back(0);
    }
    ip[i] = it->second;
    ++count[it->second];
  }
  const std::int64_t m = static_cast<std::int64_t>(first.size());
  Tensor y = core::empty(x.dtype(), TensorShape{m});
  T* yp = y.mutable_data<T>();
  for (std::int64_t j = 0; j < m; ++j) yp[j] = v[first[j]];
  ctx.output(0) = std::move(y);
  ctx.output(1) = std::move(idx);
  if (ctx.outputs().size() == 3) {
    Tensor c = core::empty(out_idx, TensorShape{m});
    I* cp = c.mutable_data<I>();
    for (std::int64_t j = 0; j < m; ++j) cp[j] = static_cast<I>(count[j]);
    ctx.output(2) = std::move(c);
  }
}

template <class T>
void unique_kernel(KernelContext& ctx) {
  if (ctx.attr<DType>(0) == DType::kInt32) unique_fill<T, std::int32_t>(ctx);
  else unique_fill<T, std::int64_t>(ctx);
}

OpBuilder unique_builder(const char* name) {
  OpBuilder b(name);
  b.inputs(1).attrs({"out_idx"}).shape(unique_shape).kernel_allocates_outputs().no_gradient()
      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, bool, std::string>(
          []<class T>() -> KernelFn { return &unique_kernel<T>; })
      .kernels<std::int8_t, std::int16_t, std::uint16_t, std::uint32_t, std::uint64_t>(
          []<class T>() -> KernelFn { return &unique_kernel<T>; });
  return b;
}

const OpDef& kUnique = unique_builder("Unique");
const OpDef& kUniqueWithCounts = unique_builder("UniqueWithCounts");

}  // namespace

UniqueResult unique(const Tensor& x, DType out_idx) {
  const AttrValue attrs[] = {out_idx};
  ops::Outputs out = ops::execute(kUnique, {x}, attrs);
  return {out[0], out[1]};
}

UniqueWithCountsResult unique_with_counts(const Tensor& x, DType out_idx) {
  const AttrValue attrs[] = {out_idx};
  ops::Outputs out = ops::execute(kUniqueWithCounts, {x}, attrs);
  return {out[0], out[1], out[2]};
}

}  // namespace tf

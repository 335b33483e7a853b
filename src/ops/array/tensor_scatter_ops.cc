// TensorScatterUpdate / Add / Sub / Max / Min: the output starts as a copy of `tensor`, then each
// update slice is combined into its place. Threads own disjoint columns of the slices and walk the
// index tuples in order, so repeated tuples combine deterministically (the last update wins).
#include "ops/array/array_common.h"
#include "ops/array/index_tuples.h"
#include "ops/execute.h"
#include "tfpp/scatter_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void tensor_scatter_shape(ShapeContext& ctx) {
  check_int_input(ctx, 1, "indices", -1);
  const Tensor& tensor = ctx.input(0);
  const Tensor& updates = ctx.input(2);
  if (tensor.dtype() != updates.dtype())
    ctx.fail("tensor and updates must have one dtype, got tensor " + describe(tensor) + " and updates " + describe(updates));
  const TensorShape& t = tensor.shape();
  const TensorShape& indices = ctx.input(1).shape();
  const TensorShape& u = updates.shape();
  if (const auto expected = updates_shape(ctx, indices, t, "tensor"); expected && !expected->is_compatible_with(u))
    ctx.fail("Outer dimensions of indices and update must match. Indices shape: " + indices.debug_string() +
             ", updates shape:" + u.debug_string() + " (expected updates " + expected->debug_string() + " for tensor " +
             t.debug_string() + ")");
  ctx.add_output(tensor.dtype(), t);
}

struct Assign {
  template <class T>
  static T apply(const T&, const T& u) { return u; }
};
struct Add {
  template <class T>
  static T apply(const T& o, const T& u) { return static_cast<T>(o + u); }
};
struct Sub {
  template <class T>
  static T apply(const T& o, const T& u) { return static_cast<T>(o - u); }
};
struct Max {
  template <class T>
  static T apply(const T& o, const T& u) { return u > o ? u : o; }
};
struct Min {
  template <class T>
  static T apply(const T& o, const T& u) { return u < o ? u : o; }
};

template <class T, class Combine, class Index>
void scatter_into(KernelContext& ctx) {
  const Tensor& tensor = ctx.input(0);
  Tensor& out = ctx.output(0);
  const std::vector<std::int64_t> offsets = tuple_offsets<Index>(ctx, ctx.input(1), tensor.shape(), "tensor");
  const int k = static_cast<int>(ctx.input(1).shape().dim(-1));
  const std::int64_t inner = product(tensor.shape().dims().subspan(k));
  const T* upd = elements<T>(ctx.input(2));
  T* dst = mutable_elements<T>(out);
  kernels::copy_run(elements<T>(tensor), tensor.num_elements(), dst);
  const std::int64_t n = static_cast<std::int64_t>(offsets.size());
  kernels::parallel_for(inner, n, [&](std::int64_t c0, std::int64_t c1) {
    for (std::int64_t t = 0; t < n; ++t) {
      T* o = dst + offsets[t] * inner;
      const T* u = upd + t * inner;
      for (std::int64_t c = c0; c < c1; ++c) o[c] = Combine::apply(o[c], u[c]);
    }
  });
}

template <class T, class Combine>
void tensor_scatter_kernel(KernelContext& ctx) {
  visit_index(ctx.input(1), [&](auto tag) { scatter_into<T, Combine, decltype(tag)>(ctx); });
}

template <class Combine>
OpBuilder arithmetic_scatter(const char* name) {
  OpBuilder b(name);
  b.inputs(3).shape(tensor_scatter_shape)
      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t,
               std::uint32_t, std::uint64_t>([]<class T>() -> KernelFn { return &tensor_scatter_kernel<T, Combine>; });
  return b;
}

// Replacing only moves elements: one kernel per element size, for every dtype.
const OpDef& kTensorScatterUpdate = copy_op("TensorScatterUpdate", 3, tensor_scatter_shape, {},
                                            []<class S>() -> KernelFn { return &tensor_scatter_kernel<S, Assign>; });
const OpDef& kTensorScatterAdd = arithmetic_scatter<Add>("TensorScatterAdd");
const OpDef& kTensorScatterSub = arithmetic_scatter<Sub>("TensorScatterSub");
const OpDef& kTensorScatterMax = arithmetic_scatter<Max>("TensorScatterMax");
const OpDef& kTensorScatterMin = arithmetic_scatter<Min>("TensorScatterMin");

}  // namespace

Tensor tensor_scatter_nd_update(const Tensor& tensor, const IntArray& indices, const Tensor& updates) {
  return ops::execute1(kTensorScatterUpdate, {tensor, indices.tensor(), updates});
}

Tensor tensor_scatter_nd_add(const Tensor& tensor, const IntArray& indices, const Tensor& updates) {
  return ops::execute1(kTensorScatterAdd, {tensor, indices.tensor(), updates});
}

Tensor tensor_scatter_nd_sub(const Tensor& tensor, const IntArray& indices, const Tensor& updates) {
  return ops::execute1(kTensorScatterSub, {tensor, indices.tensor(), updates});
}

Tensor tensor_scatter_nd_max(const Tensor& tensor, const IntArray& indices, const Tensor& updates) {
  return ops::execute1(kTensorScatterMax, {tensor, indices.tensor(), updates});
}

Tensor tensor_scatter_nd_min(const Tensor& tensor, const IntArray& indices, const Tensor& updates) {
  return ops::execute1(kTensorScatterMin, {tensor, indices.tensor(), updates});
}

}  // namespace tf

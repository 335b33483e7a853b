// Elementwise loops over broadcast inputs.
//
// The output is walked as rows of its innermost (collapsed) dimension; each input's inner
// stride is 0 (broadcast) or 1, so a row is a simple loop that SIMD routines can take whole.
// Same-shape and scalar-with-tensor calls collapse to one row, which is split across threads.
#pragma once

#include <array>
#include <cstdint>

#include "kernels/cpu/parallel.h"
#include "tfpp/tensor.h"

namespace tf::kernels {

/// Per-input element strides of the output's dimensions, after merging dimensions that
/// broadcast the same way for every input.
template <int K>
struct BroadcastPlanN {
  int rank = 0;
  std::array<std::int64_t, kMaxRank> dims{};
  std::array<std::array<std::int64_t, kMaxRank>, K> strides{};
};

/// The plan for K inputs broadcast to `out`.
template <int K>
BroadcastPlanN<K> plan_broadcast_n(const std::array<const TensorShape*, K>& in, const TensorShape& out);
extern template BroadcastPlanN<2> plan_broadcast_n<2>(const std::array<const TensorShape*, 2>&, const TensorShape&);
extern template BroadcastPlanN<3> plan_broadcast_n<3>(const std::array<const TensorShape*, 3>&, const TensorShape&);

/// The plan of a two-input broadcast (strides[0] for a, strides[1] for b).
using BroadcastPlan = BroadcastPlanN<2>;
/// Same-shape and scalar-with-tensor inputs (most eager calls) take one row without the general merge.
inline BroadcastPlan plan_broadcast(const TensorShape& a, const TensorShape& b, const TensorShape& out) {
  const std::int64_t n = out.num_elements(), na = a.num_elements(), nb = b.num_elements();
  // An input with as many elements as the output broadcasts along no dimension, so it is read in order.
  if (n > 1 && (na == n || na == 1) && (nb == n || nb == 1)) {
    BroadcastPlan plan;
    plan.rank = 1;
    plan.dims[0] = n;
    plan.strides[0][0] = na == n ? 1 : 0;
    plan.strides[1][0] = nb == n ? 1 : 0;
    return plan;
  }
  return plan_broadcast_n<2>({&a, &b}, out);
}

/// Calls fn(row_begin_offsets, out_offset, n) for every row of the plan (in parallel when big):
/// `offsets[k]` is input k's element offset of the row; the row's inner steps are
/// plan.strides[k][rank - 1] (0 or 1). A plan of rank <= 1 is one row, split into chunks.
template <int K, class Fn>
void for_each_row(const BroadcastPlanN<K>& plan, std::int64_t cost, Fn fn) {
  const int r = plan.rank;
  if (r <= 1) {
    const std::int64_t n = r == 0 ? 1 : plan.dims[0];
    parallel_for(n, cost, [&](std::int64_t begin, std::int64_t end) {
      std::array<std::int64_t, K> offsets;
      for (int k = 0; k < K; ++k) offsets[k] = r == 0 ? 0 : begin * plan.strides[k][0];
      fn(offsets, begin, end - begin);
    });
    return;
  }
  const std::int64_t inner = plan.dims[r - 1];
  std::int64_t rows = 1;
  for (int i = 0; i < r - 1; ++i) rows *= plan.dims[i];
  parallel_for(rows, inner * cost, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t row_index = begin; row_index < end; ++row_index) {
      std::array<std::int64_t, K> offsets{};
      std::int64_t rem = row_index;
      for (int d = r - 2; d >= 0; --d) {
        const std::int64_t i = rem % plan.dims[d];
        rem /= plan.dims[d];
        for (int k = 0; k < K; ++k) offsets[k] += i * plan.strides[k][d];
      }
      fn(offsets, row_index * inner, inner);
    }
  });
}

/// out = f(a, b) over the broadcast of a and b. `Row` is called as
/// row(out, a, b, n, a_step, b_step) with steps 0 or 1, and must handle all four cases.
template <class A, class B, class O, class Row>
void broadcast_rows(const A* a, const B* b, O* out, const BroadcastPlan& plan, Row row, std::int64_t cost = 1) {
  const std::int64_t sa = plan.rank ? plan.strides[0][plan.rank - 1] : 0;
  const std::int64_t sb = plan.rank ? plan.strides[1][plan.rank - 1] : 0;
  for_each_row<2>(plan, cost, [&](const std::array<std::int64_t, 2>& off, std::int64_t o, std::int64_t n) {
    row(out + o, a + off[0], b + off[1], n, sa, sb);
  });
}

/// The common case: out = f(a, b) elementwise with a scalar functor f.
template <class A, class B, class O, class F>
void broadcast_binary(const Tensor& ta, const Tensor& tb, Tensor& tout, F f, std::int64_t cost = 1) {
  // Why: scalars (a loop's counter and bounds, a step) cost more to plan than to compute.
  if (tout.shape().rank() == 0) {
    *tout.mutable_data<O>() = f(*ta.data<A>(), *tb.data<B>());
    return;
  }
  const BroadcastPlan plan = plan_broadcast(ta.shape(), tb.shape(), tout.shape());
  broadcast_rows(
      ta.data<A>(), tb.data<B>(), tout.mutable_data<O>(), plan,
      [f](O* out, const A* a, const B* b, std::int64_t n, std::int64_t sa, std::int64_t sb) {
        if (sa && sb)
          for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[i], b[i]);
        else if (sb)
          for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[0], b[i]);
        else if (sa)
          for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[i], b[0]);
        else
          for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[0], b[0]);
      },
      cost);
}

/// out = f(a, b, c) elementwise over the broadcast of three inputs (select, clip).
template <class A, class B, class C, class O, class F>
void broadcast_ternary(const Tensor& ta, const Tensor& tb, const Tensor& tc, Tensor& tout, F f) {
  const auto plan = plan_broadcast_n<3>({&ta.shape(), &tb.shape(), &tc.shape()}, tout.shape());
  const A* a = ta.data<A>();
  const B* b = tb.data<B>();
  const C* c = tc.data<C>();
  O* out = tout.mutable_data<O>();
  const int r = plan.rank;
  const std::int64_t sa = r ? plan.strides[0][r - 1] : 0, sb = r ? plan.strides[1][r - 1] : 0,
                     sc = r ? plan.strides[2][r - 1] : 0;
  for_each_row<3>(plan, 1, [&](const std::array<std::int64_t, 3>& off, std::int64_t o, std::int64_t n) {
    const A* ra = a + off[0];
    const B* rb = b + off[1];
    const C* rc = c + off[2];
    O* ro = out + o;
    if (sa && sb && sc)  // the common same-shape case, kept free of stride multiplies
      for (std::int64_t i = 0; i < n; ++i) ro[i] = f(ra[i], rb[i], rc[i]);
    else
      for (std::int64_t i = 0; i < n; ++i) ro[i] = f(ra[i * sa], rb[i * sb], rc[i * sc]);
  });
}

}  // namespace tf::kernels

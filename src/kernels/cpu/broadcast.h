// Elementwise loops over two broadcast inputs.
//
// The output is walked as rows of its innermost (collapsed) dimension; each input's inner
// stride is 0 (broadcast) or 1, so the inner loop is one of three simple, vectorizable forms.
#pragma once

#include <array>
#include <cstdint>

#include "kernels/cpu/parallel.h"
#include "tfpp/tensor.h"

namespace tf::kernels {

/// Per-input element strides of the output's dimensions, after merging dimensions that
/// broadcast the same way.
struct BroadcastPlan {
  int rank = 0;
  std::array<std::int64_t, kMaxRank> dims{};
  std::array<std::int64_t, kMaxRank> stride_a{}, stride_b{};
};

BroadcastPlan plan_broadcast(const TensorShape& a, const TensorShape& b, const TensorShape& out);

/// out[i] = f(a[ia], b[ib]) over the broadcast of a and b. `Row` is called as
/// row(out, a, b, n, a_step, b_step) with steps 0 or 1, and must handle all three cases.
template <class A, class B, class O, class Row>
void broadcast_rows(const A* a, const B* b, O* out, const BroadcastPlan& plan, Row row) {
  if (plan.rank == 0) {
    row(out, a, b, 1, 0, 0);
    return;
  }
  const int r = plan.rank;
  const std::int64_t inner = plan.dims[r - 1];
  std::int64_t rows = 1;
  for (int i = 0; i < r - 1; ++i) rows *= plan.dims[i];
  parallel_for(rows, inner, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t row_index = begin; row_index < end; ++row_index) {
      std::int64_t rem = row_index, oa = 0, ob = 0;
      for (int d = r - 2; d >= 0; --d) {
        const std::int64_t i = rem % plan.dims[d];
        rem /= plan.dims[d];
        oa += i * plan.stride_a[d];
        ob += i * plan.stride_b[d];
      }
      row(out + row_index * inner, a + oa, b + ob, inner, plan.stride_a[r - 1], plan.stride_b[r - 1]);
    }
  });
}

/// The common case: out = f(a, b) elementwise with a scalar functor f.
template <class A, class B, class O, class F>
void broadcast_binary(const Tensor& ta, const Tensor& tb, Tensor& tout, F f) {
  const BroadcastPlan plan = plan_broadcast(ta.shape(), tb.shape(), tout.shape());
  broadcast_rows(ta.data<A>(), tb.data<B>(), tout.mutable_data<O>(), plan,
                 [f](O* out, const A* a, const B* b, std::int64_t n, std::int64_t sa, std::int64_t sb) {
                   if (sa && sb)
                     for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[i], b[i]);
                   else if (sb)
                     for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[0], b[i]);
                   else if (sa)
                     for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[i], b[0]);
                   else
                     for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[0], b[0]);
                 });
}

}  // namespace tf::kernels

#include "kernels/cpu/broadcast.h"

namespace tf::kernels {

template <int K>
BroadcastPlanN<K> plan_broadcast_n(const std::array<const TensorShape*, K>& in, const TensorShape& out) {
  BroadcastPlanN<K> plan;
  const int r = out.rank();
  for (int i = 0; i < r; ++i) {
    const std::int64_t d = out.dim(i);
    if (d == 1) continue;  // size-1 output dims contribute nothing
    std::array<bool, K> moves;
    for (int k = 0; k < K; ++k) {
      const int ik = in[k]->rank() - r + i;
      moves[k] = ik >= 0 && in[k]->dim(ik) != 1;
    }
    // Merge with the previous dimension when every input broadcasts it the same way.
    bool same = plan.rank > 0;
    for (int k = 0; k < K && same; ++k) same = (plan.strides[k][plan.rank - 1] != 0) == moves[k];
    if (same) {
      plan.dims[plan.rank - 1] *= d;
    } else {
      plan.dims[plan.rank] = d;
      for (int k = 0; k < K; ++k) plan.strides[k][plan.rank] = moves[k] ? 1 : 0;
      ++plan.rank;
    }
  }
  // Turn per-dimension "moves or not" flags into element strides, innermost first.
  for (int k = 0; k < K; ++k) {
    std::int64_t s = 1;
    for (int i = plan.rank - 1; i >= 0; --i) {
      if (plan.strides[k][i]) {
        plan.strides[k][i] = s;
        s *= plan.dims[i];
      }
    }
  }
  return plan;
}

template BroadcastPlanN<2> plan_broadcast_n<2>(const std::array<const TensorShape*, 2>&, const TensorShape&);
template BroadcastPlanN<3> plan_broadcast_n<3>(const std::array<const TensorShape*, 3>&, const TensorShape&);

}  // namespace tf::kernels

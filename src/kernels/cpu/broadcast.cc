#include "kernels/cpu/broadcast.h"

namespace tf::kernels {

BroadcastPlan plan_broadcast(const TensorShape& a, const TensorShape& b, const TensorShape& out) {
  BroadcastPlan plan;
  const int r = out.rank();
  for (int i = 0; i < r; ++i) {
    const int ia = a.rank() - r + i, ib = b.rank() - r + i;
    const std::int64_t da = ia >= 0 ? a.dim(ia) : 1, db = ib >= 0 ? b.dim(ib) : 1;
    const std::int64_t d = out.dim(i);
    if (d == 1) continue;  // size-1 output dims contribute nothing
    const bool ba = da == 1, bb = db == 1;
    // Merge with the previous dimension when both inputs broadcast it the same way.
    if (plan.rank > 0 && (plan.stride_a[plan.rank - 1] == 0) == ba && (plan.stride_b[plan.rank - 1] == 0) == bb) {
      plan.dims[plan.rank - 1] *= d;
    } else {
      plan.dims[plan.rank] = d;
      plan.stride_a[plan.rank] = ba ? 0 : 1;
      plan.stride_b[plan.rank] = bb ? 0 : 1;
      ++plan.rank;
    }
  }
  // Turn per-dimension "moves or not" flags into element strides, innermost first.
  std::int64_t sa = 1, sb = 1;
  for (int i = plan.rank - 1; i >= 0; --i) {
    if (plan.stride_a[i]) {
      plan.stride_a[i] = sa;
      sa *= plan.dims[i];
    }
    if (plan.stride_b[i]) {
      plan.stride_b[i] = sb;
      sb *= plan.dims[i];
    }
  }
  return plan;
}

}  // namespace tf::kernels

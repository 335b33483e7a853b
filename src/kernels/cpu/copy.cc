#include "kernels/cpu/copy.h"

namespace tf::kernels {

std::int64_t StridedView::num_elements() const {
  std::int64_t n = 1;
  for (int i = 0; i < rank; ++i) n *= dims[i];
  return n;
}

void StridedView::coalesce() {
  if (num_elements() == 0) return;  // keep the dims: nothing will be copied anyway
  int out = 0;
  for (int i = 0; i < rank; ++i) {
    if (dims[i] == 1) continue;
    if (out > 0 && strides[out - 1] == strides[i] * dims[i]) {
      dims[out - 1] *= dims[i];
      strides[out - 1] = strides[i];
    } else {
      dims[out] = dims[i];
      strides[out] = strides[i];
      ++out;
    }
  }
  rank = out;
}

std::array<std::int64_t, kMaxRank> row_major_strides(const TensorShape& shape) {
  std::array<std::int64_t, kMaxRank> strides{};
  std::int64_t s = 1;
  for (int i = shape.rank() - 1; i >= 0; --i) {
    strides[i] = s;
    s *= shape.dim(i);
  }
  return strides;
}

}  // namespace tf::kernels

#include "kernels/cpu/reduce_top_k.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "kernels/cpu/parallel.h"

namespace tf::kernels {
namespace {

template <class T>
bool is_nan(T x) {
  if constexpr (std::is_floating_point_v<T>) return std::isnan(x);
  else return false;
}

}  // namespace

template <class T>
void top_k_rows(const T* in, T* values, std::int32_t* indices, std::int64_t rows, std::int64_t n, std::int64_t k) {
  const std::int64_t cost = 4 + static_cast<std::int64_t>(std::log2(static_cast<double>(n) + 1));
  parallel_for(rows, n * cost, [&](std::int64_t r0, std::int64_t r1) {
    std::vector<std::int32_t> order(n);
    for (std::int64_t r = r0; r < r1; ++r) {
      const T* x = in + r * n;
      std::iota(order.begin(), order.end(), 0);
      // "i before j": larger value first (NaN largest), then lower index.
      const auto before = [x](std::int32_t i, std::int32_t j) {
        const bool ni = is_nan(x[i]), nj = is_nan(x[j]);
        if (ni || nj) return ni && (!nj || i < j);
        return x[i] > x[j] || (x[i] == x[j] && i < j);
      };
      if (k < n) std::partial_sort(order.begin(), order.begin() + k, order.end(), before);
      else std::sort(order.begin(), order.end(), before);
      for (std::int64_t j = 0; j < k; ++j) {
        values[r * k + j] = x[order[j]];
        indices[r * k + j] = order[j];
      }
    }
  });
}

template void top_k_rows<float>(const float*, float*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t);
template void top_k_rows<double>(const double*, double*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t);
template void top_k_rows<std::int32_t>(const std::int32_t*, std::int32_t*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t);
template void top_k_rows<std::int64_t>(const std::int64_t*, std::int64_t*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t);
template void top_k_rows<std::uint8_t>(const std::uint8_t*, std::uint8_t*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t);
template void top_k_rows<std::int8_t>(const std::int8_t*, std::int8_t*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t);
template void top_k_rows<std::int16_t>(const std::int16_t*, std::int16_t*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t);
template void top_k_rows<std::uint16_t>(const std::uint16_t*, std::uint16_t*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t);
template void top_k_rows<std::uint32_t>(const std::uint32_t*, std::uint32_t*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t);
template void top_k_rows<std::uint64_t>(const std::uint64_t*, std::uint64_t*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t);

}  // namespace tf::kernels

// ArgMax / ArgMin along one axis of a tensor viewed as [outer, n, inner].
#pragma once

#include <cstdint>

namespace tf::kernels {

/// out[a, b] = the first index m (lowest, for ties) of the max (or min) of in[a, m, b]; n >= 1.
template <class T, class Index>
void arg_reduce(const T* in, Index* out, std::int64_t outer, std::int64_t n, std::int64_t inner, bool max);

}  // namespace tf::kernels

// The k largest elements of each row, in descending order.
#pragma once

#include <cstdint>

namespace tf::kernels {

/// For each of `rows` contiguous rows of length n: the k largest values and their indices,
/// largest first; equal values keep index order (lower index first) and NaN counts as
/// larger than every number, so the order is total and deterministic.
template <class T>
void top_k_rows(const T* in, T* values, std::int32_t* indices, std::int64_t rows, std::int64_t n, std::int64_t k);

}  // namespace tf::kernels

// Softmax and softmax cross-entropy over the last dimension: per row, a max and a sum of
// exponentials (numerically stable: exp(x - max) never overflows), then the normalization.
#pragma once

#include <cstdint>

namespace tf::kernels {

/// out[r] = softmax(in[r]) (or log_softmax when `log`) for `rows` contiguous rows of length n.
template <class T>
void softmax_rows(const T* in, T* out, std::int64_t rows, std::int64_t n, bool log);

/// Per row: loss = logsumexp(x) - x[label], backprop = softmax(x) - one_hot(label).
/// Labels must already be in [0, n).
template <class T, class Label>
void sparse_cross_entropy_rows(const T* x, const Label* labels, T* loss, T* backprop, std::int64_t rows, std::int64_t n);

/// Per row: loss = sum(labels * (logsumexp(x) - x)), backprop = softmax(x) - labels.
template <class T>
void cross_entropy_rows(const T* x, const T* labels, T* loss, T* backprop, std::int64_t rows, std::int64_t n);

}  // namespace tf::kernels

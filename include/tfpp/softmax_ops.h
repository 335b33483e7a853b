// Softmax and softmax cross-entropy: tf::nn::softmax, log_softmax,
// sparse_softmax_cross_entropy_with_logits and softmax_cross_entropy_with_logits.
//
// All are numerically stable (they subtract the maximum before exponentiating) and take
// float32 or float64 logits:
//
//   tf::Tensor p = tf::nn::softmax(logits);                      // over the last axis
//   tf::Tensor loss = tf::nn::sparse_softmax_cross_entropy_with_logits(labels, logits);
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::nn {

/// exp(x) / sum(exp(x)) along `axis` (default: the last).
Tensor softmax(const Tensor& logits, std::int64_t axis = -1);
/// x - log(sum(exp(x))) along `axis` (default: the last).
Tensor log_softmax(const Tensor& logits, std::int64_t axis = -1);
/// Per example, -log(softmax(logits)[label]): logits [..., classes], int32/int64 labels [...]
/// in [0, classes) (an out-of-range label raises InvalidArgumentError); the result has labels' shape.
Tensor sparse_softmax_cross_entropy_with_logits(const Tensor& labels, const Tensor& logits);
/// Per example, -sum(labels * log_softmax(logits)) along `axis`; labels and logits share a shape.
Tensor softmax_cross_entropy_with_logits(const Tensor& labels, const Tensor& logits, std::int64_t axis = -1);

}  // namespace tf::nn

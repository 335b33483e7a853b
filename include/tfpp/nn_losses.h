// Losses of tf.nn: the elementwise logistic and Poisson losses, l2_loss (TensorFlow's L2Loss
// op), and the replica-aware averaging helpers of custom training loops (with one replica,
// as tfpp runs).
//
//   tf::Tensor loss = tf::nn::sigmoid_cross_entropy_with_logits(labels, logits);
//   tf::Tensor mean = tf::nn::compute_average_loss(loss, {.global_batch_size = 64});
#pragma once

#include <optional>
#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::nn {

/// Elementwise logistic loss, stably: max(x, 0) - x * z + log(1 + exp(-|x|)) for logits x and
/// labels z of one shape and dtype.
Tensor sigmoid_cross_entropy_with_logits(const Tensor& labels, const Tensor& logits);
/// The logistic loss with the positive term weighted: (1 - z) * x + (1 + (pos_weight - 1) * z) *
/// (log(1 + exp(-|x|)) + max(-x, 0)).
Tensor weighted_cross_entropy_with_logits(const Tensor& labels, const Tensor& logits, const Tensor& pos_weight);
/// exp(log_input) - log_input * targets, plus Stirling's approximation of log(targets!) for
/// targets > 1 when compute_full_loss.
Tensor log_poisson_loss(const Tensor& targets, const Tensor& log_input, bool compute_full_loss = false);
/// sum(t ** 2) / 2, a scalar of t's (floating) dtype.
Tensor l2_loss(const Tensor& t);

/// Options of compute_average_loss.
struct AverageLossOptions {
  Tensor sample_weight;                          ///< undefined: none; else multiplies the losses (broadcast)
  std::optional<std::int64_t> global_batch_size;  ///< default: the losses' first dimension
};
/// sum(per_example_loss * sample_weight) / global_batch_size (0 when the batch size is 0);
/// per_example_loss has rank >= 1.
Tensor compute_average_loss(const Tensor& per_example_loss, const AverageLossOptions& options = {});
/// The sum of the regularization loss(es), divided by the number of replicas (1).
Tensor scale_regularization_loss(const Tensor& regularization_loss);

}  // namespace tf::nn

// tf.nn.ctc_loss with dense labels: the connectionist temporal classification loss,
// -log p(labels | logits), summed over every alignment of the labels to the time steps (blanks
// between and around them, repeats merged) by the forward algorithm in log space. Built from other
// ops, so it runs eagerly and in traced functions and has gradients; the time loop is unrolled, so
// the number of time steps must be known.
//
//   tf::Tensor loss = tf::nn::ctc_loss(labels,          // [batch, max_label_length] int
//                                      logits,          // [time, batch, classes]
//                                      label_length,    // [batch] int
//                                      logit_length);   // [batch] int
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of ctc_loss.
struct CtcLossOptions {
  bool logits_time_major = true;  ///< logits are [time, batch, classes]; false: [batch, time, classes]
  std::int64_t blank_index = 0;   ///< the blank class; negative counts from the number of classes
};

/// The CTC loss per sample ([batch], logits' float dtype). Labels past label_length and time steps
/// past logit_length are ignored. Throws InvalidArgumentError for wrong ranks or dtypes and
/// UnimplementedError when the number of time steps or the labels' length is unknown.
Tensor ctc_loss(const Tensor& labels, const Tensor& logits, const Tensor& label_length, const Tensor& logit_length,
                const CtcLossOptions& options = {});

}  // namespace tf::nn

// tf.nn.ctc_loss (dense labels) composed from other ops: the forward algorithm over the extended
// label sequence (blank, l1, blank, l2, ..., blank) in log space, one unrolled step per time step.
#include "tfpp/ctc_loss.h"

#include <string>
#include <vector>

#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::nn {
namespace {

constexpr double kLogZero = -1e30;  // log(0) that stays finite through log_add (and its gradient)

std::string describe(const Tensor& t) { return std::string(dtype_name(t.dtype())) + t.shape().debug_string(); }

void check(bool ok, const std::string& message) {
  if (!ok) throw InvalidArgumentError("[CTCLoss] " + message);
}

// log(exp(a) + exp(b)) without overflow.
Tensor log_add(const Tensor& a, const Tensor& b) {
  const Tensor bigger = maximum(a, b);
  return bigger + math::log(math::exp(a - bigger) + math::exp(b - bigger));
}

// `values` [B, S] at the per-sample positions `index` [B]: [B].
Tensor at(const Tensor& values, const Tensor& index) {
  return squeeze(gather(values, expand_dims(index, 1), {.axis = 1, .batch_dims = 1}), {1});
}

}  // namespace

Tensor ctc_loss(const Tensor& labels, const Tensor& logits, const Tensor& label_length, const Tensor& logit_length,
                const CtcLossOptions& options) {
  check(logits.shape().rank() == 3, "logits must have rank 3, got " + describe(logits));
  check(labels.shape().rank() == 2, "dense labels must have rank 2 ([batch, max_label_length]), got " + describe(labels));
  check(label_length.shape().rank() == 1 && logit_length.shape().rank() == 1,
        "label_length and logit_length must be vectors, got " + describe(label_length) + " and " + describe(logit_length));
  check(is_floating(logits.dtype()), "logits must be floating point, got " + describe(logits));
  check(is_integer(labels.dtype()) && is_integer(label_length.dtype()) && is_integer(logit_length.dtype()),
        "labels, label_length and logit_length must be integers, got " + describe(labels) + ", " +
            describe(label_length) + " and " + describe(logit_length));
  const Tensor batch_major = options.logits_time_major ? transpose(logits, {1, 0, 2}) : logits;
  const std::int64_t steps = batch_major.shape()[1], classes = batch_major.shape()[2];
  const std::int64_t max_labels = labels.shape()[1];
  if (steps < 0 || max_labels < 0)
    throw UnimplementedError("[CTCLoss] the number of time steps and the labels' length must be known, got logits " +
                             describe(logits) + " and labels " + describe(labels));
  check(steps > 0, "logits have no time steps: " + describe(logits));
  std::int64_t blank = options.blank_index;
  if (blank < 0 && classes >= 0) blank += classes;
  check(blank >= 0 && (classes < 0 || blank < classes),
        "blank_index " + std::to_string(options.blank_index) + " is out of range for " + std::to_string(classes) + " classes");

  const DType dtype = logits.dtype();
  const Tensor log_probs = log_softmax(batch_major, -1);
  const Tensor ids = cast(labels, int32);
  const Tensor lengths = cast(label_length, int32);
  const std::int64_t states = 2 * max_labels + 1;

  // The extended labels [B, S]: even states are blanks, state 2k + 1 is label k.
  std::vector<std::int64_t> label_of_state, odd, first_two, positions;
  for (std::int64_t s = 0; s < states; ++s) {
    label_of_state.push_back(s == 0 ? 0 : (s - 1) / 2);
    odd.push_back(s % 2);
    first_two.push_back(s < 2);
    positions.push_back(s);
  }
  const Tensor is_label = cast(constant(odd, {1, states}), bool_);
  const Tensor extended = max_labels == 0 ? fill(TensorShape{1, 1}, static_cast<std::int32_t>(blank)) + zeros_like(expand_dims(lengths, 1))
                                          : where(is_label, gather(ids, constant(label_of_state), {.axis = 1}),
                                                  constant(static_cast<std::int32_t>(blank)));
  // A label state may also be entered from two states back, unless it repeats the label before it.
  const Tensor none = zeros_like(expand_dims(lengths, 1)) - 1;
  const Tensor previous = slice(concat({none, none, extended}, 1), {0, 0}, {-1, states});
  const Tensor can_skip = logical_and(is_label, not_equal(extended, previous));
  const Tensor valid = less(cast(constant(positions, {1, states}), int32), expand_dims(2 * lengths + 1, 1));
  const Tensor log_zero = zeros_like(cast(extended, dtype)) + scalar_like(log_probs, kLogZero);
  const Tensor log_zero_column = slice(log_zero, {0, 0}, {-1, 1});

  // Emissions [T][B, S]: the log-probability of each state's class at each step.
  const std::vector<Tensor> emissions = unstack(gather(log_probs, extended, {.axis = 2, .batch_dims = 1}), 1);
  const Tensor ends = cast(logit_length, int32);
  Tensor alpha = where(logical_and(cast(constant(first_two, {1, states}), bool_), valid), emissions[0], log_zero);
  for (std::int64_t t = 1; t < steps; ++t) {
    const Tensor padded = concat({log_zero_column, log_zero_column, alpha}, 1);
    const Tensor from_one_back = slice(padded, {0, 1}, {-1, states});
    const Tensor from_two_back = where(can_skip, slice(padded, {0, 0}, {-1, states}), log_zero);
    Tensor next = log_add(log_add(alpha, from_one_back), from_two_back) + emissions[t];
    next = where(valid, next, log_zero);
    // Samples whose sequence has ended keep their final alphas.
    alpha = where(expand_dims(less(constant(static_cast<std::int32_t>(t)), ends), 1), next, alpha);
  }
  const Tensor last = 2 * lengths;
  const Tensor with_label = log_add(at(alpha, last), at(alpha, maximum(last - 1, constant(0))));
  return -where(greater(lengths, constant(0)), with_label, at(alpha, last));
}

}  // namespace tf::nn

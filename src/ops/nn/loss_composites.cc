// tf.nn's losses composed from other ops, as TensorFlow composes them (so values and
// gradients match its, also where the logits are 0): the logistic losses, log_poisson_loss,
// and the averaging helpers of custom training loops with one replica.
#include <numbers>
#include <string>

#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/activation_ops.h"
#include "tfpp/nn_losses.h"
#include "tfpp/reduction_ops.h"

namespace tf::nn {
namespace {

// TensorFlow checks the static shapes in Python (a ValueError there, which tfpp's Python front end
// raises for messages that name the function rather than an op).
void check_same_shape(const char* op, const char* a_name, const Tensor& a, const char* b_name, const Tensor& b) {
  if (!a.shape().is_compatible_with(b.shape()))
    throw InvalidArgumentError(std::string("[") + op + "] " + a_name + " and " + b_name +
                               " must have the same shape, received (" + a.shape().debug_string() + " vs " +
                               b.shape().debug_string() + ")");
}

}  // namespace

Tensor sigmoid_cross_entropy_with_logits(const Tensor& labels, const Tensor& logits) {
  check_same_shape("sigmoid_cross_entropy_with_logits", "logits", logits, "labels", labels);
  const Tensor zero = scalar_like(logits, 0.0);
  const Tensor positive = logits >= zero;
  const Tensor relu_logits = where(positive, logits, zero);
  const Tensor neg_abs_logits = where(positive, -logits, logits);
  return relu_logits - logits * labels + math::log1p(math::exp(neg_abs_logits));
}

Tensor weighted_cross_entropy_with_logits(const Tensor& labels, const Tensor& logits, const Tensor& pos_weight) {
  check_same_shape("weighted_cross_entropy_with_logits", "logits", logits, "labels", labels);
  const Tensor log_weight = 1.0 + (pos_weight - 1.0) * labels;
  return (1.0 - labels) * logits + log_weight * (math::log1p(math::exp(-math::abs(logits))) + relu(-logits));
}

Tensor log_poisson_loss(const Tensor& targets, const Tensor& log_input, bool compute_full_loss) {
  check_same_shape("log_poisson_loss", "log_input", log_input, "targets", targets);
  Tensor result = math::exp(log_input) - log_input * targets;
  if (!compute_full_loss) return result;
  const Tensor stirling_approx =
      targets * math::log(targets) - targets + scalar_like(targets, 0.5) * math::log(scalar_like(targets, 2 * std::numbers::pi) * targets);
  const Tensor zero = scalar_like(targets, 0.0);
  const Tensor in_unit = math::logical_and(targets >= zero, targets <= scalar_like(targets, 1.0));
  return result + where(in_unit, zero, stirling_approx);
}

namespace {

// TensorFlow's losses_util.scale_losses_by_sample_weight: the product in float32, with a
// weight of one rank more (trailing 1) squeezed, or of one rank less expanded at the end.
Tensor scale_by_sample_weight(const Tensor& losses, const Tensor& sample_weight) {
  Tensor l = cast(losses, float32), w = cast(sample_weight, float32);
  const int lr = l.shape().rank(), wr = w.shape().rank();
  if (lr >= 0 && wr >= 0) {
    if (wr == lr + 1 && w.shape().dim(-1) == 1) w = squeeze(w, {-1});
    else if (wr == lr - 1 && l.shape().dim(-1) == 1) l = squeeze(l, {-1});
    else if (wr == lr - 1) w = expand_dims(w, -1);
  }
  return l * w;
}

}  // namespace

Tensor compute_average_loss(const Tensor& per_example_loss, const AverageLossOptions& options) {
  if (per_example_loss.shape().rank() == 0)
    throw InvalidArgumentError("[compute_average_loss] Invalid value passed for `per_example_loss`. Expected a tensor "
                               "with at least rank 1, received: " + per_example_loss.shape().debug_string());
  const DType dtype = per_example_loss.dtype();
  Tensor losses = per_example_loss;
  if (options.sample_weight.defined()) losses = cast(scale_by_sample_weight(losses, options.sample_weight), dtype);
  Tensor batch;
  if (options.global_batch_size) {
    if (*options.global_batch_size < 0)
      throw InvalidArgumentError("[compute_average_loss/assert_non_negative] global_batch_size must be non-negative, got " +
                                 std::to_string(*options.global_batch_size));
    batch = constant(static_cast<double>(*options.global_batch_size), dtype);
  } else {
    batch = cast(gather(shape(losses), constant(0)), dtype);
  }
  const Tensor total = reduce_sum(losses);
  // div_no_nan: a batch of 0 gives 0.
  const Tensor empty = equal(batch, scalar_like(batch, 0.0));
  return where(empty, scalar_like(total, 0.0), total / where(empty, scalar_like(batch, 1.0), batch));
}

// One replica: the sum itself (divided by 1, for TensorFlow's dtype: an integer sum becomes float64).
Tensor scale_regularization_loss(const Tensor& regularization_loss) { return reduce_sum(regularization_loss) / 1.0; }

}  // namespace tf::nn

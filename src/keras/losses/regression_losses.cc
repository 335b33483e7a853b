// The regression and hinge losses of keras/src/losses/losses.py, as functions and classes.
#include <cmath>

#include "keras/losses/loss_utils.h"
#include "tfpp/activation_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/epsilon.h"
#include "tfpp/keras/losses.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::losses {

namespace {

// y_true in y_pred's dtype, the ranks made to agree: the preamble of Keras' regression losses.
std::pair<Tensor, Tensor> aligned(const Tensor& y_true, const Tensor& y_pred) {
  return squeeze_or_expand_to_same_rank(detail::cast_if_needed(y_true, y_pred.dtype()), y_pred);
}

// Keras' ops.nn.normalize(x, axis, order=2): x * min(rsqrt(sum(x^2)), 1 / epsilon).
Tensor l2_normalize(Tensor x, std::int64_t axis) {
  if (x.rank() == 0) x = expand_dims(x, 0);
  const Tensor inv_norm = math::rsqrt(reduce_sum(math::square(x), axis, {.keepdims = true}));
  return x * math::minimum(inv_norm, scalar_like(inv_norm, 1.0 / config::epsilon()));
}

}  // namespace

Tensor mean_squared_error(const Tensor& y_true, const Tensor& y_pred) {
  auto [t, p] = aligned(y_true, y_pred);
  return reduce_mean(math::square(t - p), -1);
}

Tensor mean_absolute_error(const Tensor& y_true, const Tensor& y_pred) {
  auto [t, p] = aligned(y_true, y_pred);
  return reduce_mean(math::abs(t - p), -1);
}

Tensor mean_absolute_percentage_error(const Tensor& y_true, const Tensor& y_pred) {
  auto [t, p] = aligned(y_true, y_pred);
  const Tensor diff = math::abs((t - p) / math::maximum(math::abs(t), scalar_like(t, config::epsilon())));
  return reduce_mean(diff, -1) * 100.0;
}

Tensor huber(const Tensor& y_true, const Tensor& y_pred, double delta) {
  auto [t, p] = aligned(y_true, y_pred);
  const Tensor error = p - t;
  const Tensor abs_error = math::abs(error);
  const Tensor quadratic = math::square(error) * 0.5;
  const Tensor linear = abs_error * delta - 0.5 * delta * delta;
  return reduce_mean(where(abs_error <= delta, quadratic, linear), -1);
}

Tensor log_cosh(const Tensor& y_true, const Tensor& y_pred) {
  auto [t, p] = aligned(y_true, y_pred);
  const Tensor x = p - t;
  return reduce_mean(x + math::softplus(x * -2.0) - std::log(2.0), -1);
}

Tensor cosine_similarity(const Tensor& y_true, const Tensor& y_pred, std::int64_t axis) {
  auto [t, p] = aligned(y_true, y_pred);
  return -reduce_sum(l2_normalize(t, axis) * l2_normalize(p, axis), axis);
}

Tensor mean_squared_logarithmic_error(const Tensor& y_true, const Tensor& y_pred) {
  auto [t, p] = aligned(y_true, y_pred);
  const Tensor eps = scalar_like(p, config::epsilon());
  const Tensor diff = math::log(math::maximum(p, eps) + 1.0) - math::log(math::maximum(t, eps) + 1.0);
  return reduce_mean(math::square(diff), -1);
}

namespace {

// max(1 - y_true * y_pred, 0) after Keras' convert_binary_labels_to_hinge (labels that are
// all 0 or 1 become -1 or 1).
Tensor hinge_margins(const Tensor& y_true, const Tensor& y_pred) {
  const Tensor t = detail::cast_if_needed(y_true, y_pred.dtype());
  const Tensor is_binary = reduce_all(math::equal(t, scalar_like(t, 0.0)) | math::equal(t, scalar_like(t, 1.0)));
  const Tensor labels = where(is_binary, t * 2.0 - 1.0, t);
  return math::maximum(1.0 - labels * y_pred, scalar_like(y_pred, 0.0));
}

}  // namespace

Tensor hinge(const Tensor& y_true, const Tensor& y_pred) { return reduce_mean(hinge_margins(y_true, y_pred), -1); }

Tensor squared_hinge(const Tensor& y_true, const Tensor& y_pred) {
  return reduce_mean(math::square(hinge_margins(y_true, y_pred)), -1);
}

Tensor categorical_hinge(const Tensor& y_true, const Tensor& y_pred) {
  const Tensor t = detail::cast_if_needed(y_true, y_pred.dtype());
  const Tensor pos = reduce_sum(t * y_pred, -1);
  const Tensor neg = reduce_max((1.0 - t) * y_pred, -1);
  return math::maximum(neg - pos + 1.0, scalar_like(pos, 0.0));
}

MeanSquaredError::MeanSquaredError(MeanSquaredErrorOptions o) : Loss(std::move(o.name), std::move(o.reduction), o.dtype) {}
Tensor MeanSquaredError::call(const Tensor& y_true, const Tensor& y_pred) const {
  return mean_squared_error(y_true, y_pred);
}

MeanAbsoluteError::MeanAbsoluteError(MeanAbsoluteErrorOptions o)
    : Loss(std::move(o.name), std::move(o.reduction), o.dtype) {}
Tensor MeanAbsoluteError::call(const Tensor& y_true, const Tensor& y_pred) const {
  return mean_absolute_error(y_true, y_pred);
}

MeanAbsolutePercentageError::MeanAbsolutePercentageError(MeanAbsolutePercentageErrorOptions o)
    : Loss(std::move(o.name), std::move(o.reduction), o.dtype) {}
Tensor MeanAbsolutePercentageError::call(const Tensor& y_true, const Tensor& y_pred) const {
  return mean_absolute_percentage_error(y_true, y_pred);
}

MeanSquaredLogarithmicError::MeanSquaredLogarithmicError(MeanSquaredLogarithmicErrorOptions o)
    : Loss(std::move(o.name), std::move(o.reduction), o.dtype) {}
Tensor MeanSquaredLogarithmicError::call(const Tensor& y_true, const Tensor& y_pred) const {
  return mean_squared_logarithmic_error(y_true, y_pred);
}

Huber::Huber(HuberOptions o) : Loss(std::move(o.name), std::move(o.reduction), o.dtype), delta_(o.delta) {}
Tensor Huber::call(const Tensor& y_true, const Tensor& y_pred) const { return huber(y_true, y_pred, delta_); }
Config Huber::get_config() const {
  Config config = Loss::get_config();
  config["delta"] = delta_;
  return config;
}

LogCosh::LogCosh(LogCoshOptions o) : Loss(std::move(o.name), std::move(o.reduction), o.dtype) {}
Tensor LogCosh::call(const Tensor& y_true, const Tensor& y_pred) const { return log_cosh(y_true, y_pred); }

CosineSimilarity::CosineSimilarity(CosineSimilarityOptions o)
    : Loss(std::move(o.name), std::move(o.reduction), o.dtype), axis_(o.axis) {}
Tensor CosineSimilarity::call(const Tensor& y_true, const Tensor& y_pred) const {
  return cosine_similarity(y_true, y_pred, axis_);
}
Config CosineSimilarity::get_config() const {
  Config config = Loss::get_config();
  config["axis"] = axis_;
  return config;
}

Hinge::Hinge(HingeOptions o) : Loss(std::move(o.name), std::move(o.reduction), o.dtype) {}
Tensor Hinge::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return hinge(t, p);
}

SquaredHinge::SquaredHinge(SquaredHingeOptions o) : Loss(std::move(o.name), std::move(o.reduction), o.dtype) {}
Tensor SquaredHinge::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return squared_hinge(t, p);
}

CategoricalHinge::CategoricalHinge(CategoricalHingeOptions o)
    : Loss(std::move(o.name), std::move(o.reduction), o.dtype) {}
Tensor CategoricalHinge::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return categorical_hinge(t, p);
}

}  // namespace tf::keras::losses

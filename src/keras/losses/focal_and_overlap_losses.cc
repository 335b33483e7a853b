// keras/src/losses/losses.py's categorical_focal_crossentropy, dice and tversky, and their
// LossFunctionWrapper classes.
#include "tfpp/keras/focal_and_overlap_losses.h"

#include "keras/layers/config_util.h"
#include "keras/losses/loss_utils.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/epsilon.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::keras::losses {

namespace {

// ops.sum(x, axis): over `axis`, or over every axis when it is unset.
Tensor sum_over(const Tensor& x, const std::optional<std::vector<std::int64_t>>& axis) {
  return axis ? reduce_sum(x, Axes(*axis)) : reduce_sum(x);
}

ConfigValue axis_config(const std::optional<std::vector<std::int64_t>>& axis) {
  return axis ? keras::detail::int_list(*axis) : ConfigValue();
}

}  // namespace

Tensor categorical_focal_crossentropy(const Tensor& y_true, const Tensor& y_pred, double alpha, double gamma,
                                      bool from_logits, double label_smoothing, std::int64_t axis) {
  Tensor target = keras::detail::cast_if_needed(y_true, y_pred.dtype());
  if (label_smoothing != 0.0) target = target * (1.0 - label_smoothing) + label_smoothing / keras::detail::last_dim_as(target);
  const Tensor p = from_logits ? nn::softmax(y_pred, axis) : y_pred;
  // Each row is renormalized to sum to 1 before the log, as Keras does.
  const Tensor output = clip_by_value(p / reduce_sum(p, axis, {.keepdims = true}), config::epsilon(), 1.0 - config::epsilon());
  const Tensor cce = -target * math::log(output);
  const Tensor weighting = math::pow(1.0 - output, scalar_like(output, gamma)) * alpha;
  return reduce_sum(weighting * cce, axis);
}

Tensor dice(const Tensor& y_true, const Tensor& y_pred, const std::optional<std::vector<std::int64_t>>& axis) {
  const Tensor t = keras::detail::cast_if_needed(y_true, y_pred.dtype());
  const Tensor intersection = sum_over(t * y_pred, axis);
  return 1.0 - 2.0 * intersection / (sum_over(t, axis) + sum_over(y_pred, axis) + config::epsilon());
}

Tensor tversky(const Tensor& y_true, const Tensor& y_pred, double alpha, double beta,
               const std::optional<std::vector<std::int64_t>>& axis) {
  const Tensor t = keras::detail::cast_if_needed(y_true, y_pred.dtype());
  const Tensor intersection = sum_over(t * y_pred, axis);
  const Tensor fp = sum_over((1.0 - y_pred) * t, axis);
  const Tensor fn = sum_over(y_pred * (1.0 - t), axis);
  return 1.0 - intersection / (intersection + fp * alpha + fn * beta + config::epsilon());
}

CategoricalFocalCrossentropy::CategoricalFocalCrossentropy(CategoricalFocalCrossentropyOptions o)
    : Loss(o.name, o.reduction, o.dtype), options_(std::move(o)) {}
Tensor CategoricalFocalCrossentropy::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return categorical_focal_crossentropy(t, p, options_.alpha, options_.gamma, options_.from_logits,
                                        options_.label_smoothing, options_.axis);
}
Config CategoricalFocalCrossentropy::get_config() const {
  Config config = Loss::get_config();
  config["from_logits"] = options_.from_logits;
  config["label_smoothing"] = options_.label_smoothing;
  config["axis"] = options_.axis;
  config["alpha"] = options_.alpha;
  config["gamma"] = options_.gamma;
  return config;
}

Dice::Dice(DiceOptions o) : Loss(o.name, o.reduction, o.dtype), options_(std::move(o)) {}
Tensor Dice::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return dice(t, p, options_.axis);
}
Config Dice::get_config() const {
  Config config = Loss::get_config();
  config["axis"] = axis_config(options_.axis);
  return config;
}

Tversky::Tversky(TverskyOptions o) : Loss(o.name, o.reduction, o.dtype), options_(std::move(o)) {}
Tensor Tversky::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return tversky(t, p, options_.alpha, options_.beta, options_.axis);
}
Config Tversky::get_config() const {
  Config config = Loss::get_config();
  config["alpha"] = options_.alpha;
  config["beta"] = options_.beta;
  config["axis"] = axis_config(options_.axis);
  return config;
}

}  // namespace tf::keras::losses

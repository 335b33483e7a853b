// The crossentropies, KL divergence and Poisson loss of keras/src/losses/losses.py (with the
// TensorFlow backend's keras/src/backend/tensorflow/nn.py), as functions and classes.
#include "keras/losses/loss_utils.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/epsilon.h"
#include "tfpp/keras/losses.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::keras::losses {

namespace {

std::string shapes_of(const Tensor& target, const Tensor& output) {
  return "target.shape=" + target.shape().debug_string() + ", output.shape=" + output.shape().debug_string();
}

// The backend's check that target and output agree in rank and in every known dimension.
void check_same_shape(const char* op, const Tensor& target, const Tensor& output) {
  const TensorShape& a = target.shape();
  const TensorShape& b = output.shape();
  if (a.has_unknown_rank() || b.has_unknown_rank()) return;
  if (a.rank() != b.rank())
    throw InvalidArgumentError(std::string("[") + op + "] target and output must have the same rank: " +
                               shapes_of(target, output));
  if (!a.is_compatible_with(b))
    throw InvalidArgumentError(std::string("[") + op + "] target and output must have the same shape: " +
                               shapes_of(target, output));
}

Tensor clip_probabilities(const Tensor& p) { return clip_by_value(p, config::epsilon(), 1.0 - config::epsilon()); }

// tf.nn.sigmoid_cross_entropy_with_logits: max(x, 0) - x * z + log(1 + exp(-|x|)), stable for any x.
Tensor sigmoid_cross_entropy_with_logits(const Tensor& labels, const Tensor& logits) {
  const Tensor positive = logits >= 0.0;
  const Tensor relu_logits = where(positive, logits, 0.0);
  const Tensor neg_abs_logits = where(positive, -logits, logits);
  return relu_logits - logits * labels + math::log1p(math::exp(neg_abs_logits));
}

// The backend's elementwise binary_crossentropy.
Tensor elementwise_binary_crossentropy(const Tensor& target, const Tensor& output, bool from_logits) {
  check_same_shape("binary_crossentropy", target, output);
  if (from_logits) return sigmoid_cross_entropy_with_logits(target, output);
  const Tensor p = clip_probabilities(output);
  return -(target * math::log(p) + (1.0 - target) * math::log(1.0 - p));
}

Tensor smoothed_binary_labels(const Tensor& y_true, const Tensor& y_pred, double label_smoothing) {
  const Tensor t = detail::cast_if_needed(y_true, y_pred.dtype());
  return label_smoothing != 0.0 ? t * (1.0 - label_smoothing) + 0.5 * label_smoothing : t;
}

}  // namespace

Tensor kl_divergence(const Tensor& y_true, const Tensor& y_pred) {
  const Tensor t = clip_by_value(detail::cast_if_needed(y_true, y_pred.dtype()), config::epsilon(), 1.0);
  const Tensor p = clip_by_value(y_pred, config::epsilon(), 1.0);
  return reduce_sum(t * math::log(t / p), -1);
}

Tensor poisson(const Tensor& y_true, const Tensor& y_pred) {
  const Tensor t = detail::cast_if_needed(y_true, y_pred.dtype());
  return reduce_mean(y_pred - t * math::log(y_pred + config::epsilon()), -1);
}

Tensor binary_crossentropy(const Tensor& y_true, const Tensor& y_pred, bool from_logits, double label_smoothing,
                           std::int64_t axis) {
  const Tensor t = smoothed_binary_labels(y_true, y_pred, label_smoothing);
  return reduce_mean(elementwise_binary_crossentropy(t, y_pred, from_logits), axis);
}

Tensor binary_focal_crossentropy(const Tensor& y_true, const Tensor& y_pred, bool apply_class_balancing, double alpha,
                                 double gamma, bool from_logits, double label_smoothing, std::int64_t axis) {
  const Tensor t = smoothed_binary_labels(y_true, y_pred, label_smoothing);
  const Tensor p = from_logits ? math::sigmoid(y_pred) : y_pred;
  const Tensor bce = elementwise_binary_crossentropy(t, p, false);
  const Tensor p_t = t * p + (1.0 - t) * (1.0 - p);
  Tensor focal_bce = math::pow(1.0 - p_t, scalar_like(p_t, gamma)) * bce;
  if (apply_class_balancing) focal_bce = (t * alpha + (1.0 - t) * (1.0 - alpha)) * focal_bce;
  return reduce_mean(focal_bce, axis);
}

Tensor categorical_crossentropy(const Tensor& y_true, const Tensor& y_pred, bool from_logits, double label_smoothing,
                                std::int64_t axis) {
  Tensor target = detail::cast_if_needed(y_true, y_pred.dtype());
  if (label_smoothing != 0.0)
    target = target * (1.0 - label_smoothing) + label_smoothing / keras::detail::last_dim_as(target);
  if (target.rank() == 0)
    throw InvalidArgumentError("[categorical_crossentropy] target and output must be at least rank 1: " +
                               shapes_of(target, y_pred));
  check_same_shape("categorical_crossentropy", target, y_pred);
  if (from_logits) return nn::softmax_cross_entropy_with_logits(target, y_pred, axis);
  const Tensor p = clip_probabilities(y_pred / reduce_sum(y_pred, axis, {.keepdims = true}));
  return -reduce_sum(target * math::log(p), axis);
}

Tensor sparse_categorical_crossentropy(const Tensor& y_true, const Tensor& y_pred, bool from_logits,
                                       std::optional<std::int64_t> ignore_class, std::int64_t axis) {
  const int rank = y_pred.rank();
  if (rank < 1)
    throw InvalidArgumentError("[sparse_categorical_crossentropy] output must be at least rank 1: " +
                               shapes_of(y_true, y_pred));
  if (axis != -1 && axis != rank - 1)
    throw InvalidArgumentError("[sparse_categorical_crossentropy] only axis=-1 is supported, got axis=" +
                               std::to_string(axis));
  Tensor target = y_true;
  if (target.rank() == rank && target.shape().dim(-1) == 1) target = squeeze(target, {-1});
  // Class ids stay integers; float labels (Keras casts every y_true to the loss dtype) become int64.
  if (!is_index_dtype(target.dtype())) target = cast(target, int64);
  if (target.rank() != rank - 1)
    throw InvalidArgumentError("[sparse_categorical_crossentropy] output must have rank target.ndim + 1: " +
                               shapes_of(target, y_pred));
  for (int i = 0; i < rank - 1; ++i) {
    const std::int64_t a = target.shape().dim(i), b = y_pred.shape().dim(i);
    if (a >= 0 && b >= 0 && a != b)
      throw InvalidArgumentError(
          "[sparse_categorical_crossentropy] target and output must have the same shape up until the last "
          "dimension: " + shapes_of(target, y_pred));
  }
  Tensor output = y_pred;
  Tensor valid;
  if (ignore_class) {
    valid = math::not_equal(target, constant(static_cast<double>(*ignore_class), target.dtype()));
    target = where(valid, target, scalar_like(target, 0.0));
    output = where(expand_dims(valid, -1), output, scalar_like(output, 0.0));
  }
  if (!from_logits) output = math::log(clip_probabilities(output));
  Tensor result = nn::sparse_softmax_cross_entropy_with_logits(target, output);
  if (ignore_class) result = where(valid, result, scalar_like(result, 0.0));
  return result;
}

BinaryCrossentropy::BinaryCrossentropy(BinaryCrossentropyOptions o)
    : Loss(o.name, o.reduction, o.dtype), options_(std::move(o)) {}
Tensor BinaryCrossentropy::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return binary_crossentropy(t, p, options_.from_logits, options_.label_smoothing, options_.axis);
}
Config BinaryCrossentropy::get_config() const {
  Config config = Loss::get_config();
  config["from_logits"] = options_.from_logits;
  config["label_smoothing"] = options_.label_smoothing;
  config["axis"] = options_.axis;
  return config;
}

BinaryFocalCrossentropy::BinaryFocalCrossentropy(BinaryFocalCrossentropyOptions o)
    : Loss(o.name, o.reduction, o.dtype), options_(std::move(o)) {}
Tensor BinaryFocalCrossentropy::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return binary_focal_crossentropy(t, p, options_.apply_class_balancing, options_.alpha, options_.gamma,
                                   options_.from_logits, options_.label_smoothing, options_.axis);
}
Config BinaryFocalCrossentropy::get_config() const {
  Config config = Loss::get_config();
  config["from_logits"] = options_.from_logits;
  config["label_smoothing"] = options_.label_smoothing;
  config["axis"] = options_.axis;
  config["apply_class_balancing"] = options_.apply_class_balancing;
  config["alpha"] = options_.alpha;
  config["gamma"] = options_.gamma;
  return config;
}

CategoricalCrossentropy::CategoricalCrossentropy(CategoricalCrossentropyOptions o)
    : Loss(o.name, o.reduction, o.dtype), options_(std::move(o)) {}
Tensor CategoricalCrossentropy::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return categorical_crossentropy(t, p, options_.from_logits, options_.label_smoothing, options_.axis);
}
Config CategoricalCrossentropy::get_config() const {
  Config config = Loss::get_config();
  config["from_logits"] = options_.from_logits;
  config["label_smoothing"] = options_.label_smoothing;
  config["axis"] = options_.axis;
  return config;
}

SparseCategoricalCrossentropy::SparseCategoricalCrossentropy(SparseCategoricalCrossentropyOptions o)
    : Loss(o.name, o.reduction, o.dtype), options_(std::move(o)) {}
Tensor SparseCategoricalCrossentropy::call(const Tensor& y_true, const Tensor& y_pred) const {
  return call_masked(y_true, y_pred).values;
}
Loss::MaskedValues SparseCategoricalCrossentropy::call_masked(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  Tensor values = sparse_categorical_crossentropy(t, p, options_.from_logits, options_.ignore_class, options_.axis);
  if (!options_.ignore_class) return {values, Tensor()};
  // The entries sparse_categorical_crossentropy zeroed are left out of the mean as well.
  Tensor labels = t;
  if (labels.rank() == p.rank() && labels.shape().dim(-1) == 1) labels = squeeze(labels, {-1});
  const Tensor ignored = constant(static_cast<double>(*options_.ignore_class), labels.dtype());
  return {values, math::not_equal(labels, ignored)};
}
Config SparseCategoricalCrossentropy::get_config() const {
  Config config = Loss::get_config();
  config["from_logits"] = options_.from_logits;
  config["ignore_class"] = options_.ignore_class ? ConfigValue(*options_.ignore_class) : ConfigValue();
  config["axis"] = options_.axis;  // Keras 3.15 leaves it out; later Keras writes it
  return config;
}

KLDivergence::KLDivergence(KLDivergenceOptions o) : Loss(std::move(o.name), std::move(o.reduction), o.dtype) {}
Tensor KLDivergence::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return kl_divergence(t, p);
}

Poisson::Poisson(PoissonOptions o) : Loss(std::move(o.name), std::move(o.reduction), o.dtype) {}
Tensor Poisson::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return poisson(t, p);
}

}  // namespace tf::keras::losses

// tf::keras::losses: Keras 3's losses, as classes with options and as plain functions.
//
//   namespace losses = tf::keras::losses;
//   losses::SparseCategoricalCrossentropy scce({.from_logits = true});
//   tf::Tensor loss = scce(labels, logits);                  // a scalar: the mean over the batch
//   scce(labels, logits, sample_weight);                     // weighted per sample
//   losses::MeanSquaredError({.reduction = "none"})(y, p);   // one value per sample
//   losses::mean_squared_error(y, p);                        // the function form, per sample
//   std::shared_ptr<losses::Loss> l = losses::get("mse");    // by name, as compile() takes it
//
// A Loss's call() gives per-sample values; operator() casts both inputs to the loss dtype
// (float32 unless given), applies sample weights and the reduction: "sum_over_batch_size"
// (the default; "mean" is the same), "sum", "mean_with_sample_weight" or "none". Everything
// is built from differentiable ops, so a loss works eagerly, under a GradientTape and inside
// tf::function alike. Errors name the loss in brackets: "[mean_squared_error] ...".
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "tfpp/dtype.h"
#include "tfpp/keras/config.h"
#include "tfpp/tensor.h"
#include "tfpp/tensor_shape.h"

namespace tf::keras::losses {

/// Keras' backend.epsilon(): the clipping bound of the probability-based losses.
inline constexpr double kEpsilon = 1e-7;

/// Base of every loss: subclasses give call(), the per-sample loss.
class Loss {
 public:
  /// A loss named `name` with a reduction ("sum_over_batch_size", "sum", "mean",
  /// "mean_with_sample_weight" or "none") computing in `dtype` (float32 if not given).
  explicit Loss(std::string name, std::string reduction = "sum_over_batch_size",
                std::optional<DType> dtype = std::nullopt);
  virtual ~Loss() = default;

  /// The per-sample loss of y_pred against y_true (both already in dtype()).
  virtual Tensor call(const Tensor& y_true, const Tensor& y_pred) const = 0;
  /// The loss: call() weighted by `sample_weight` (if defined) and reduced.
  Tensor operator()(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) const;

  /// The loss's name ("sparse_categorical_crossentropy").
  const std::string& name() const { return name_; }
  /// The reduction operator() applies.
  const std::string& reduction() const { return reduction_; }
  /// The dtype the loss computes in.
  DType dtype() const { return dtype_; }
  /// Keras' config: {"name", "reduction"} plus each loss's own options.
  virtual Config get_config() const;

 protected:
  /// Per-sample values and an optional bool mask of the valid ones (as Keras' loss masks).
  struct MaskedValues {
    Tensor values;  ///< the per-sample loss
    Tensor mask;    ///< undefined, or true where a value counts
  };
  /// call() with a mask; losses that ignore some entries (ignore_class) override it.
  virtual MaskedValues call_masked(const Tensor& y_true, const Tensor& y_pred) const;
  /// True if integer labels reach call() as they are instead of cast to dtype() (class ids).
  virtual bool keeps_integer_labels() const { return false; }

 private:
  std::string name_;
  std::string reduction_;
  DType dtype_;
};

/// A loss function (y_true, y_pred) -> per-sample loss.
using LossFunction = std::function<Tensor(const Tensor& y_true, const Tensor& y_pred)>;

/// Options of LossFunctionWrapper.
struct LossFunctionWrapperOptions {
  std::string reduction = "sum_over_batch_size";  ///< how operator() reduces
  std::string name = "loss_function_wrapper";      ///< the loss's name
  std::optional<DType> dtype;                      ///< the compute dtype (float32 if unset)
};

/// A Loss from a plain function: the ranks of y_true and y_pred are first made to agree (a
/// trailing size-1 dimension is squeezed or added), then fn gives the per-sample loss.
class LossFunctionWrapper : public Loss {
 public:
  /// Wraps `fn`.
  explicit LossFunctionWrapper(LossFunction fn, LossFunctionWrapperOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  /// {"name", "reduction", "fn"} (fn as the wrapper's name, since a C++ function has none).
  Config get_config() const override;

 private:
  LossFunction fn_;
};

// ---- The loss functions (per-sample values; the mean over the last axis where Keras takes it).

/// mean(square(y_true - y_pred), axis=-1).
Tensor mean_squared_error(const Tensor& y_true, const Tensor& y_pred);
/// mean(abs(y_true - y_pred), axis=-1).
Tensor mean_absolute_error(const Tensor& y_true, const Tensor& y_pred);
/// 100 * mean(abs((y_true - y_pred) / maximum(abs(y_true), epsilon)), axis=-1).
Tensor mean_absolute_percentage_error(const Tensor& y_true, const Tensor& y_pred);
/// mean of 0.5 * e^2 where |e| <= delta, else delta * |e| - 0.5 * delta^2 (e = y_pred - y_true).
Tensor huber(const Tensor& y_true, const Tensor& y_pred, double delta = 1.0);
/// mean(log(cosh(y_pred - y_true)), axis=-1), computed without overflow.
Tensor log_cosh(const Tensor& y_true, const Tensor& y_pred);
/// -sum(l2_normalize(y_true) * l2_normalize(y_pred), axis).
Tensor cosine_similarity(const Tensor& y_true, const Tensor& y_pred, std::int64_t axis = -1);
/// mean(square(log(max(y_pred, eps) + 1) - log(max(y_true, eps) + 1)), axis=-1).
Tensor mean_squared_logarithmic_error(const Tensor& y_true, const Tensor& y_pred);
/// mean(maximum(1 - y_true * y_pred, 0), axis=-1); labels all in {0, 1} become {-1, 1} first.
Tensor hinge(const Tensor& y_true, const Tensor& y_pred);
/// mean(square(maximum(1 - y_true * y_pred, 0)), axis=-1), with hinge's label conversion.
Tensor squared_hinge(const Tensor& y_true, const Tensor& y_pred);
/// maximum(max((1 - y_true) * y_pred) - sum(y_true * y_pred) + 1, 0) along the last axis.
Tensor categorical_hinge(const Tensor& y_true, const Tensor& y_pred);
/// sum(y_true * log(y_true / y_pred), axis=-1), both clipped to [epsilon, 1].
Tensor kl_divergence(const Tensor& y_true, const Tensor& y_pred);
/// mean(y_pred - y_true * log(y_pred + epsilon), axis=-1).
Tensor poisson(const Tensor& y_true, const Tensor& y_pred);
/// mean over `axis` of the elementwise binary crossentropy of probabilities (or logits).
Tensor binary_crossentropy(const Tensor& y_true, const Tensor& y_pred, bool from_logits = false,
                           double label_smoothing = 0.0, std::int64_t axis = -1);
/// binary_crossentropy scaled by (1 - p_t)^gamma, and by alpha / 1 - alpha with class balancing.
Tensor binary_focal_crossentropy(const Tensor& y_true, const Tensor& y_pred, bool apply_class_balancing = false,
                                 double alpha = 0.25, double gamma = 2.0, bool from_logits = false,
                                 double label_smoothing = 0.0, std::int64_t axis = -1);
/// -sum(y_true * log(y_pred), axis) for one-hot (or smoothed) y_true.
Tensor categorical_crossentropy(const Tensor& y_true, const Tensor& y_pred, bool from_logits = false,
                                double label_smoothing = 0.0, std::int64_t axis = -1);
/// -log(y_pred[y_true]) for integer class ids y_true (rank of y_pred minus one, or a trailing 1);
/// entries whose label is `ignore_class` give 0.
Tensor sparse_categorical_crossentropy(const Tensor& y_true, const Tensor& y_pred, bool from_logits = false,
                                       std::optional<std::int64_t> ignore_class = std::nullopt,
                                       std::int64_t axis = -1);

// ---- The loss classes. Each takes an options struct in Keras' argument order.

/// Options of the losses that have no options of their own.
struct MeanSquaredErrorOptions {
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "mean_squared_error";        ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// mean_squared_error as a Loss.
class MeanSquaredError : public Loss {
 public:
  /// A MeanSquaredError with `options`.
  explicit MeanSquaredError(MeanSquaredErrorOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
};

/// Options of MeanAbsoluteError.
struct MeanAbsoluteErrorOptions {
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "mean_absolute_error";       ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// mean_absolute_error as a Loss.
class MeanAbsoluteError : public Loss {
 public:
  /// A MeanAbsoluteError with `options`.
  explicit MeanAbsoluteError(MeanAbsoluteErrorOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
};

/// Options of MeanAbsolutePercentageError.
struct MeanAbsolutePercentageErrorOptions {
  std::string reduction = "sum_over_batch_size";        ///< how the loss reduces
  std::string name = "mean_absolute_percentage_error";  ///< the loss's name
  std::optional<DType> dtype;                           ///< the compute dtype (float32 if unset)
};
/// mean_absolute_percentage_error as a Loss.
class MeanAbsolutePercentageError : public Loss {
 public:
  /// A MeanAbsolutePercentageError with `options`.
  explicit MeanAbsolutePercentageError(MeanAbsolutePercentageErrorOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
};

/// Options of MeanSquaredLogarithmicError.
struct MeanSquaredLogarithmicErrorOptions {
  std::string reduction = "sum_over_batch_size";        ///< how the loss reduces
  std::string name = "mean_squared_logarithmic_error";  ///< the loss's name
  std::optional<DType> dtype;                           ///< the compute dtype (float32 if unset)
};
/// mean_squared_logarithmic_error as a Loss.
class MeanSquaredLogarithmicError : public Loss {
 public:
  /// A MeanSquaredLogarithmicError with `options`.
  explicit MeanSquaredLogarithmicError(MeanSquaredLogarithmicErrorOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
};

/// Options of Huber.
struct HuberOptions {
  double delta = 1.0;                             ///< where the loss turns from quadratic to linear
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "huber_loss";                ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// huber as a Loss.
class Huber : public Loss {
 public:
  /// A Huber loss with `options`.
  explicit Huber(HuberOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  /// {"name", "reduction", "delta"} (Keras 3.15 leaves delta out; later Keras writes it).
  Config get_config() const override;

 private:
  double delta_;
};

/// Options of LogCosh.
struct LogCoshOptions {
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "log_cosh";                  ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// log_cosh as a Loss.
class LogCosh : public Loss {
 public:
  /// A LogCosh loss with `options`.
  explicit LogCosh(LogCoshOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
};

/// Options of CosineSimilarity.
struct CosineSimilarityOptions {
  std::int64_t axis = -1;                         ///< the axis along which vectors are compared
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "cosine_similarity";         ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// cosine_similarity as a Loss.
class CosineSimilarity : public Loss {
 public:
  /// A CosineSimilarity loss with `options`.
  explicit CosineSimilarity(CosineSimilarityOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  /// {"name", "reduction", "axis"} (Keras 3.15 leaves axis out; later Keras writes it).
  Config get_config() const override;

 private:
  std::int64_t axis_;
};

/// Options of Hinge.
struct HingeOptions {
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "hinge";                     ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// hinge as a Loss.
class Hinge : public Loss {
 public:
  /// A Hinge loss with `options`.
  explicit Hinge(HingeOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
};

/// Options of SquaredHinge.
struct SquaredHingeOptions {
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "squared_hinge";             ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// squared_hinge as a Loss.
class SquaredHinge : public Loss {
 public:
  /// A SquaredHinge loss with `options`.
  explicit SquaredHinge(SquaredHingeOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
};

/// Options of CategoricalHinge.
struct CategoricalHingeOptions {
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "categorical_hinge";         ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// categorical_hinge as a Loss.
class CategoricalHinge : public Loss {
 public:
  /// A CategoricalHinge loss with `options`.
  explicit CategoricalHinge(CategoricalHingeOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
};

/// Options of KLDivergence.
struct KLDivergenceOptions {
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "kl_divergence";             ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// kl_divergence as a Loss.
class KLDivergence : public Loss {
 public:
  /// A KLDivergence loss with `options`.
  explicit KLDivergence(KLDivergenceOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
};

/// Options of Poisson.
struct PoissonOptions {
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "poisson";                   ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// poisson as a Loss.
class Poisson : public Loss {
 public:
  /// A Poisson loss with `options`.
  explicit Poisson(PoissonOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
};

/// Options of BinaryCrossentropy.
struct BinaryCrossentropyOptions {
  bool from_logits = false;                       ///< y_pred holds logits, not probabilities
  double label_smoothing = 0.0;                   ///< labels move toward 0.5 by this fraction
  std::int64_t axis = -1;                         ///< the axis the mean is taken over
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "binary_crossentropy";       ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// binary_crossentropy as a Loss.
class BinaryCrossentropy : public Loss {
 public:
  /// A BinaryCrossentropy loss with `options`.
  explicit BinaryCrossentropy(BinaryCrossentropyOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  Config get_config() const override;

 private:
  BinaryCrossentropyOptions options_;
};

/// Options of BinaryFocalCrossentropy.
struct BinaryFocalCrossentropyOptions {
  bool apply_class_balancing = false;             ///< weigh class 1 by alpha and class 0 by 1 - alpha
  double alpha = 0.25;                            ///< the class-balancing weight
  double gamma = 2.0;                             ///< the focusing exponent
  bool from_logits = false;                       ///< y_pred holds logits, not probabilities
  double label_smoothing = 0.0;                   ///< labels move toward 0.5 by this fraction
  std::int64_t axis = -1;                         ///< the axis the mean is taken over
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "binary_focal_crossentropy";  ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// binary_focal_crossentropy as a Loss.
class BinaryFocalCrossentropy : public Loss {
 public:
  /// A BinaryFocalCrossentropy loss with `options`.
  explicit BinaryFocalCrossentropy(BinaryFocalCrossentropyOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  Config get_config() const override;

 private:
  BinaryFocalCrossentropyOptions options_;
};

/// Options of CategoricalCrossentropy.
struct CategoricalCrossentropyOptions {
  bool from_logits = false;                       ///< y_pred holds logits, not probabilities
  double label_smoothing = 0.0;                   ///< one-hot labels are smoothed by this fraction
  std::int64_t axis = -1;                         ///< the class axis
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "categorical_crossentropy";  ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// categorical_crossentropy as a Loss.
class CategoricalCrossentropy : public Loss {
 public:
  /// A CategoricalCrossentropy loss with `options`.
  explicit CategoricalCrossentropy(CategoricalCrossentropyOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  Config get_config() const override;

 private:
  CategoricalCrossentropyOptions options_;
};

/// Options of SparseCategoricalCrossentropy.
struct SparseCategoricalCrossentropyOptions {
  bool from_logits = false;                        ///< y_pred holds logits, not probabilities
  std::optional<std::int64_t> ignore_class;        ///< a label whose entries do not count
  std::string reduction = "sum_over_batch_size";   ///< how the loss reduces
  std::int64_t axis = -1;                          ///< the class axis (only the last is supported)
  std::string name = "sparse_categorical_crossentropy";  ///< the loss's name
  std::optional<DType> dtype;                      ///< the compute dtype (float32 if unset)
};
/// sparse_categorical_crossentropy as a Loss; with from_logits it is the fused
/// SparseSoftmaxCrossEntropyWithLogits op.
class SparseCategoricalCrossentropy : public Loss {
 public:
  /// A SparseCategoricalCrossentropy loss with `options`.
  explicit SparseCategoricalCrossentropy(SparseCategoricalCrossentropyOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  Config get_config() const override;

 protected:
  MaskedValues call_masked(const Tensor& y_true, const Tensor& y_pred) const override;
  bool keeps_integer_labels() const override { return true; }

 private:
  SparseCategoricalCrossentropyOptions options_;
};

/// The loss called `name`, as keras.losses.get and compile() resolve strings: a class name
/// ("MeanSquaredError") gives that loss with its defaults; a function name or alias
/// ("mean_squared_error", "mse", "mae", "mape", "kld", "bce", ...) gives the function wrapped
/// in a LossFunctionWrapper named `name`. An unknown name raises InvalidArgumentError.
std::shared_ptr<Loss> get(const std::string& name);
/// As get(name), and "crossentropy" / "ce" pick binary, sparse categorical or categorical
/// crossentropy from the shapes of y_true and y_pred, as Keras 3's compile does.
std::shared_ptr<Loss> get(const std::string& name, const TensorShape& y_true_shape, const TensorShape& y_pred_shape);

/// Keras' squeeze_or_expand_to_same_rank: when the ranks differ by one and the longer has a
/// trailing 1, that dimension is dropped (or, for a rank-1 other side, added to it).
std::pair<Tensor, Tensor> squeeze_or_expand_to_same_rank(const Tensor& x1, const Tensor& x2,
                                                         bool expand_rank_1 = true);

}  // namespace tf::keras::losses

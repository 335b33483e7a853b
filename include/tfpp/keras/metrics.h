// tf::keras::metrics: Keras 3's metrics, whose state lives in tf::Variables.
//
//   namespace metrics = tf::keras::metrics;
//   metrics::SparseCategoricalAccuracy acc;
//   acc.update_state(labels, logits);          // accumulates (eagerly, or as assign ops in a trace)
//   acc.result();                              // a float32 scalar
//   acc.reset_state();
//   metrics::Mean loss_tracker({.name = "loss"});
//   loss_tracker.update_state(loss_value, sample_weight);
//   auto m = metrics::get("accuracy", y_true.shape(), y_pred.shape());  // compile()'s choice
//
// A metric creates its variables (non-trainable, named "<metric>/<variable>") when it is
// constructed; copies of a metric share them, as copies of a tf::Variable do. update_state,
// result and reset_state use ops only, so inside tf::function they become graph ops on the
// captured variables and run at every call. Errors name the metric: "[accuracy] ...".
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/dtype.h"
#include "tfpp/keras/config.h"
#include "tfpp/tensor.h"
#include "tfpp/tensor_shape.h"
#include "tfpp/variable.h"

namespace tf::keras::metrics {

/// Base of every metric: subclasses create their state with add_variable and give
/// update_state and result.
class Metric {
 public:
  /// A metric named `name` whose result has `dtype` (float32 if not given).
  explicit Metric(std::string name, std::optional<DType> dtype = std::nullopt);
  virtual ~Metric() = default;

  /// Accumulates statistics of y_pred against y_true, weighted by sample_weight if defined.
  virtual void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) = 0;
  /// The metric's current value (a scalar for the built-ins).
  virtual Tensor result() const = 0;
  /// Sets every state variable back to zero.
  virtual void reset_state();
  /// update_state, then result (Keras' metric(y_true, y_pred)).
  Tensor operator()(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {});

  /// The state variables, in creation order.
  const std::vector<Variable>& variables() const { return variables_; }
  /// The metric's name ("sparse_categorical_accuracy").
  const std::string& name() const { return name_; }
  /// Renames the metric (as compile() names metrics by the string the user gave); the
  /// variables keep their names.
  void set_name(std::string name) { name_ = std::move(name); }
  /// The dtype of the result and of the state.
  DType dtype() const { return dtype_; }
  /// Keras' config: {"name", "dtype"} plus each metric's own options.
  virtual Config get_config() const;

 protected:
  /// A new non-trainable state variable "<metric>/<name>" of `shape`, zero-initialized,
  /// in `dtype` (the metric's dtype if not given).
  Variable add_variable(const TensorShape& shape, const std::string& name, std::optional<DType> dtype = std::nullopt);

 private:
  std::string name_;
  DType dtype_;
  std::vector<Variable> variables_;
};

/// Options of the metrics that take only a name and a dtype.
struct MetricOptions {
  std::string name;            ///< the metric's name; empty for the class's default
  std::optional<DType> dtype;  ///< the result dtype (float32 if unset)
};

/// The (weighted) sum of the values given: variable "total".
class Sum : public Metric {
 public:
  /// A Sum named "sum" unless options say otherwise.
  explicit Sum(MetricOptions options = {});
  /// Adds sum(values * sample_weight).
  void update_state(const Tensor& values, const Tensor& sample_weight = {});
  /// Sum takes values, not (y_true, y_pred): raises InvalidArgumentError.
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) override;
  Tensor result() const override;

 private:
  Variable total_;
};

/// The (weighted) mean of the values given: variables "total" and "count".
class Mean : public Metric {
 public:
  /// A Mean named "mean" unless options say otherwise.
  explicit Mean(MetricOptions options = {});
  /// Adds the values (weighted by sample_weight) to the running mean. Values of higher rank
  /// than the weights are first averaged over their extra trailing axes, as Keras does.
  void update_state(const Tensor& values, const Tensor& sample_weight = {});
  /// Mean takes values, not (y_true, y_pred): raises InvalidArgumentError (MeanMetricWrapper takes both).
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) override;
  /// total / count, or 0 before any update.
  Tensor result() const override;

 protected:
  /// update_state(values, sample_weight) without the error naming (for subclasses).
  void accumulate(const Tensor& values, const Tensor& sample_weight);

 private:
  Variable total_;
  Variable count_;
};

/// A metric function (y_true, y_pred) -> per-sample values.
using MetricFunction = std::function<Tensor(const Tensor& y_true, const Tensor& y_pred)>;

/// The running mean of fn(y_true, y_pred): how Keras builds metrics from functions.
class MeanMetricWrapper : public Mean {
 public:
  /// Wraps `fn`; the name defaults to "mean_metric_wrapper".
  explicit MeanMetricWrapper(MetricFunction fn, MetricOptions options = {});
  /// Adds fn(y_true, y_pred), weighted by sample_weight, to the running mean.
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;

 private:
  MetricFunction fn_;
};

// ---- Metric functions (per-sample values, float32), as keras.metrics exports them.

/// 1 where y_pred equals y_true, else 0.
Tensor accuracy(const Tensor& y_true, const Tensor& y_pred);
/// 1 where (y_pred > threshold) equals y_true, else 0.
Tensor binary_accuracy(const Tensor& y_true, const Tensor& y_pred, double threshold = 0.5);
/// 1 where argmax(y_pred) equals argmax(y_true) (one-hot labels), else 0.
Tensor categorical_accuracy(const Tensor& y_true, const Tensor& y_pred);
/// 1 where argmax(y_pred) equals the integer label y_true, else 0.
Tensor sparse_categorical_accuracy(const Tensor& y_true, const Tensor& y_pred);
/// 1 where the one-hot label's class is among the k largest predictions, else 0.
Tensor top_k_categorical_accuracy(const Tensor& y_true, const Tensor& y_pred, std::int64_t k = 5);
/// 1 where the integer label is among the k largest predictions, else 0.
Tensor sparse_top_k_categorical_accuracy(const Tensor& y_true, const Tensor& y_pred, std::int64_t k = 5);
/// tf.math.in_top_k: whether targets[i] is among the k largest predictions[i] (ties at the
/// boundary count as in; out-of-range targets and non-finite predictions as out).
Tensor in_top_k(const Tensor& targets, const Tensor& predictions, std::int64_t k);

// ---- Accuracy metrics.

/// How often y_pred equals y_true.
class Accuracy : public MeanMetricWrapper {
 public:
  /// An Accuracy named "accuracy" unless options say otherwise.
  explicit Accuracy(MetricOptions options = {});
};

/// Options of BinaryAccuracy.
struct BinaryAccuracyOptions {
  std::string name = "binary_accuracy";  ///< the metric's name
  std::optional<DType> dtype;            ///< the result dtype (float32 if unset)
  double threshold = 0.5;                ///< predictions above it count as 1
};
/// How often thresholded predictions match binary labels.
class BinaryAccuracy : public MeanMetricWrapper {
 public:
  /// A BinaryAccuracy with `options`.
  explicit BinaryAccuracy(BinaryAccuracyOptions options = {});
  Config get_config() const override;

 private:
  double threshold_;
};

/// How often argmax(y_pred) matches one-hot labels.
class CategoricalAccuracy : public MeanMetricWrapper {
 public:
  /// A CategoricalAccuracy named "categorical_accuracy" unless options say otherwise.
  explicit CategoricalAccuracy(MetricOptions options = {});
};

/// How often argmax(y_pred) matches integer labels.
class SparseCategoricalAccuracy : public MeanMetricWrapper {
 public:
  /// A SparseCategoricalAccuracy named "sparse_categorical_accuracy" unless options say otherwise.
  explicit SparseCategoricalAccuracy(MetricOptions options = {});
};

/// Options of TopKCategoricalAccuracy and SparseTopKCategoricalAccuracy.
struct TopKOptions {
  std::int64_t k = 5;          ///< how many of the largest predictions count
  std::string name;            ///< the metric's name; empty for the class's default
  std::optional<DType> dtype;  ///< the result dtype (float32 if unset)
};
/// How often the one-hot label's class is in the top k predictions.
class TopKCategoricalAccuracy : public MeanMetricWrapper {
 public:
  /// A TopKCategoricalAccuracy named "top_k_categorical_accuracy" unless options say otherwise.
  explicit TopKCategoricalAccuracy(TopKOptions options = {});
  Config get_config() const override;

 private:
  std::int64_t k_;
};
/// How often the integer label is in the top k predictions.
class SparseTopKCategoricalAccuracy : public MeanMetricWrapper {
 public:
  /// A SparseTopKCategoricalAccuracy named "sparse_top_k_categorical_accuracy" unless options say otherwise.
  explicit SparseTopKCategoricalAccuracy(TopKOptions options = {});
  Config get_config() const override;

 private:
  std::int64_t k_;
};

// ---- Regression metrics.

/// The running mean of losses::mean_squared_error.
class MeanSquaredError : public MeanMetricWrapper {
 public:
  /// A MeanSquaredError metric named "mean_squared_error" unless options say otherwise.
  explicit MeanSquaredError(MetricOptions options = {});
};

/// The running mean of losses::mean_absolute_error.
class MeanAbsoluteError : public MeanMetricWrapper {
 public:
  /// Named "mean_absolute_error" unless options say otherwise.
  explicit MeanAbsoluteError(MetricOptions options = {});
};

/// The running mean of losses::mean_absolute_percentage_error.
class MeanAbsolutePercentageError : public MeanMetricWrapper {
 public:
  /// Named "mean_absolute_percentage_error" unless options say otherwise.
  explicit MeanAbsolutePercentageError(MetricOptions options = {});
};

/// The running mean of losses::mean_squared_logarithmic_error.
class MeanSquaredLogarithmicError : public MeanMetricWrapper {
 public:
  /// Named "mean_squared_logarithmic_error" unless options say otherwise.
  explicit MeanSquaredLogarithmicError(MetricOptions options = {});
};

/// Options of the CosineSimilarity metric.
struct CosineSimilarityOptions {
  std::string name = "cosine_similarity";  ///< the metric's name
  std::optional<DType> dtype;              ///< the result dtype (float32 if unset)
  std::int64_t axis = -1;                  ///< the axis along which vectors are compared
};
/// The running mean of the cosine similarity (positive, unlike the loss) of y_true and y_pred.
class CosineSimilarity : public MeanMetricWrapper {
 public:
  /// A CosineSimilarity metric with `options`.
  explicit CosineSimilarity(CosineSimilarityOptions options = {});
  /// {"name", "dtype", "axis"} (Keras 3.15 leaves axis out; later Keras writes it).
  Config get_config() const override;

 private:
  std::int64_t axis_;
};

/// The running mean of losses::log_cosh.
class LogCoshError : public MeanMetricWrapper {
 public:
  /// Named "logcosh" unless options say otherwise.
  explicit LogCoshError(MetricOptions options = {});
};

/// sqrt of the running mean of squared errors.
class RootMeanSquaredError : public Mean {
 public:
  /// A RootMeanSquaredError named "root_mean_squared_error" unless options say otherwise.
  explicit RootMeanSquaredError(MetricOptions options = {});
  /// Adds square(y_pred - y_true), weighted by sample_weight.
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  /// sqrt(total / count).
  Tensor result() const override;
};

// ---- Confusion-matrix metrics.

/// Options of Precision and Recall.
struct PrecisionRecallOptions {
  std::vector<double> thresholds;       ///< predictions above a threshold count as positive; empty: 0.5
  std::optional<std::int64_t> top_k;    ///< count only each row's k largest predictions as positive
  std::optional<std::int64_t> class_id;  ///< look only at this class (the last axis of y_pred)
  std::string name;                     ///< the metric's name; empty for the class's default
  std::optional<DType> dtype;           ///< the result dtype (float32 if unset)
};

/// tp / (tp + fp) per threshold (a scalar for one threshold): variables "true_positives" and
/// "false_positives".
class Precision : public Metric {
 public:
  /// A Precision named "precision" unless options say otherwise.
  explicit Precision(PrecisionRecallOptions options = {});
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  Tensor result() const override;
  Config get_config() const override;

 private:
  PrecisionRecallOptions options_;
  std::vector<double> thresholds_;
  Variable true_positives_, false_positives_;
};

/// tp / (tp + fn) per threshold (a scalar for one threshold): variables "true_positives" and
/// "false_negatives".
class Recall : public Metric {
 public:
  /// A Recall named "recall" unless options say otherwise.
  explicit Recall(PrecisionRecallOptions options = {});
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  Tensor result() const override;
  Config get_config() const override;

 private:
  PrecisionRecallOptions options_;
  std::vector<double> thresholds_;
  Variable true_positives_, false_negatives_;
};

/// Options of AUC.
struct AUCOptions {
  std::int64_t num_thresholds = 200;              ///< evenly spaced thresholds in [0, 1] (when `thresholds` is empty)
  std::string curve = "ROC";                      ///< "ROC", "PR" or "PRGAIN"
  std::string summation_method = "interpolation";  ///< "interpolation", "minoring" or "majoring"
  std::string name;                               ///< the metric's name; empty for "auc"
  std::optional<DType> dtype;                     ///< the result dtype (float32 if unset)
  std::vector<double> thresholds;                 ///< explicit thresholds in (0, 1), instead of num_thresholds
  bool multi_label = false;                       ///< one curve per label (y_pred [batch, labels]), averaged
  std::optional<std::int64_t> num_labels;         ///< labels of a multi-label AUC (else known at the first update)
  std::vector<double> label_weights;              ///< per-label weights (of the average, for multi_label)
  bool from_logits = false;                       ///< y_pred holds logits; a sigmoid maps them to [0, 1]
};

/// The area under the ROC or precision-recall curve, from confusion matrices at thresholds
/// (Riemann sums as Keras 3 computes them; PR with interpolation uses Davis & Goadrich's
/// interpolation). Variables "true_positives", "false_positives", "true_negatives",
/// "false_negatives".
class AUC : public Metric {
 public:
  /// An AUC named "auc" unless options say otherwise.
  explicit AUC(AUCOptions options = {});
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  Tensor result() const override;
  void reset_state() override;
  Config get_config() const override;
  /// The thresholds, including -epsilon and 1 + epsilon at the ends.
  const std::vector<double>& thresholds() const { return thresholds_; }

 private:
  void build(std::int64_t num_labels);
  Tensor interpolate_pr_auc() const;

  AUCOptions options_;
  std::vector<double> thresholds_;
  bool built_ = false;
  Variable true_positives_, false_positives_, true_negatives_, false_negatives_;
};

/// Options of MeanIoU.
struct MeanIoUOptions {
  std::int64_t num_classes = 2;              ///< the number of classes (a confusion matrix of this size)
  std::string name;                          ///< the metric's name; empty for "mean_io_u"
  std::optional<DType> dtype;                ///< the confusion matrix's dtype (int64 if unset, as Keras' "int")
  std::optional<std::int64_t> ignore_class;  ///< a label whose entries do not count
  bool sparse_y_true = true;                 ///< y_true holds class ids (else scores: argmax along axis)
  bool sparse_y_pred = true;                 ///< y_pred holds class ids (else scores: argmax along axis)
  std::int64_t axis = -1;                    ///< the class axis of non-sparse inputs
};

/// The mean over classes of the intersection over union, from an accumulated confusion
/// matrix: variable "total_confusion_matrix" [num_classes, num_classes].
class MeanIoU : public Metric {
 public:
  /// A MeanIoU with `options`.
  explicit MeanIoU(MeanIoUOptions options = {});
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  /// A float32 scalar.
  Tensor result() const override;
  Config get_config() const override;

 private:
  MeanIoUOptions options_;
  Variable total_cm_;
};

// ---- Hinge and probabilistic metrics: running means of the loss functions.

/// The running mean of losses::hinge.
class Hinge : public MeanMetricWrapper {
 public:
  /// Named "hinge" unless options say otherwise.
  explicit Hinge(MetricOptions options = {});
};

/// The running mean of losses::squared_hinge.
class SquaredHinge : public MeanMetricWrapper {
 public:
  /// Named "squared_hinge" unless options say otherwise.
  explicit SquaredHinge(MetricOptions options = {});
};

/// The running mean of losses::categorical_hinge.
class CategoricalHinge : public MeanMetricWrapper {
 public:
  /// Named "categorical_hinge" unless options say otherwise.
  explicit CategoricalHinge(MetricOptions options = {});
};

/// The running mean of losses::kl_divergence.
class KLDivergence : public MeanMetricWrapper {
 public:
  /// Named "kl_divergence" unless options say otherwise.
  explicit KLDivergence(MetricOptions options = {});
};

/// The running mean of losses::poisson.
class Poisson : public MeanMetricWrapper {
 public:
  /// Named "poisson" unless options say otherwise.
  explicit Poisson(MetricOptions options = {});
};

/// Options of the BinaryCrossentropy metric.
struct BinaryCrossentropyOptions {
  std::string name = "binary_crossentropy";  ///< the metric's name
  std::optional<DType> dtype;                ///< the result dtype (float32 if unset)
  bool from_logits = false;                  ///< y_pred holds logits
  double label_smoothing = 0.0;              ///< labels move toward 0.5 by this fraction
};
/// The running mean of losses::binary_crossentropy.
class BinaryCrossentropy : public MeanMetricWrapper {
 public:
  /// A BinaryCrossentropy metric with `options`.
  explicit BinaryCrossentropy(BinaryCrossentropyOptions options = {});
  Config get_config() const override;

 private:
  BinaryCrossentropyOptions options_;
};

/// Options of the CategoricalCrossentropy metric.
struct CategoricalCrossentropyOptions {
  std::string name = "categorical_crossentropy";  ///< the metric's name
  std::optional<DType> dtype;                     ///< the result dtype (float32 if unset)
  bool from_logits = false;                       ///< y_pred holds logits
  double label_smoothing = 0.0;                   ///< one-hot labels are smoothed by this fraction
  std::int64_t axis = -1;                         ///< the class axis
};
/// The running mean of losses::categorical_crossentropy.
class CategoricalCrossentropy : public MeanMetricWrapper {
 public:
  /// A CategoricalCrossentropy metric with `options`.
  explicit CategoricalCrossentropy(CategoricalCrossentropyOptions options = {});
  Config get_config() const override;

 private:
  CategoricalCrossentropyOptions options_;
};

/// Options of the SparseCategoricalCrossentropy metric.
struct SparseCategoricalCrossentropyOptions {
  std::string name = "sparse_categorical_crossentropy";  ///< the metric's name
  std::optional<DType> dtype;                            ///< the result dtype (float32 if unset)
  bool from_logits = false;                              ///< y_pred holds logits
  std::optional<std::int64_t> ignore_class;              ///< a label whose entries give 0
  std::int64_t axis = -1;                                ///< the class axis (only the last is supported)
};
/// The running mean of losses::sparse_categorical_crossentropy.
class SparseCategoricalCrossentropy : public MeanMetricWrapper {
 public:
  /// A SparseCategoricalCrossentropy metric with `options`.
  explicit SparseCategoricalCrossentropy(SparseCategoricalCrossentropyOptions options = {});
  /// As MeanMetricWrapper's; with sample weights, entries labelled ignore_class also leave the
  /// count (Keras applies its mask to given weights only).
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  Config get_config() const override;

 private:
  SparseCategoricalCrossentropyOptions options_;
};

/// The metric called `name`, as keras.metrics.get resolves strings: class names
/// ("SparseCategoricalAccuracy"), their snake_case forms ("sparse_categorical_accuracy") and
/// the aliases "mse", "mae", "mape", "msle" and "bce". An unknown name raises InvalidArgumentError.
std::shared_ptr<Metric> get(const std::string& name);
/// As compile() builds a metric from a string once it knows the shapes of y_true and y_pred:
/// "accuracy" / "acc" become BinaryAccuracy (y_pred's last dimension is 1),
/// SparseCategoricalAccuracy (y_true has lower rank, or a last dimension of 1 against more
/// classes) or CategoricalAccuracy; other names as get(name). The metric is named `name`.
std::shared_ptr<Metric> get(const std::string& name, const TensorShape& y_true_shape,
                            const TensorShape& y_pred_shape);

}  // namespace tf::keras::metrics

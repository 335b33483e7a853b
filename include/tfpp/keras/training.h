// What Model::compile, fit, evaluate and predict take (keras.Model's training arguments).
//
//   model.compile({.optimizer = tf::keras::optimizers::Adam(),
//                  .loss = tf::keras::losses::SparseCategoricalCrossentropy({.from_logits = true}),
//                  .metrics = {"accuracy"}});
//   tf::keras::History h = model.fit(x, y, {.batch_size = 32, .epochs = 5, .validation_split = 0.1});
//
// A loss, metric or optimizer is given as a name ("mse", "accuracy", "adam"), as an object
// (a copy shares its state, as every Keras handle here), or, for losses and metrics, as a
// function (y_true, y_pred) -> per-sample values.
#pragma once

#include <concepts>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/data/dataset.h"
#include "tfpp/keras/callbacks.h"
#include "tfpp/keras/losses.h"
#include "tfpp/keras/metrics.h"
#include "tfpp/keras/optimizers.h"
#include "tfpp/tensor.h"

namespace tf::keras {

/// Metric name -> value, as callbacks see them.
using Logs = callbacks::Logs;
/// Metric name -> scalar tensor, as train_step / test_step return them (symbolic when traced).
using TensorLogs = std::map<std::string, Tensor>;
/// What fit returns.
using History = callbacks::History;

/// A loss given to compile: a name, a Loss object or a function.
class LossSpec {
 public:
  LossSpec() = default;
  LossSpec(const char* name) : name_(name) {}          // NOLINT(google-explicit-constructor)
  LossSpec(std::string name) : name_(std::move(name)) {}  // NOLINT(google-explicit-constructor)
  LossSpec(std::shared_ptr<losses::Loss> loss) : loss_(std::move(loss)) {}  // NOLINT
  template <class L>
    requires std::derived_from<std::remove_cvref_t<L>, losses::Loss>
  LossSpec(L&& loss)  // NOLINT(google-explicit-constructor)
      : loss_(std::make_shared<std::remove_cvref_t<L>>(std::forward<L>(loss))) {}
  template <class F>
    requires(std::is_invocable_r_v<Tensor, F, const Tensor&, const Tensor&> &&
             !std::derived_from<std::remove_cvref_t<F>, losses::Loss>)
  LossSpec(F fn)  // NOLINT(google-explicit-constructor)
      : loss_(std::make_shared<losses::LossFunctionWrapper>(losses::LossFunction(std::move(fn)),
                                                            losses::LossFunctionWrapperOptions{.name = "loss", .dtype = std::nullopt})) {}
  /// True when a loss was given.
  bool defined() const { return loss_ != nullptr || !name_.empty(); }
  /// The loss for targets and predictions of these shapes (names resolve as Keras' compile does).
  std::shared_ptr<losses::Loss> resolve(const TensorShape& y_true, const TensorShape& y_pred) const;
  /// Throws InvalidArgumentError for an unknown loss name (compile checks at once).
  void check() const;
  /// The name given ("" for an object or function).
  const std::string& name() const { return name_; }
  /// The Loss object given (functions are wrapped in one), or null for a name.
  const std::shared_ptr<losses::Loss>& object() const { return loss_; }

 private:
  std::string name_;
  std::shared_ptr<losses::Loss> loss_;
};

/// A metric given to compile: a name, a Metric object or a function.
class MetricSpec {
 public:
  MetricSpec(const char* name) : name_(name) {}             // NOLINT(google-explicit-constructor)
  MetricSpec(std::string name) : name_(std::move(name)) {}  // NOLINT(google-explicit-constructor)
  MetricSpec(std::shared_ptr<metrics::Metric> metric) : metric_(std::move(metric)) {}  // NOLINT
  template <class M>
    requires std::derived_from<std::remove_cvref_t<M>, metrics::Metric>
  MetricSpec(M&& metric)  // NOLINT(google-explicit-constructor)
      : metric_(std::make_shared<std::remove_cvref_t<M>>(std::forward<M>(metric))) {}
  template <class F>
    requires(std::is_invocable_r_v<Tensor, F, const Tensor&, const Tensor&> &&
             !std::derived_from<std::remove_cvref_t<F>, metrics::Metric>)
  MetricSpec(F fn)  // NOLINT(google-explicit-constructor)
      : metric_(std::make_shared<metrics::MeanMetricWrapper>(metrics::MetricFunction(std::move(fn)))) {}
  /// The metric for targets and predictions of these shapes.
  std::shared_ptr<metrics::Metric> resolve(const TensorShape& y_true, const TensorShape& y_pred) const;
  /// Throws InvalidArgumentError for an unknown metric name (compile checks at once).
  void check() const;
  /// The name given ("" for an object or function).
  const std::string& name() const { return name_; }
  /// The Metric object given (functions are wrapped in one), or null for a name.
  const std::shared_ptr<metrics::Metric>& object() const { return metric_; }

 private:
  std::string name_;
  std::shared_ptr<metrics::Metric> metric_;
};

/// An optimizer given to compile: a name or an Optimizer object.
class OptimizerSpec {
 public:
  OptimizerSpec(const char* name) : name_(name) {}             // NOLINT(google-explicit-constructor)
  OptimizerSpec(std::string name) : name_(std::move(name)) {}  // NOLINT(google-explicit-constructor)
  template <class O>
    requires std::derived_from<std::remove_cvref_t<O>, optimizers::Optimizer>
  OptimizerSpec(const O& optimizer) : optimizer_(optimizer) {}  // NOLINT: copies share the state
  /// The optimizer.
  optimizers::Optimizer resolve() const;

 private:
  std::string name_;
  optimizers::Optimizer optimizer_;
};

/// Options of Model::compile (Keras' arguments; several outputs take lists or maps by output name).
/// As in Keras 3, `metrics` ignore the sample weights and `weighted_metrics` are weighted by them.
struct CompileOptions {
  OptimizerSpec optimizer = "rmsprop";                           ///< Keras' default
  LossSpec loss = {};                                            ///< one loss, for every output
  std::vector<LossSpec> losses = {};                             ///< or one per output
  std::map<std::string, LossSpec> loss_by_output = {};           ///< or by output name
  std::vector<MetricSpec> metrics = {};                          ///< metrics of a single-output model
  std::vector<std::vector<MetricSpec>> metrics_per_output = {};  ///< or a list per output
  std::map<std::string, std::vector<MetricSpec>> metrics_by_output = {};  ///< or by output name
  std::vector<MetricSpec> weighted_metrics = {};                 ///< metrics weighted by sample_weight
  std::vector<std::vector<MetricSpec>> weighted_metrics_per_output = {};  ///< or a list per output
  std::map<std::string, std::vector<MetricSpec>> weighted_metrics_by_output = {};  ///< or by output name
  std::vector<double> loss_weights = {};                         ///< weight of each output's loss
  std::map<std::string, double> loss_weights_by_output = {};     ///< or by output name
  bool run_eagerly = false;                                      ///< skip tf::function (debugging)
  int steps_per_execution = 1;                                   ///< batches per traced call
};

/// Options of Model::fit.
struct FitOptions {
  std::optional<std::int64_t> batch_size = {};       ///< default 32 (tensors only)
  int epochs = 1;                                    ///< epochs to train up to
  int verbose = 1;                                   ///< 0 silent, 1 progress bar, 2 a line per epoch
  std::vector<std::shared_ptr<callbacks::Callback>> callbacks = {};
  double validation_split = 0.0;                     ///< fraction of (the end of) x, y held out
  std::vector<Tensor> validation_data = {};          ///< x_val..., y_val... [, sample_weight_val]
  std::optional<data::Dataset> validation_dataset = {};  ///< or a dataset of validation batches
  bool shuffle = true;                               ///< reshuffle tensors every epoch
  std::map<std::int64_t, double> class_weight = {};  ///< weight per class id (single output)
  Tensor sample_weight = {};                         ///< a weight per sample
  int initial_epoch = 0;                             ///< epoch to start from (resuming)
  std::optional<std::int64_t> steps_per_epoch = {};  ///< batches per epoch (default: all)
  std::optional<std::int64_t> validation_steps = {}; ///< validation batches (default: all)
  std::optional<std::int64_t> validation_batch_size = {};  ///< default batch_size
  int validation_freq = 1;                           ///< validate every this many epochs
  std::optional<std::int64_t> shuffle_seed = {};     ///< fixes the shuffling order
};

/// Options of Model::evaluate.
struct EvaluateOptions {
  std::optional<std::int64_t> batch_size = {};  ///< default 32
  int verbose = 1;                              ///< 0 silent, 1 progress bar
  Tensor sample_weight = {};                    ///< a weight per sample
  std::optional<std::int64_t> steps = {};       ///< batches to run (default: all)
  std::vector<std::shared_ptr<callbacks::Callback>> callbacks = {};
};

/// Options of Model::predict.
struct PredictOptions {
  std::optional<std::int64_t> batch_size = {};  ///< default 32
  int verbose = 1;                              ///< 0 silent, 1 progress bar
  std::optional<std::int64_t> steps = {};       ///< batches to run (default: all)
  std::vector<std::shared_ptr<callbacks::Callback>> callbacks = {};
};

/// One batch: inputs, targets and an optional weight per sample.
struct Batch {
  std::vector<Tensor> x;
  std::vector<Tensor> y;
  Tensor sample_weight;
};

}  // namespace tf::keras

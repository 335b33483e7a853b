// What compile() sets up and fit/evaluate/predict share: the optimizer, each output's loss,
// loss weight and metrics (resolved from names once the data's shapes are known), the loss
// trackers, and the traced step functions.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/concrete_function.h"
#include "tfpp/keras/training.h"

namespace tf::keras {
class Model;
}

namespace tf::keras::detail {

/// One model output's part of the compiled loss and metrics.
struct OutputSlot {
  std::string name;                                      ///< the output's name (its layer's)
  LossSpec loss_spec;                                    ///< as given to compile
  std::shared_ptr<losses::Loss> loss;                    ///< resolved; null: no loss for this output
  double weight = 1.0;                                   ///< loss weight
  std::vector<MetricSpec> metric_specs;                  ///< as given to compile
  std::vector<std::shared_ptr<metrics::Metric>> metrics; ///< resolved (named by their log keys)
  std::vector<MetricSpec> weighted_metric_specs;         ///< as given to compile
  std::vector<std::shared_ptr<metrics::Metric>> weighted_metrics;  ///< resolved (named by their log keys)
  std::shared_ptr<metrics::Mean> loss_tracker;           ///< "<output>_loss" (several outputs only)
};

/// A step function: (flat batch tensors, batches in it, inputs, outputs, has sample weights) -> logs.
using StepFn = std::function<TensorLogs(const std::vector<Tensor>&, std::int64_t, std::int64_t, std::int64_t, bool)>;

struct TrainingState {
  CompileOptions options;
  optimizers::Optimizer optimizer;
  std::vector<OutputSlot> outputs;
  bool resolved = false;
  std::shared_ptr<metrics::Mean> loss_tracker;  ///< "loss"
  /// The compiled metrics' own names before output prefixes and renaming, metrics then weighted
  /// metrics (Keras 3 lists its logs in this order when evaluate returns a list).
  std::vector<std::string> metric_base_names;
  const Model* owner = nullptr;                 ///< the object the step functions call
  StepFn train_fn, test_fn;
  std::optional<FuncGraph> train_graph;          ///< the traced train step's graph, after its first call
  std::optional<int> resume_epoch;               ///< set in on_train_begin (BackupAndRestore): fit's first epoch
};

/// The batch size of `t` as a float32 scalar (a constant when the shape knows it).
Tensor batch_size_of(const Tensor& t);

}  // namespace tf::keras::detail

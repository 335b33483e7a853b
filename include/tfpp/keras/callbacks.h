// tf::keras::callbacks: hooks fit / evaluate / predict call as they run (Keras 3's keras.callbacks).
//
//   struct PrintLoss : tf::keras::callbacks::Callback {
//     void on_epoch_end(int epoch, Logs& logs) override { std::cout << logs["loss"] << "\n"; }
//   };
//   model.fit(x, y, {.epochs = 5, .callbacks = {std::make_shared<PrintLoss>()}});
//
// Every hook gets the logs of the step or epoch (metric name -> value) and may add to them;
// later callbacks in the list see the additions (History records the learning rate that
// ReduceLROnPlateau adds, as in Keras). fit drives a CallbackList, which appends a History and
// a ProgbarLogger when the list has none.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "tfpp/keras/progbar.h"
#include "tfpp/tensor.h"

namespace tf::keras {

class Model;

namespace callbacks {

/// The logs a hook receives: metric name -> value ("loss", "accuracy", "val_loss", ...).
using Logs = std::map<std::string, double>;

/// What fit tells its callbacks about the run (Keras' `callback.params`).
struct Params {
  /// 0 silent, 1 progress bar, 2 one line per epoch.
  int verbose = 1;
  /// Epochs fit runs.
  int epochs = 1;
  /// Steps per epoch, if known.
  std::optional<std::int64_t> steps = {};
};

/// Base of every callback: override the hooks you need; each does nothing by default.
class Callback {
 public:
  virtual ~Callback() = default;

  /// Tells the callback which model it serves; fit calls it before training.
  virtual void set_model(Model* model) { model_ = model; }
  /// Tells the callback the run's epochs, steps and verbosity.
  virtual void set_params(const Params& params) { params_ = params; }
  /// The model set by set_model (null before).
  Model* model() const { return model_; }
  /// The params set by set_params.
  const Params& params() const { return params_; }

  /// Called once when fit starts.
  virtual void on_train_begin(Logs& logs) {}
  /// Called once when fit ends, with the last epoch's logs.
  virtual void on_train_end(Logs& logs) {}
  /// Called at the start of every epoch (0-based).
  virtual void on_epoch_begin(int epoch, Logs& logs) {}
  /// Called at the end of every epoch with its training and validation metrics.
  virtual void on_epoch_end(int epoch, Logs& logs) {}
  /// Called before every training batch; by default calls on_batch_begin.
  virtual void on_train_batch_begin(std::int64_t batch, Logs& logs) { on_batch_begin(batch, logs); }
  /// Called after every training batch with the running metrics; by default calls on_batch_end.
  virtual void on_train_batch_end(std::int64_t batch, Logs& logs) { on_batch_end(batch, logs); }
  /// Keras' older name for on_train_batch_begin.
  virtual void on_batch_begin(std::int64_t batch, Logs& logs) {}
  /// Keras' older name for on_train_batch_end.
  virtual void on_batch_end(std::int64_t batch, Logs& logs) {}
  /// Called when evaluate (or fit's validation) starts.
  virtual void on_test_begin(Logs& logs) {}
  /// Called when evaluate (or fit's validation) ends, with its metrics.
  virtual void on_test_end(Logs& logs) {}
  /// Called before every evaluation batch.
  virtual void on_test_batch_begin(std::int64_t batch, Logs& logs) {}
  /// Called after every evaluation batch with the running metrics.
  virtual void on_test_batch_end(std::int64_t batch, Logs& logs) {}
  /// Called when predict starts.
  virtual void on_predict_begin(Logs& logs) {}
  /// Called when predict ends.
  virtual void on_predict_end(Logs& logs) {}
  /// Called before every prediction batch.
  virtual void on_predict_batch_begin(std::int64_t batch, Logs& logs) {}
  /// Called after every prediction batch; predict_batch_outputs() holds the batch's outputs.
  virtual void on_predict_batch_end(std::int64_t batch, Logs& logs) {}
  /// The outputs of the prediction batch whose on_predict_batch_end runs (Keras' logs["outputs"]);
  /// empty outside that hook.
  const std::vector<Tensor>& predict_batch_outputs() const { return predict_batch_outputs_; }

 protected:
  /// The model set by set_model; FailedPreconditionError naming callback `who` if there is none.
  Model& model_or_throw(const std::string& who) const;

 private:
  friend class CallbackList;
  Model* model_ = nullptr;
  Params params_;
  std::vector<Tensor> predict_batch_outputs_;
};

/// Records every epoch's logs; fit returns it.
class History : public Callback {
 public:
  /// Every metric's value per epoch, e.g. history()["loss"][2] is the third epoch's loss.
  const std::map<std::string, std::vector<double>>& history() const { return history_; }
  /// The epochs recorded (0-based), in order.
  const std::vector<int>& epoch() const { return epoch_; }

  void on_train_begin(Logs& logs) override;
  void on_epoch_end(int epoch, Logs& logs) override;

 private:
  std::map<std::string, std::vector<double>> history_;
  std::vector<int> epoch_;
};

/// Where a ProgbarLogger writes and how it reads time.
struct ProgbarLoggerOptions {
  /// Where the bar and the "Epoch 1/5" lines go; std::cout when null.
  std::ostream* out = nullptr;
  /// The clock for elapsed time, ETA and step time; steady time when empty.
  utils::Clock clock = {};
  /// Redraw the bar in place (Keras' behaviour on POSIX systems, terminal or not).
  bool dynamic_display = true;
};

/// Prints Keras' progress: "Epoch 1/5", then a bar per epoch (verbose 1) or one line per epoch
/// (verbose 2), following params().verbose. In fit, validation is silent; on its own,
/// evaluate and predict get a bar too.
class ProgbarLogger : public Callback {
 public:
  /// A logger writing to options.out (std::cout by default).
  explicit ProgbarLogger(ProgbarLoggerOptions options = {});

  void set_params(const Params& params) override;
  void on_train_begin(Logs& logs) override;
  void on_test_begin(Logs& logs) override;
  void on_predict_begin(Logs& logs) override;
  void on_epoch_begin(int epoch, Logs& logs) override;
  void on_train_batch_end(std::int64_t batch, Logs& logs) override;
  void on_test_batch_end(std::int64_t batch, Logs& logs) override;
  void on_predict_batch_end(std::int64_t batch, Logs& logs) override;
  void on_epoch_end(int epoch, Logs& logs) override;
  void on_test_end(Logs& logs) override;
  void on_predict_end(Logs& logs) override;

 private:
  void reset_progbar();
  void maybe_init_progbar();
  void update_progbar(std::int64_t batch, const Logs& logs);
  void finalize_progbar(const Logs& logs);

  ProgbarLoggerOptions options_;
  std::ostream* out_;
  std::unique_ptr<utils::Progbar> progbar_;
  std::int64_t seen_ = 0;
  std::optional<std::int64_t> target_;
  int verbose_ = 1;
  int epochs_ = 1;
  bool called_in_fit_ = false;
};

/// Options of a CSVLogger (Keras' CSVLogger arguments).
struct CSVLoggerOptions {
  /// The column separator.
  std::string separator = ",";
  /// Append to an existing file (writing the header only if the file is empty) instead of
  /// overwriting it.
  bool append = false;
};

/// Writes every epoch's logs to a CSV file as Keras does: columns "epoch" and the sorted metric
/// names (plus val_ columns, "NA" until filled, when the first epoch has no validation),
/// Python's number text, "\r\n" line ends, flushed after every epoch.
class CSVLogger : public Callback {
 public:
  /// A logger writing to `filename` (opened when training begins).
  explicit CSVLogger(std::string filename, CSVLoggerOptions options = {});
  ~CSVLogger() override;

  void on_train_begin(Logs& logs) override;
  void on_epoch_end(int epoch, Logs& logs) override;
  void on_train_end(Logs& logs) override;

 private:
  std::string filename_;
  CSVLoggerOptions options_;
  std::unique_ptr<std::ofstream> file_;
  std::optional<std::vector<std::string>> keys_;
  bool append_header_ = true;
};

/// The hooks of a LambdaCallback: each one set is called for that hook.
struct LambdaCallbackOptions {
  std::function<void(int, Logs&)> on_epoch_begin = {};            ///< at the start of an epoch
  std::function<void(int, Logs&)> on_epoch_end = {};              ///< at the end of an epoch
  std::function<void(Logs&)> on_train_begin = {};                 ///< when fit starts
  std::function<void(Logs&)> on_train_end = {};                   ///< when fit ends
  std::function<void(std::int64_t, Logs&)> on_train_batch_begin = {};  ///< before a training batch
  std::function<void(std::int64_t, Logs&)> on_train_batch_end = {};    ///< after a training batch
  std::function<void(Logs&)> on_test_begin = {};                  ///< when evaluation starts
  std::function<void(Logs&)> on_test_end = {};                    ///< when evaluation ends
  std::function<void(std::int64_t, Logs&)> on_test_batch_begin = {};   ///< before an evaluation batch
  std::function<void(std::int64_t, Logs&)> on_test_batch_end = {};     ///< after an evaluation batch
  std::function<void(Logs&)> on_predict_begin = {};               ///< when predict starts
  std::function<void(Logs&)> on_predict_end = {};                 ///< when predict ends
  std::function<void(std::int64_t, Logs&)> on_predict_batch_begin = {};  ///< before a prediction batch
  std::function<void(std::int64_t, Logs&)> on_predict_batch_end = {};    ///< after a prediction batch
};

/// A callback made of functions, for simple ad-hoc hooks:
/// LambdaCallback({.on_epoch_end = [](int epoch, Logs& logs) { ... }}).
class LambdaCallback : public Callback {
 public:
  /// A callback calling the functions set in `hooks`.
  explicit LambdaCallback(LambdaCallbackOptions hooks);

  void on_epoch_begin(int epoch, Logs& logs) override;
  void on_epoch_end(int epoch, Logs& logs) override;
  void on_train_begin(Logs& logs) override;
  void on_train_end(Logs& logs) override;
  void on_train_batch_begin(std::int64_t batch, Logs& logs) override;
  void on_train_batch_end(std::int64_t batch, Logs& logs) override;
  void on_test_begin(Logs& logs) override;
  void on_test_end(Logs& logs) override;
  void on_test_batch_begin(std::int64_t batch, Logs& logs) override;
  void on_test_batch_end(std::int64_t batch, Logs& logs) override;
  void on_predict_begin(Logs& logs) override;
  void on_predict_end(Logs& logs) override;
  void on_predict_batch_begin(std::int64_t batch, Logs& logs) override;
  void on_predict_batch_end(std::int64_t batch, Logs& logs) override;

 private:
  LambdaCallbackOptions hooks_;
};

/// Base of the callbacks that watch one metric (EarlyStopping, ReduceLROnPlateau): decides
/// whether a value improves on the best so far, by at least min_delta, in the mode's direction.
class MonitorCallback : public Callback {
 public:
  /// The metric watched, e.g. "val_loss".
  const std::string& monitor() const { return monitor_; }
  /// The best value seen since training began, if any.
  std::optional<double> best() const { return best_; }

 protected:
  /// `mode` is "auto", "min" or "max"; `who` names the callback in errors.
  MonitorCallback(std::string who, std::string monitor, std::string mode, double min_delta);
  /// Whether `value` improves on `reference` (any value improves on none).
  bool is_improvement(double value, std::optional<double> reference);
  /// The monitored value in `logs`, or none (with a warning naming the metrics there are).
  std::optional<double> monitored_value(const Logs& logs, const std::string& what);

  std::string who_;
  std::optional<double> best_;

 private:
  // "auto" resolves on first use: down for losses, up or down for Keras' metrics by name.
  void resolve_direction();

  std::string monitor_;
  std::string mode_;
  double min_delta_;
  std::optional<bool> lower_is_better_;
  bool warned_missing_ = false;
};

/// Options of EarlyStopping (Keras' arguments).
struct EarlyStoppingOptions {
  std::string monitor = "val_loss";          ///< the metric watched
  double min_delta = 0;                      ///< smaller changes do not count as improvement
  int patience = 0;                          ///< epochs without improvement before stopping
  int verbose = 0;                           ///< 1 prints when it stops and restores
  std::string mode = "auto";                 ///< "auto", "min" or "max"
  std::optional<double> baseline = {};            ///< a value the metric must beat to reset patience
  bool restore_best_weights = false;         ///< at the end, set the weights of the best epoch
  int start_from_epoch = 0;                  ///< epochs to wait before watching (warm-up)
  std::ostream* out = nullptr;               ///< where verbose messages go; std::cout when null
};

/// Stops training when the monitored metric has stopped improving for `patience` epochs.
class EarlyStopping : public MonitorCallback {
 public:
  /// A callback with these options.
  explicit EarlyStopping(EarlyStoppingOptions options = {});

  /// The epoch training stopped at (0 if it did not stop early).
  int stopped_epoch() const { return stopped_epoch_; }
  /// The epoch whose value was best.
  int best_epoch() const { return best_epoch_; }
  /// Epochs since the last improvement.
  int wait() const { return wait_; }

  void on_train_begin(Logs& logs) override;
  void on_epoch_end(int epoch, Logs& logs) override;
  void on_train_end(Logs& logs) override;

 private:
  EarlyStoppingOptions options_;
  int wait_ = 0;
  int stopped_epoch_ = 0;
  int best_epoch_ = 0;
  std::optional<std::vector<Tensor>> best_weights_;
};

/// Options of ReduceLROnPlateau (Keras' arguments).
struct ReduceLROnPlateauOptions {
  std::string monitor = "val_loss";  ///< the metric watched
  double factor = 0.1;               ///< new rate = rate * factor (must be below 1)
  int patience = 10;                 ///< epochs without improvement before reducing
  int verbose = 0;                   ///< 1 prints every reduction
  std::string mode = "auto";         ///< "auto", "min" or "max"
  double min_delta = 1e-4;           ///< smaller changes do not count as improvement
  int cooldown = 0;                  ///< epochs to wait after a reduction before counting again
  double min_lr = 0;                 ///< the rate never goes below this
  std::ostream* out = nullptr;       ///< where verbose messages go; std::cout when null
};

/// Multiplies the optimizer's learning rate by `factor` when the monitored metric has stopped
/// improving for `patience` epochs; adds "learning_rate" to every epoch's logs.
class ReduceLROnPlateau : public MonitorCallback {
 public:
  /// A callback with these options; InvalidArgumentError for factor >= 1.
  explicit ReduceLROnPlateau(ReduceLROnPlateauOptions options = {});

  /// Whether a reduction happened fewer than `cooldown` epochs ago.
  bool in_cooldown() const { return cooldown_counter_ > 0; }
  /// Epochs since the last improvement (outside cooldown).
  int wait() const { return wait_; }

  void on_train_begin(Logs& logs) override;
  void on_epoch_end(int epoch, Logs& logs) override;

 private:
  ReduceLROnPlateauOptions options_;
  int cooldown_counter_ = 0;
  int wait_ = 0;
};

/// Sets the optimizer's learning rate at the start of every epoch to schedule(epoch, rate)
/// (or schedule(epoch)); adds "learning_rate" to every epoch's logs.
class LearningRateScheduler : public Callback {
 public:
  /// A scheduler from the epoch (0-based) and the current rate to the new rate.
  explicit LearningRateScheduler(std::function<double(int, double)> schedule, int verbose = 0,
                                 std::ostream* out = nullptr);
  /// A scheduler from the epoch alone.
  explicit LearningRateScheduler(std::function<double(int)> schedule, int verbose = 0, std::ostream* out = nullptr);

  void on_epoch_begin(int epoch, Logs& logs) override;
  void on_epoch_end(int epoch, Logs& logs) override;

 private:
  std::function<double(int, double)> schedule_ = {};
  int verbose_;
  std::ostream* out_;
};

/// Options of ModelCheckpoint (Keras' arguments after the file path).
struct ModelCheckpointOptions {
  std::string monitor = "val_loss";  ///< the metric save_best_only compares
  int verbose = 0;                   ///< 1 prints each decision and save as Keras does
  bool save_best_only = false;       ///< save only when the monitored metric improves on the best
  /// Save only the weights (Model::save_weights, the path must end in ".weights.h5"); when false
  /// the whole model (Model::save, the path must end in ".keras").
  bool save_weights_only = false;
  std::string mode = "auto";  ///< "auto", "min" or "max"
  /// "epoch": save at the end of every epoch; a number n: after every n training batches.
  std::variant<std::string, std::int64_t> save_freq = "epoch";
  std::optional<double> initial_value_threshold = {};  ///< the value a first save must beat
  std::ostream* out = nullptr;                         ///< where verbose messages go; std::cout when null
};

/// Saves the model's weights during fit, every epoch or every few batches, or only when the
/// monitored metric improves. The path may name the epoch, batch and logged metrics as Python's
/// str.format does: "ckpt/{epoch:02d}-{val_loss:.4f}.weights.h5".
class ModelCheckpoint : public MonitorCallback {
 public:
  /// A callback saving to `filepath`; InvalidArgumentError for a path or save_freq Keras rejects.
  explicit ModelCheckpoint(std::string filepath, ModelCheckpointOptions options = {});

  /// The path pattern.
  const std::string& filepath() const { return filepath_; }

  void on_epoch_begin(int epoch, Logs& logs) override;
  void on_epoch_end(int epoch, Logs& logs) override;
  void on_train_batch_end(std::int64_t batch, Logs& logs) override;

 private:
  bool should_save_on_batch(std::int64_t batch);
  void save_model(int epoch, std::optional<std::int64_t> batch, const Logs& logs);
  std::string file_path(int epoch, std::optional<std::int64_t> batch, const Logs& logs) const;
  bool should_save_model(int epoch, const Logs& logs, const std::string& path);

  std::string filepath_;
  ModelCheckpointOptions options_;
  std::optional<std::int64_t> save_every_batches_;
  std::int64_t batches_since_last_save_ = 0;
  std::optional<std::int64_t> last_batch_seen_;
  int current_epoch_ = 0;
  bool warned_unavailable_ = false;
};

/// Stops training at the first batch whose loss is NaN or infinite.
class TerminateOnNaN : public Callback {
 public:
  /// With raise_error, throws InvalidArgumentError instead of stopping quietly.
  explicit TerminateOnNaN(bool raise_error = false, std::ostream* out = nullptr);

  void on_batch_end(std::int64_t batch, Logs& logs) override;

 private:
  bool raise_error_;
  std::ostream* out_;
};

/// How often a TensorBoard callback writes losses and metrics: every `n` batches, or "batch"
/// (every batch) or "epoch" (only at epoch ends).
class UpdateFreq {
 public:
  /// Every `batches` batches (>= 1).
  UpdateFreq(int batches);  // NOLINT(google-explicit-constructor)
  /// "batch" or "epoch"; another word throws InvalidArgumentError.
  UpdateFreq(const char* word);  // NOLINT(google-explicit-constructor)
  /// UpdateFreq(const char*) for a std::string.
  UpdateFreq(const std::string& word) : UpdateFreq(word.c_str()) {}  // NOLINT(google-explicit-constructor)
  /// True for "epoch".
  bool per_epoch() const { return batches_ == 0; }
  /// Batches between writes (0 for "epoch").
  int batches() const { return batches_; }

 private:
  int batches_;
};

/// Options of a TensorBoard callback (Keras' arguments).
struct TensorBoardOptions {
  /// Every this many epochs, histograms of every layer's weights (0: none).
  int histogram_freq = 0;
  /// Write the model's config (the conceptual graph) and the traced train step's graph.
  bool write_graph = true;
  /// Batch-level "batch_<metric>" scalars every so many batches, or only epoch summaries.
  UpdateFreq update_freq = "epoch";
};

/// Writes TensorBoard logs as Keras 3's TensorBoard callback lays them out: `log_dir/train`
/// (epoch_<metric> per epoch with epoch_learning_rate, batch_<metric> by update_freq, weight
/// histograms "<weight path>/histogram", the model config "keras" and the train step's graph)
/// and `log_dir/validation` (epoch_<metric> and evaluation_<metric>_vs_iterations at the
/// optimizer's iterations).
class TensorBoard : public Callback {
 public:
  /// A callback writing under `log_dir`.
  explicit TensorBoard(std::string log_dir = "logs", TensorBoardOptions options = {});
  ~TensorBoard() override;

  void set_model(Model* model) override;
  void on_train_begin(Logs& logs) override;
  void on_train_end(Logs& logs) override;
  void on_test_begin(Logs& logs) override;
  void on_test_end(Logs& logs) override;
  void on_train_batch_begin(std::int64_t batch, Logs& logs) override;
  void on_train_batch_end(std::int64_t batch, Logs& logs) override;
  void on_test_batch_begin(std::int64_t batch, Logs& logs) override;
  void on_epoch_end(int epoch, Logs& logs) override;

 private:
  struct Writers;
  void push_writer(bool train, std::int64_t step);
  void pop_writer();
  void log_weights(int epoch);

  std::string log_dir_;
  TensorBoardOptions options_;
  std::unique_ptr<Writers> writers_;
  std::int64_t global_train_batch_ = 0;
  std::int64_t global_test_batch_ = 0;
  bool should_write_train_graph_ = false;
};

/// How a CallbackList is set up (Keras' CallbackList arguments).
struct CallbackListOptions {
  /// Append a History unless the list has one.
  bool add_history = false;
  /// Append a ProgbarLogger unless the list has one.
  bool add_progbar = false;
  /// The model every callback serves.
  Model* model = nullptr;
  /// The params every callback gets.
  std::optional<Params> params = {};
};

/// Calls a list of callbacks in order: what fit, evaluate and predict drive. Each call hands
/// all callbacks one copy of the logs, so a callback's additions reach those after it.
class CallbackList {
 public:
  /// A list of these callbacks, with History / ProgbarLogger appended as the options ask.
  explicit CallbackList(std::vector<std::shared_ptr<Callback>> callbacks = {}, CallbackListOptions options = {});

  /// Sets every callback's model.
  void set_model(Model* model);
  /// Sets every callback's params.
  void set_params(const Params& params);
  /// Appends a callback (it gets the list's model and params if they are set).
  void append(std::shared_ptr<Callback> callback);
  /// The callbacks, in calling order.
  const std::vector<std::shared_ptr<Callback>>& callbacks() const { return callbacks_; }
  /// The list's History (given or added), or null.
  const std::shared_ptr<History>& history() const { return history_; }
  /// The list's ProgbarLogger (given or added), or null.
  const std::shared_ptr<ProgbarLogger>& progbar() const { return progbar_; }

  /// Calls on_train_begin of every callback.
  void on_train_begin(Logs logs = {});
  /// Calls on_train_end of every callback.
  void on_train_end(Logs logs = {});
  /// Calls on_epoch_begin of every callback.
  void on_epoch_begin(int epoch, Logs logs = {});
  /// Calls on_epoch_end of every callback.
  void on_epoch_end(int epoch, Logs logs = {});
  /// Calls on_train_batch_begin of every callback.
  void on_train_batch_begin(std::int64_t batch, Logs logs = {});
  /// Calls on_train_batch_end of every callback.
  void on_train_batch_end(std::int64_t batch, Logs logs = {});
  /// Calls on_test_begin of every callback.
  void on_test_begin(Logs logs = {});
  /// Calls on_test_end of every callback.
  void on_test_end(Logs logs = {});
  /// Calls on_test_batch_begin of every callback.
  void on_test_batch_begin(std::int64_t batch, Logs logs = {});
  /// Calls on_test_batch_end of every callback.
  void on_test_batch_end(std::int64_t batch, Logs logs = {});
  /// Calls on_predict_begin of every callback.
  void on_predict_begin(Logs logs = {});
  /// Calls on_predict_end of every callback.
  void on_predict_end(Logs logs = {});
  /// Calls on_predict_batch_begin of every callback.
  void on_predict_batch_begin(std::int64_t batch, Logs logs = {});
  /// Calls on_predict_batch_end of every callback, with `outputs` as their predict_batch_outputs().
  void on_predict_batch_end(std::int64_t batch, const std::vector<Tensor>& outputs = {}, Logs logs = {});

 private:
  std::vector<std::shared_ptr<Callback>> callbacks_;
  std::shared_ptr<History> history_;
  std::shared_ptr<ProgbarLogger> progbar_;
  Model* model_ = nullptr;
  std::optional<Params> params_;
};

}  // namespace callbacks

/// Keras' name for the History fit returns (tf::keras::History).
using History = callbacks::History;

}  // namespace tf::keras

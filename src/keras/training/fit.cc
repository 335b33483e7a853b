// Model::fit / evaluate / predict and the default train, test and predict steps.
//
// Note [The traced train step]: fit traces one tf::function per input signature whose body
// runs train_step (forward pass, loss, tape.gradient, optimizer update, metric updates) once
// per batch it is given (steps_per_execution batches per call), so a step is one graph run.
// Before tracing, the model and the optimizer are built eagerly from the first batch's
// shapes, and the compiled losses and metrics are resolved, so the trace creates no variables.
// reduce_retracing lets a smaller last batch share one relaxed trace.
#include <algorithm>
#include <limits>
#include <memory>

#include "keras/models/model_data.h"
#include "keras/optimizers/optimizer_state.h"
#include "keras/training/batches.h"
#include "keras/training/training_state.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/gradient_tape.h"
#include "tfpp/keras/model.h"
#include "tfpp/math_ops.h"

namespace tf::keras {

namespace detail {
void resolve_outputs(Model& m, const std::vector<TensorShape>& y_true, const std::vector<TensorShape>& y_pred);
}

namespace {

constexpr std::int64_t kDefaultBatchSize = 32;

// The step at which a loop over `source` stops: `requested` steps (all when unset), but no more
// than the source's batches when it knows their number. As in Keras 3, the *_batch_begin hooks
// run only for batches known to exist; a source of unknown length finds its end in the read after
// a begin hook, which (as Keras' iterator does) has then run once more than there are batches.
std::int64_t step_limit(std::optional<std::int64_t> requested, const detail::BatchSource& source) {
  const std::int64_t limit = requested.value_or(std::numeric_limits<std::int64_t>::max());
  const std::optional<std::int64_t> known = source.steps();
  return known ? std::min(limit, *known) : limit;
}

// Ends a pass that stopped at step_limit: after all of a known number of batches, the read that
// finds the end runs the source's end-of-pass work (a Sequence's on_epoch_end), as Keras' data
// adapter runs it when its pass ends.
void finish_pass(detail::BatchSource& source, std::int64_t steps_run) {
  const std::optional<std::int64_t> known = source.steps();
  if (known && steps_run == *known) source.next();
}

detail::TrainingState& state_of(const Model& m) {
  const auto& t = m.model_data().training;
  if (!t) throw FailedPreconditionError("[" + m.name() + "] the model must be compiled before training or evaluation; call compile()");
  return *t;
}

Logs to_logs(const TensorLogs& logs) {
  Logs out;
  for (const auto& [k, v] : logs) {
    if (v.dtype() == float32) out[k] = v.item<float>();
    else if (v.dtype() == float64) out[k] = v.item<double>();
    else out[k] = double(cast(v, float64).item<double>());
  }
  return out;
}

// The model's metric values when their names are the last step's logs' names, else the step's
// logs (a train_step returning metrics the model does not list), as Keras'
// _get_metrics_result_or_logs chooses for the epoch's and the evaluation's logs.
Logs metrics_result_or_logs(const Model& m, const TensorLogs& step_logs) {
  TensorLogs metric_logs = m.get_metrics_result();
  bool same_keys = metric_logs.size() == step_logs.size();
  for (auto a = metric_logs.cbegin(), b = step_logs.cbegin(); same_keys && a != metric_logs.cend(); ++a, ++b)
    same_keys = a->first == b->first;
  return to_logs(same_keys ? metric_logs : step_logs);
}

std::vector<Tensor> flatten(const Batch& b) {
  std::vector<Tensor> flat = b.x;
  flat.insert(flat.end(), b.y.begin(), b.y.end());
  if (b.sample_weight.defined()) flat.push_back(b.sample_weight);
  return flat;
}

Batch unflatten(const std::vector<Tensor>& flat, std::size_t offset, std::int64_t nx, std::int64_t ny, bool sw) {
  Batch b;
  b.x.assign(flat.begin() + offset, flat.begin() + offset + nx);
  b.y.assign(flat.begin() + offset + nx, flat.begin() + offset + nx + ny);
  if (sw) b.sample_weight = flat[offset + nx + ny];
  return b;
}

std::size_t num_inputs(const Model& m) {
  const auto& d = m.model_data();
  return d.inputs.empty() ? 1 : d.inputs.size();
}

std::size_t num_outputs(const Model& m) {
  const auto& d = m.model_data();
  return d.outputs.empty() ? 1 : d.outputs.size();
}

}  // namespace

// ---- Steps -------------------------------------------------------------------------------

TensorLogs Model::train_step(const Batch& batch) {
  detail::TrainingState& t = state_of(*this);
  std::vector<Variable> vars = trainable_weights();
  Tensor loss;
  std::vector<Tensor> y_pred, grads;
  {
    GradientTape tape;
    y_pred = call_all(batch.x, true);
    loss = compute_loss(batch.x, batch.y, y_pred, batch.sample_weight);
    // A LossScaleOptimizer scales the loss the gradients are taken of (Keras' optimizer.scale_loss).
    grads = tape.gradient(t.optimizer.defined() ? t.optimizer.state()->scale_loss(loss) : loss, vars);
  }
  t.optimizer.apply_gradients(grads, vars);
  apply_constraints();
  t.loss_tracker->update_state(loss, detail::batch_size_of(batch.x[0]));
  compiled_metrics_update(batch.y, y_pred, batch.sample_weight);
  return get_metrics_result();
}

TensorLogs Model::test_step(const Batch& batch) {
  detail::TrainingState& t = state_of(*this);
  std::vector<Tensor> y_pred = call_all(batch.x, false);
  Tensor loss = compute_loss(batch.x, batch.y, y_pred, batch.sample_weight);
  t.loss_tracker->update_state(loss, detail::batch_size_of(batch.x[0]));
  compiled_metrics_update(batch.y, y_pred, batch.sample_weight);
  return get_metrics_result();
}

std::vector<Tensor> Model::predict_step(const Batch& batch) { return call_all(batch.x, false); }

namespace {

// Whether compile gave a loss or metric, which need the data's targets.
bool uses_targets(const CompileOptions& o) {
  return o.loss.defined() || !o.losses.empty() || !o.loss_by_output.empty() || !o.metrics.empty() ||
         !o.metrics_per_output.empty() || !o.metrics_by_output.empty() || !o.weighted_metrics.empty() ||
         !o.weighted_metrics_per_output.empty() || !o.weighted_metrics_by_output.empty();
}

// Builds the model, the optimizer and the compiled losses/metrics for this batch, eagerly; a user's
// step builds what it uses itself (ModelData::user_train_step), all but the optimizer.
void prepare(Model& m, const Batch& b, bool training) {
  detail::TrainingState& t = state_of(m);
  const std::string who = "[" + m.name() + "] ";
  if (b.x.size() != num_inputs(m) && m.is_functional())
    throw InvalidArgumentError(who + "expects " + std::to_string(num_inputs(m)) + " input(s), got " + std::to_string(b.x.size()));
  std::vector<TensorShape> shapes;
  std::vector<DType> dtypes;
  for (const Tensor& x : b.x) {
    TensorShape s = x.shape();
    if (s.rank() > 0) s.set_dim(0, -1);
    shapes.push_back(s);
    dtypes.push_back(x.dtype());
  }
  const bool user_step = training ? m.model_data().user_train_step : m.model_data().user_test_step;
  if (!m.built() && !user_step) m.build_for(shapes);
  if (!t.resolved && !user_step) {
    // Model outputs' shapes without running the model: a scratch trace of call().
    std::vector<DType> in_dtypes;
    const auto& d = m.model_data();
    for (std::size_t i = 0; i < shapes.size(); ++i) in_dtypes.push_back(i < d.inputs.size() ? d.inputs[i].dtype() : dtypes[i]);
    auto [out_shapes, out_dtypes] = m.compute_output_spec(shapes, in_dtypes);
    std::vector<TensorShape> y_shapes;
    for (const Tensor& y : b.y) y_shapes.push_back(y.shape());
    // A model whose losses all come from add_loss trains on inputs alone, as in Keras.
    if (b.y.size() != out_shapes.size() && !(b.y.empty() && !uses_targets(t.options)))
      throw InvalidArgumentError(who + "has " + std::to_string(out_shapes.size()) + " output(s) but the data has " +
                                 std::to_string(b.y.size()) + " target(s)");
    for (std::size_t i = 0; i < b.y.size(); ++i) {
      const TensorShape& p = out_shapes[i];
      const TensorShape& y = b.y[i].shape();
      if (y.rank() > 0 && p.rank() > 0 && y[0] != b.x[0].shape()[0])
        throw InvalidArgumentError(who + "target " + std::to_string(i) + " has " + std::to_string(y[0]) +
                                   " samples but the inputs have " + std::to_string(b.x[0].shape()[0]));
    }
    detail::resolve_outputs(m, y_shapes, out_shapes);
  }
  if (training && !t.optimizer.built()) {
    optimizers::detail::OptimizerState& o = *t.optimizer.state();
    o.building_in_fit = true;
    try {
      t.optimizer.build(m.trainable_weights());
    } catch (...) {
      o.building_in_fit = false;
      throw;
    }
    o.building_in_fit = false;
  }
}

detail::StepFn make_step(Model& m, bool training) {
  detail::TrainingState& t = state_of(m);
  Model* self = &m;
  auto body = [self, training](const std::vector<Tensor>& flat, std::int64_t steps, std::int64_t nx, std::int64_t ny, bool sw) {
    TensorLogs logs;
    const std::size_t per = static_cast<std::size_t>(nx + ny + (sw ? 1 : 0));
    for (std::int64_t s = 0; s < steps; ++s) {
      Batch b = unflatten(flat, static_cast<std::size_t>(s) * per, nx, ny, sw);
      logs = training ? self->train_step(b) : self->test_step(b);
    }
    return logs;
  };
  if (t.options.run_eagerly) return body;
  auto fn = tf::function(body, {.reduce_retracing = true, .name = training ? "train_function" : "test_function"});
  return [fn, &t, training](const std::vector<Tensor>& flat, std::int64_t steps, std::int64_t nx, std::int64_t ny, bool sw) {
    // The TensorBoard callback's write_graph shows the first traced train step.
    if (training && !t.train_graph) t.train_graph = fn.get_concrete_function(flat, steps, nx, ny, sw).graph();
    return fn(flat, steps, nx, ny, sw);
  };
}

detail::StepFn& step_fn(Model& m, bool training) {
  detail::TrainingState& t = state_of(m);
  if (t.owner != &m) {
    t.train_fn = nullptr;
    t.test_fn = nullptr;
    t.owner = &m;
  }
  detail::StepFn& fn = training ? t.train_fn : t.test_fn;
  if (!fn) fn = make_step(m, training);
  return fn;
}

// Runs up to steps_per_execution batches per call; returns the last logs, or nullopt at the end.
struct StepRunner {
  Model& model;
  detail::BatchSource& source;
  bool training;
  std::int64_t per_call;

  // Reads up to `per_call` batches of one signature into `flat`; returns how many.
  std::int64_t gather_batches(std::vector<Tensor>& flat, std::optional<Batch>& pending, std::int64_t limit) {
    std::int64_t n = 0;
    std::vector<TensorShape> first;
    while (n < std::min(per_call, limit)) {
      std::optional<Batch> b = pending ? std::move(pending) : source.next();
      pending.reset();
      if (!b) break;
      std::vector<TensorShape> sig;
      for (const Tensor& x : flatten(*b)) sig.push_back(x.shape());
      if (n > 0 && sig != first) {
        pending = std::move(b);  // a differently shaped batch starts the next call
        break;
      }
      if (n == 0) {
        first = sig;
        prepare(model, *b, training);
        nx = static_cast<std::int64_t>(b->x.size());
        ny = static_cast<std::int64_t>(b->y.size());
        sw = b->sample_weight.defined();
      }
      for (Tensor& x : flatten(*b)) flat.push_back(std::move(x));
      ++n;
    }
    return n;
  }
  std::int64_t nx = 0, ny = 0;
  bool sw = false;
};

}  // namespace

// ---- fit -----------------------------------------------------------------------------------

namespace {

Logs run_evaluation(Model& m, detail::BatchSource& source, std::optional<std::int64_t> steps,
                    callbacks::CallbackList& cbs, bool in_fit) {
  m.reset_metrics();
  cbs.on_test_begin();
  source.begin_epoch();
  StepRunner runner{m, source, false, state_of(m).options.steps_per_execution};
  std::optional<Batch> pending;
  TensorLogs logs;
  std::int64_t step = 0;
  const std::int64_t limit = step_limit(steps, source);
  while (step < limit) {
    std::vector<Tensor> flat;
    cbs.on_test_batch_begin(step);
    const std::int64_t n = runner.gather_batches(flat, pending, limit - step);
    if (n == 0) break;
    logs = step_fn(m, false)(flat, n, runner.nx, runner.ny, runner.sw);
    step += n;
    cbs.on_test_batch_end(step - 1, to_logs(logs));
  }
  finish_pass(source, step);
  if (step == 0) throw InvalidArgumentError("[" + m.name() + "] the evaluation data is empty");
  Logs result = metrics_result_or_logs(m, logs);
  cbs.on_test_end(result);
  (void)in_fit;
  return result;
}

History run_fit(Model& m, detail::BatchSource& train, detail::BatchSource* validation, const FitOptions& o) {
  detail::TrainingState& t = state_of(m);
  const std::string who = "[" + m.name() + "] ";
  if (o.epochs < 0 || o.initial_epoch < 0) throw InvalidArgumentError(who + "epochs and initial_epoch must be >= 0");
  if (o.validation_freq < 1) throw InvalidArgumentError(who + "validation_freq must be >= 1");
  std::optional<std::int64_t> steps = o.steps_per_epoch ? o.steps_per_epoch : train.steps();
  callbacks::CallbackList cbs(o.callbacks, {.add_history = true, .add_progbar = o.verbose != 0, .model = &m,
                                            .params = callbacks::Params{.verbose = o.verbose, .epochs = o.epochs, .steps = steps}});
  m.set_stop_training(false);
  cbs.on_train_begin();
  // A callback restoring an interrupted run (Keras' BackupAndRestore) names the epoch to resume at.
  const int first_epoch = t.resume_epoch.value_or(o.initial_epoch);
  t.resume_epoch.reset();
  Logs epoch_logs;
  std::int64_t pass_steps = 0;  // batches drawn from the current pass over the data
  for (int epoch = first_epoch; epoch < o.epochs; ++epoch) {
    m.reset_metrics();
    cbs.on_epoch_begin(epoch);
    // As Keras' epoch iterator: with steps_per_epoch an epoch goes on where the last one stopped,
    // and a new pass over the data starts once a pass of known length is used up.
    const std::optional<std::int64_t> known = train.steps();
    if (!o.steps_per_epoch || epoch == first_epoch || (known && pass_steps >= *known)) {
      train.begin_epoch();
      pass_steps = 0;
    }
    StepRunner runner{m, train, true, t.options.steps_per_execution};
    std::optional<Batch> pending;
    std::int64_t step = 0;
    const std::int64_t limit = std::min(step_limit(o.steps_per_epoch, train),
                                        known ? *known - pass_steps : std::numeric_limits<std::int64_t>::max());
    TensorLogs logs;
    while (step < limit) {
      std::vector<Tensor> flat;
      cbs.on_train_batch_begin(step);
      const std::int64_t n = runner.gather_batches(flat, pending, limit - step);
      if (n == 0) break;
      logs = step_fn(m, true)(flat, n, runner.nx, runner.ny, runner.sw);
      step += n;
      cbs.on_train_batch_end(step - 1, to_logs(logs));
      if (m.stop_training()) break;
    }
    pass_steps += step;
    finish_pass(train, pass_steps);
    if (step == 0) throw InvalidArgumentError(who + "the training data is empty");
    epoch_logs = metrics_result_or_logs(m, logs);
    if (validation && (epoch + 1) % o.validation_freq == 0) {
      callbacks::CallbackList silent(o.callbacks);  // the callbacks already serve m (set_model ran once)
      Logs val = run_evaluation(m, *validation, o.validation_steps, silent, true);
      for (const auto& [k, v] : val) epoch_logs["val_" + k] = v;
    }
    cbs.on_epoch_end(epoch, epoch_logs);
    if (m.stop_training()) break;
  }
  // As Keras: with use_ema, the model keeps the moving averages once training ends.
  if (o.epochs > 0 && t.optimizer.defined()) t.optimizer.state()->finalize_variable_values();
  cbs.on_train_end(epoch_logs);
  return *cbs.history();
}

}  // namespace

History Model::fit(const Tensor& x, const Tensor& y, FitOptions options) {
  return fit(std::vector<Tensor>{x}, std::vector<Tensor>{y}, std::move(options));
}

History Model::fit(const std::vector<Tensor>& x, const std::vector<Tensor>& y, FitOptions o) {
  state_of(*this);
  const std::int64_t batch = o.batch_size.value_or(kDefaultBatchSize);
  std::vector<Tensor> tx = x, ty = y, vx, vy;
  Tensor sw = o.sample_weight, vsw;
  if (o.validation_split > 0) {
    if (!o.validation_data.empty() || o.validation_dataset)
      throw InvalidArgumentError("[" + name() + "] give validation_split or validation data, not both");
    detail::SplitData s = detail::split_validation(name(), x, y, o.sample_weight, o.validation_split);
    tx = s.x, ty = s.y, vx = s.x_val, vy = s.y_val, sw = s.sample_weight, vsw = s.sample_weight_val;
  }
  detail::TensorBatches train(name(), tx, ty, sw, batch, o.shuffle, o.shuffle_seed, o.class_weight);
  std::unique_ptr<detail::BatchSource> validation;
  if (!o.validation_data.empty()) {
    const std::size_t nx = x.size(), ny = y.size();
    if (o.validation_data.size() != nx + ny && o.validation_data.size() != nx + ny + 1)
      throw InvalidArgumentError("[" + name() + "] validation_data must hold " + std::to_string(nx) + " input(s), " +
                                 std::to_string(ny) + " target(s) and an optional sample weight; got " +
                                 std::to_string(o.validation_data.size()) + " tensors");
    vx.assign(o.validation_data.begin(), o.validation_data.begin() + static_cast<std::ptrdiff_t>(nx));
    vy.assign(o.validation_data.begin() + static_cast<std::ptrdiff_t>(nx), o.validation_data.begin() + static_cast<std::ptrdiff_t>(nx + ny));
    if (o.validation_data.size() == nx + ny + 1) vsw = o.validation_data.back();
  }
  if (!vx.empty())
    validation = std::make_unique<detail::TensorBatches>(name(), vx, vy, vsw, o.validation_batch_size.value_or(batch), false,
                                                         std::nullopt, std::map<std::int64_t, double>{});
  else if (o.validation_dataset)
    validation = std::make_unique<detail::DatasetBatches>(name(), *o.validation_dataset, num_inputs(*this), num_outputs(*this), true);
  return run_fit(*this, train, validation.get(), o);
}

History Model::fit(const data::Dataset& dataset, FitOptions o) {
  state_of(*this);
  if (o.validation_split > 0) throw InvalidArgumentError("[" + name() + "] validation_split needs tensors, not a dataset");
  if (o.batch_size) throw InvalidArgumentError("[" + name() + "] batch_size is for tensors; a dataset is already batched");
  if (!o.class_weight.empty() || o.sample_weight.defined())
    throw InvalidArgumentError("[" + name() + "] with a dataset, give sample weights as a third element of each batch");
  detail::DatasetBatches train(name(), dataset, num_inputs(*this), num_outputs(*this), true);
  std::unique_ptr<detail::BatchSource> validation;
  if (o.validation_dataset)
    validation = std::make_unique<detail::DatasetBatches>(name(), *o.validation_dataset, num_inputs(*this), num_outputs(*this), true);
  else if (!o.validation_data.empty()) {
    const std::size_t nx = num_inputs(*this), ny = num_outputs(*this);
    std::vector<Tensor> vx(o.validation_data.begin(), o.validation_data.begin() + static_cast<std::ptrdiff_t>(nx));
    std::vector<Tensor> vy(o.validation_data.begin() + static_cast<std::ptrdiff_t>(nx), o.validation_data.begin() + static_cast<std::ptrdiff_t>(nx + ny));
    Tensor vsw = o.validation_data.size() > nx + ny ? o.validation_data.back() : Tensor();
    validation = std::make_unique<detail::TensorBatches>(name(), vx, vy, vsw, o.validation_batch_size.value_or(kDefaultBatchSize),
                                                         false, std::nullopt, std::map<std::int64_t, double>{});
  }
  return run_fit(*this, train, validation.get(), o);
}

History Model::fit(utils::Sequence& sequence, FitOptions o) {
  // The dataset reads the caller's sequence, which outlives this call.
  std::shared_ptr<utils::Sequence> borrowed(&sequence, [](utils::Sequence*) {});
  return fit(data::Dataset::from_sequence(borrowed), std::move(o));
}

// ---- evaluate ------------------------------------------------------------------------------

Logs Model::evaluate(const Tensor& x, const Tensor& y, EvaluateOptions options) {
  return evaluate(std::vector<Tensor>{x}, std::vector<Tensor>{y}, std::move(options));
}

Logs Model::evaluate(const std::vector<Tensor>& x, const std::vector<Tensor>& y, EvaluateOptions o) {
  state_of(*this);
  detail::TensorBatches source(name(), x, y, o.sample_weight, o.batch_size.value_or(kDefaultBatchSize), false,
                               std::nullopt, std::map<std::int64_t, double>{});
  callbacks::CallbackList cbs(o.callbacks, {.add_progbar = o.verbose != 0, .model = this,
                                            .params = callbacks::Params{.verbose = o.verbose, .epochs = 1, .steps = o.steps ? o.steps : source.steps()}});
  return run_evaluation(*this, source, o.steps, cbs, false);
}

Logs Model::evaluate(const data::Dataset& dataset, EvaluateOptions o) {
  state_of(*this);
  if (o.batch_size) throw InvalidArgumentError("[" + name() + "] batch_size is for tensors; a dataset is already batched");
  detail::DatasetBatches source(name(), dataset, num_inputs(*this), num_outputs(*this), true);
  callbacks::CallbackList cbs(o.callbacks, {.add_progbar = o.verbose != 0, .model = this,
                                            .params = callbacks::Params{.verbose = o.verbose, .epochs = 1, .steps = o.steps ? o.steps : source.steps()}});
  return run_evaluation(*this, source, o.steps, cbs, false);
}

Logs Model::train_on_batch(const std::vector<Tensor>& x, const std::vector<Tensor>& y, const Tensor& sample_weight) {
  Batch b{x, y, sample_weight};
  prepare(*this, b, true);
  reset_metrics();
  return to_logs(step_fn(*this, true)(flatten(b), 1, static_cast<std::int64_t>(x.size()), static_cast<std::int64_t>(y.size()),
                                      sample_weight.defined()));
}

Logs Model::test_on_batch(const std::vector<Tensor>& x, const std::vector<Tensor>& y, const Tensor& sample_weight) {
  Batch b{x, y, sample_weight};
  prepare(*this, b, false);
  reset_metrics();
  return to_logs(step_fn(*this, false)(flatten(b), 1, static_cast<std::int64_t>(x.size()), static_cast<std::int64_t>(y.size()),
                                       sample_weight.defined()));
}

// ---- predict -------------------------------------------------------------------------------

namespace {

std::vector<Tensor> run_predict(Model& m, detail::BatchSource& source, const PredictOptions& o) {
  callbacks::CallbackList cbs(o.callbacks, {.add_progbar = o.verbose != 0, .model = &m,
                                            .params = callbacks::Params{.verbose = o.verbose, .epochs = 1, .steps = o.steps ? o.steps : source.steps()}});
  detail::ModelData& d = m.model_data();
  const bool eager = d.training && d.training->options.run_eagerly;
  if (!d.predict_fn || d.predict_owner != &m) {
    Model* self = &m;
    auto fn = tf::function([self](const std::vector<Tensor>& x) { return self->predict_step(Batch{x, {}, {}}); },
                           {.reduce_retracing = true, .name = "predict_function"});
    d.predict_fn = [fn](const std::vector<Tensor>& x) { return fn(x); };
    d.predict_owner = &m;
  }
  cbs.on_predict_begin();
  source.begin_epoch();
  std::vector<std::vector<Tensor>> pieces;
  std::int64_t step = 0;
  const std::int64_t limit = step_limit(o.steps, source);
  while (step < limit) {
    cbs.on_predict_batch_begin(step);
    std::optional<Batch> b = source.next();
    if (!b) break;
    if (!m.built()) {
      std::vector<TensorShape> shapes;
      for (const Tensor& x : b->x) shapes.push_back(x.shape());
      m.build_for(shapes);
    }
    std::vector<Tensor> out = eager ? m.predict_step(*b) : d.predict_fn(b->x);
    cbs.on_predict_batch_end(step, out);
    pieces.push_back(std::move(out));
    ++step;
  }
  finish_pass(source, step);
  cbs.on_predict_end();
  if (pieces.empty()) throw InvalidArgumentError("[" + m.name() + "] predict got no data");
  std::vector<Tensor> result;
  for (std::size_t i = 0; i < pieces[0].size(); ++i) {
    std::vector<Tensor> parts;
    for (const auto& p : pieces) parts.push_back(p[i]);
    result.push_back(parts.size() == 1 ? parts[0] : concat(parts, 0));
  }
  return result;
}

}  // namespace

std::vector<Tensor> Model::predict_all(const std::vector<Tensor>& x, PredictOptions o) {
  detail::TensorBatches source(name(), x, {}, Tensor(), o.batch_size.value_or(kDefaultBatchSize), false, std::nullopt, {});
  return run_predict(*this, source, o);
}

Tensor Model::predict(const Tensor& x, PredictOptions o) {
  std::vector<Tensor> out = predict_all({x}, std::move(o));
  if (out.size() != 1) throw InvalidArgumentError("[" + name() + "] has " + std::to_string(out.size()) + " outputs; use predict_all()");
  return out[0];
}

std::vector<Tensor> Model::predict_all(const data::Dataset& dataset, PredictOptions o) {
  detail::DatasetBatches source(name(), dataset, num_inputs(*this), num_outputs(*this), false);
  return run_predict(*this, source, o);
}

Tensor Model::predict(const data::Dataset& dataset, PredictOptions o) {
  std::vector<Tensor> out = predict_all(dataset, std::move(o));
  if (out.size() != 1) throw InvalidArgumentError("[" + name() + "] has " + std::to_string(out.size()) + " outputs");
  return out[0];
}

}  // namespace tf::keras

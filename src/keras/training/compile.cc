// Model::compile and the compiled loss and metrics (Keras 3's CompileLoss / CompileMetrics).
#include <algorithm>
#include <map>

#include "keras/models/model_data.h"
#include "keras/training/training_state.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/model.h"
#include "tfpp/math_ops.h"

namespace tf::keras {

namespace detail {

Tensor batch_size_of(const Tensor& t) {
  if (t.rank() > 0 && t.shape()[0] >= 0) return constant(static_cast<float>(t.shape()[0]));
  return cast(gather(shape(t), constant(0)), float32);
}

}  // namespace detail

// ---- The specs ---------------------------------------------------------------------------

std::shared_ptr<losses::Loss> LossSpec::resolve(const TensorShape& y_true, const TensorShape& y_pred) const {
  if (loss_) return loss_;
  if (name_.empty()) return nullptr;
  return losses::get(name_, y_true, y_pred);
}

std::shared_ptr<metrics::Metric> MetricSpec::resolve(const TensorShape& y_true, const TensorShape& y_pred) const {
  if (metric_) return metric_;
  return metrics::get(name_, y_true, y_pred);
}

namespace {
// Names whose loss or metric depends on the data's shapes.
bool shape_dependent(const std::string& name) {
  return name == "crossentropy" || name == "ce" || name == "accuracy" || name == "acc";
}
}  // namespace

void LossSpec::check() const {
  if (!loss_ && !name_.empty() && !shape_dependent(name_)) losses::get(name_);
}

void MetricSpec::check() const {
  if (!metric_ && !shape_dependent(name_)) metrics::get(name_);
}

optimizers::Optimizer OptimizerSpec::resolve() const {
  if (optimizer_.defined()) return optimizer_;
  return *optimizers::get(name_);
}

namespace {

detail::TrainingState& state_of(const Model& m) {
  const auto& t = m.model_data().training;
  if (!t) throw FailedPreconditionError("[" + m.name() + "] the model must be compiled before training or evaluation; call compile()");
  return *t;
}

// Output names: the keys the outputs were given under, else a Functional model's output layers,
// else output_0, output_1, ...
std::vector<std::string> output_names(const Model& m, std::size_t count) {
  if (m.model_data().output_names.size() == count) return m.model_data().output_names;
  std::vector<std::string> names;
  const auto& outs = m.model_data().outputs;
  for (std::size_t i = 0; i < count; ++i)
    names.push_back(i < outs.size() ? outs[i].node()->layer->name() : "output_" + std::to_string(i));
  return names;
}

}  // namespace

void Model::compile(CompileOptions options) {
  auto t = std::make_shared<detail::TrainingState>();
  if (options.steps_per_execution < 1)
    throw InvalidArgumentError("[" + name() + "] steps_per_execution must be >= 1, got " + std::to_string(options.steps_per_execution));
  t->optimizer = options.optimizer.resolve();
  options.loss.check();
  for (const LossSpec& l : options.losses) l.check();
  for (const auto& [k, l] : options.loss_by_output) l.check();
  for (const MetricSpec& m : options.metrics) m.check();
  for (const auto& list : options.metrics_per_output)
    for (const MetricSpec& m : list) m.check();
  for (const auto& [k, list] : options.metrics_by_output)
    for (const MetricSpec& m : list) m.check();
  for (const MetricSpec& m : options.weighted_metrics) m.check();
  for (const auto& list : options.weighted_metrics_per_output)
    for (const MetricSpec& m : list) m.check();
  for (const auto& [k, list] : options.weighted_metrics_by_output)
    for (const MetricSpec& m : list) m.check();
  t->loss_tracker = std::make_shared<metrics::Mean>(metrics::MetricOptions{.name = "loss"});
  t->options = std::move(options);
  data_->training = t;
}

bool Model::compiled() const { return data_->training != nullptr; }

optimizers::Optimizer& Model::optimizer() const { return state_of(*this).optimizer; }

namespace detail {

namespace {

// Names the resolved metrics by their log keys as Keras 3's CompileMetrics.result() does: the
// output's name first when there are several outputs, "_1", "_2", ... for repeated names, and
// "weighted_" for a weighted metric whose name an unweighted one took. `base_names` gets the
// names before renaming.
void name_metrics(std::vector<OutputSlot>& slots, std::vector<std::string>& base_names) {
  std::map<std::string, int> taken;
  auto unique = [&](const std::string& name) {
    auto [it, fresh] = taken.try_emplace(name, 1);
    return fresh ? name : name + "_" + std::to_string(it->second++);
  };
  const bool prefixed = slots.size() > 1;
  base_names.clear();
  for (OutputSlot& s : slots) {
    const std::string prefix = prefixed ? s.name + "_" : "";
    for (const auto& m : s.metrics) {
      base_names.push_back(m->name());
      m->set_name(unique(prefix + m->name()));
    }
  }
  for (OutputSlot& s : slots) {
    const std::string prefix = prefixed ? s.name + "_" : "";
    for (const auto& m : s.weighted_metrics) {
      base_names.push_back(m->name());
      const std::string name = prefix + m->name();
      m->set_name(taken.try_emplace(name, 1).second ? name : unique(prefix + "weighted_" + m->name()));
    }
  }
}

}  // namespace

// Resolves the compiled losses and metrics for outputs of these shapes (first batch).
void resolve_outputs(Model& m, const std::vector<TensorShape>& y_true, const std::vector<TensorShape>& y_pred) {
  TrainingState& t = state_of(m);
  if (t.resolved) return;
  const std::string who = "[" + m.name() + "] ";
  const std::size_t n = y_pred.size();
  const CompileOptions& o = t.options;
  const std::vector<std::string> names = output_names(m, n);
  auto index_of = [&](const std::string& key, const char* what) {
    for (std::size_t i = 0; i < n; ++i)
      if (names[i] == key) return i;
    std::string known;
    for (const auto& k : names) known += (known.empty() ? "" : ", ") + k;
    throw InvalidArgumentError(who + "compile() got " + what + " for an unknown output '" + key + "'; the outputs are: " + known);
  };
  std::vector<OutputSlot> slots(n);
  for (std::size_t i = 0; i < n; ++i) slots[i].name = names[i];
  // Losses.
  if (!o.losses.empty()) {
    if (o.losses.size() != n)
      throw InvalidArgumentError(who + "compile() got " + std::to_string(o.losses.size()) + " losses for " + std::to_string(n) + " outputs");
    for (std::size_t i = 0; i < n; ++i) slots[i].loss_spec = o.losses[i];
  } else if (!o.loss_by_output.empty()) {
    for (const auto& [key, spec] : o.loss_by_output) slots[index_of(key, "a loss")].loss_spec = spec;
  } else {
    for (auto& s : slots) s.loss_spec = o.loss;
  }
  // Loss weights.
  if (!o.loss_weights.empty()) {
    if (o.loss_weights.size() != n)
      throw InvalidArgumentError(who + "compile() got " + std::to_string(o.loss_weights.size()) + " loss weights for " + std::to_string(n) + " outputs");
    for (std::size_t i = 0; i < n; ++i) slots[i].weight = o.loss_weights[i];
  }
  for (const auto& [key, w] : o.loss_weights_by_output) slots[index_of(key, "a loss weight")].weight = w;
  // Metrics and weighted metrics: one list for a single output, a list per output, or by name.
  auto assign_metrics = [&](const std::vector<MetricSpec>& single, const std::vector<std::vector<MetricSpec>>& per_output,
                            const std::map<std::string, std::vector<MetricSpec>>& by_output, const std::string& what,
                            std::vector<MetricSpec> OutputSlot::*field) {
    if (!single.empty()) {
      if (n != 1)
        throw InvalidArgumentError(who + "has " + std::to_string(n) + " outputs: give compile() " + what + "_per_output or " + what + "_by_output");
      slots[0].*field = single;
    }
    if (!per_output.empty()) {
      if (per_output.size() != n)
        throw InvalidArgumentError(who + "compile() got " + what + " for " + std::to_string(per_output.size()) + " outputs, the model has " + std::to_string(n));
      for (std::size_t i = 0; i < n; ++i) slots[i].*field = per_output[i];
    }
    for (const auto& [key, specs] : by_output) slots[index_of(key, what.c_str())].*field = specs;
  };
  assign_metrics(o.metrics, o.metrics_per_output, o.metrics_by_output, "metrics", &OutputSlot::metric_specs);
  assign_metrics(o.weighted_metrics, o.weighted_metrics_per_output, o.weighted_metrics_by_output, "weighted_metrics",
                 &OutputSlot::weighted_metric_specs);

  // Without losses or metrics (every loss from add_loss) the targets may be absent, as in Keras.
  const bool targets_unused = y_true.empty() && std::all_of(slots.begin(), slots.end(), [](const OutputSlot& s) {
    return !s.loss_spec.defined() && s.metric_specs.empty() && s.weighted_metric_specs.empty();
  });
  if (y_true.size() != n && !targets_unused)
    throw InvalidArgumentError(who + "has " + std::to_string(n) + " output(s) but was given " + std::to_string(y_true.size()) + " target(s)");
  // As Keras 3's CompileLoss: "<output>_loss" logs only when several outputs have a loss.
  const auto with_loss = std::count_if(slots.begin(), slots.end(), [](const OutputSlot& s) { return s.loss_spec.defined(); });
  for (std::size_t i = 0; i < n && !targets_unused; ++i) {
    OutputSlot& s = slots[i];
    s.loss = s.loss_spec.resolve(y_true[i], y_pred[i]);
    if (with_loss > 1 && s.loss) s.loss_tracker = std::make_shared<metrics::Mean>(metrics::MetricOptions{.name = s.name + "_loss"});
    for (const MetricSpec& spec : s.metric_specs) s.metrics.push_back(spec.resolve(y_true[i], y_pred[i]));
    for (const MetricSpec& spec : s.weighted_metric_specs) s.weighted_metrics.push_back(spec.resolve(y_true[i], y_pred[i]));
  }
  name_metrics(slots, t.metric_base_names);
  t.outputs = std::move(slots);
  t.resolved = true;
}

}  // namespace detail

Tensor Model::compiled_loss(const std::vector<Tensor>& y, const std::vector<Tensor>& y_pred, const Tensor& sample_weight) {
  detail::TrainingState& t = state_of(*this);
  if (!t.resolved) {
    std::vector<TensorShape> ys, ps;
    for (const Tensor& v : y) ys.push_back(v.shape());
    for (const Tensor& v : y_pred) ps.push_back(v.shape());
    detail::resolve_outputs(*this, ys, ps);
  }
  const bool any_loss = std::any_of(t.outputs.begin(), t.outputs.end(), [](const detail::OutputSlot& s) { return s.loss != nullptr; });
  if ((y.size() != t.outputs.size() && (any_loss || !y.empty())) || y_pred.size() != t.outputs.size())
    throw InvalidArgumentError("[" + name() + "] has " + std::to_string(t.outputs.size()) + " output(s), got " +
                               std::to_string(y.size()) + " target(s) and " + std::to_string(y_pred.size()) + " prediction(s)");
  Tensor total;
  for (std::size_t i = 0; i < t.outputs.size(); ++i) {
    detail::OutputSlot& s = t.outputs[i];
    if (!s.loss) continue;
    Tensor value = (*s.loss)(y[i], y_pred[i], sample_weight);
    // As Keras 3's CompileLoss: "<output>_loss" tracks the loss before its weight.
    if (s.loss_tracker) s.loss_tracker->update_state(value, detail::batch_size_of(y_pred[i]));
    if (s.weight != 1.0) value = value * s.weight;
    total = total.defined() ? total + value : value;
  }
  return total;
}

Tensor Model::compute_loss(const std::vector<Tensor>& x, const std::vector<Tensor>& y, const std::vector<Tensor>& y_pred,
                           const Tensor& sample_weight) {
  Tensor total = compiled_loss(y, y_pred, sample_weight);
  for (const Tensor& l : losses()) total = total.defined() ? total + l : l;
  if (!total.defined())
    throw InvalidArgumentError("[" + name() + "] no loss to optimize: give compile() a loss, or add one with add_loss()");
  return total;
}

void Model::compiled_metrics_update(const std::vector<Tensor>& y, const std::vector<Tensor>& y_pred, const Tensor& sample_weight) {
  detail::TrainingState& t = state_of(*this);
  if (!t.resolved) compiled_loss(y, y_pred, sample_weight);
  for (std::size_t i = 0; i < t.outputs.size(); ++i) {
    // Keras 3 weighs only the weighted metrics by the sample weights.
    for (const auto& m : t.outputs[i].metrics) m->update_state(y[i], y_pred[i]);
    for (const auto& m : t.outputs[i].weighted_metrics) m->update_state(y[i], y_pred[i], sample_weight);
  }
}

std::vector<std::shared_ptr<metrics::Metric>> Model::metrics() const {
  const auto& t = data_->training;
  if (!t) return {};
  std::vector<std::shared_ptr<metrics::Metric>> out{t->loss_tracker};
  for (const auto& s : t->outputs)
    if (s.loss_tracker) out.push_back(s.loss_tracker);
  for (const auto& s : t->outputs) out.insert(out.end(), s.metrics.begin(), s.metrics.end());
  for (const auto& s : t->outputs) out.insert(out.end(), s.weighted_metrics.begin(), s.weighted_metrics.end());
  return out;
}

void Model::reset_metrics() {
  for (const auto& m : metrics()) m->reset_state();
}

TensorLogs Model::get_metrics_result() const {
  TensorLogs logs;
  for (const auto& m : metrics()) logs[m->name()] = m->result();
  return logs;
}

}  // namespace tf::keras

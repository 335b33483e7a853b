// Model::get_compile_config / compile_from_config: compile()'s arguments in Keras 3's form
// (keras.Model.get_compile_config), which .keras files keep beside the model's config.
#include <algorithm>

#include "keras/layers/config_util.h"
#include "keras/models/model_data.h"
#include "keras/training/training_state.h"
#include "tfpp/errors.h"
#include "tfpp/keras/saving.h"

namespace tf::keras {
namespace {

using List = ConfigValue::List;

ConfigValue loss_value(const LossSpec& spec) {
  if (!spec.name().empty()) return spec.name();
  return losses::serialize(*spec.object());
}

ConfigValue metric_value(const MetricSpec& spec) {
  if (!spec.name().empty()) return spec.name();
  return metrics::serialize(*spec.object());
}

ConfigValue metric_list(const std::vector<MetricSpec>& specs) {
  List list;
  for (const MetricSpec& m : specs) list.push_back(metric_value(m));
  return list;
}

// A serialized object ({"class_name": ...}) rather than a dict by output name.
bool is_object(const ConfigValue& v) { return v.holds<Config>() && v.get<Config>().count("class_name"); }

LossSpec loss_from(const ConfigValue& v) {
  if (v.holds<std::string>()) return LossSpec(v.get<std::string>());
  return LossSpec(losses::deserialize(v));
}

MetricSpec metric_from(const ConfigValue& v) {
  if (v.holds<std::string>()) return MetricSpec(v.get<std::string>());
  return MetricSpec(metrics::deserialize(v));
}

std::vector<MetricSpec> metrics_from(const ConfigValue& v, const std::string& who) {
  std::vector<MetricSpec> out;
  if (!v.holds<List>()) {
    out.push_back(metric_from(v));
    return out;
  }
  for (const ConfigValue& m : v.get<List>()) {
    if (m.holds<List>()) throw InvalidArgumentError(who + " metrics nest lists more than one level deep");
    out.push_back(metric_from(m));
  }
  return out;
}

// compile()'s metrics or weighted_metrics: a list, a list per output, a dict by output name or null.
ConfigValue metrics_value(const std::vector<MetricSpec>& single, const std::vector<std::vector<MetricSpec>>& per_output,
                          const std::map<std::string, std::vector<MetricSpec>>& by_output) {
  if (!single.empty()) return metric_list(single);
  if (!per_output.empty()) {
    List list;
    for (const auto& specs : per_output) list.push_back(metric_list(specs));
    return list;
  }
  if (!by_output.empty()) {
    Config config;
    for (const auto& [name, specs] : by_output) config[name] = metric_list(specs);
    return config;
  }
  return nullptr;
}

// Reads metrics_value()'s forms (or Keras') into the three fields.
void read_metrics(const ConfigValue& m, const std::string& who, std::vector<MetricSpec>& single,
                  std::vector<std::vector<MetricSpec>>& per_output, std::map<std::string, std::vector<MetricSpec>>& by_output) {
  if (m.holds<List>() && !m.get<List>().empty() && m.get<List>()[0].holds<List>()) {
    for (const ConfigValue& specs : m.get<List>()) per_output.push_back(metrics_from(specs, who));
  } else if (m.holds<Config>() && !is_object(m)) {
    for (const auto& [output, specs] : m.get<Config>()) by_output[output] = metrics_from(specs, who);
  } else {
    single = metrics_from(m, who);
  }
}

}  // namespace

Config Model::get_compile_config() const {
  const auto& t = model_data().training;
  if (!t) return {};
  const CompileOptions& o = t->options;
  Config c;
  c["optimizer"] = optimizers::serialize(t->optimizer);
  if (o.loss.defined()) {
    c["loss"] = loss_value(o.loss);
  } else if (!o.losses.empty()) {
    List list;
    for (const LossSpec& l : o.losses) list.push_back(l.defined() ? loss_value(l) : ConfigValue());
    c["loss"] = list;
  } else if (!o.loss_by_output.empty()) {
    Config by_output;
    for (const auto& [name, l] : o.loss_by_output) by_output[name] = loss_value(l);
    c["loss"] = by_output;
  } else {
    c["loss"] = nullptr;
  }
  if (!o.loss_weights.empty()) {
    List list;
    for (double w : o.loss_weights) list.push_back(w);
    c["loss_weights"] = list;
  } else if (!o.loss_weights_by_output.empty()) {
    Config by_output;
    for (const auto& [name, w] : o.loss_weights_by_output) by_output[name] = w;
    c["loss_weights"] = by_output;
  } else {
    c["loss_weights"] = nullptr;
  }
  c["metrics"] = metrics_value(o.metrics, o.metrics_per_output, o.metrics_by_output);
  c["weighted_metrics"] = metrics_value(o.weighted_metrics, o.weighted_metrics_per_output, o.weighted_metrics_by_output);
  c["run_eagerly"] = o.run_eagerly;
  c["steps_per_execution"] = static_cast<std::int64_t>(o.steps_per_execution);
  c["jit_compile"] = false;
  return c;
}

void Model::compile_from_config(const Config& config) {
  const std::string who = "[" + name() + "] compile_from_config:";
  CompileOptions o;
  if (auto it = config.find("optimizer"); it != config.end() && !it->second.is_null())
    o.optimizer = optimizers::deserialize(it->second);
  if (auto it = config.find("loss"); it != config.end() && !it->second.is_null()) {
    const ConfigValue& loss = it->second;
    if (loss.holds<std::string>() || is_object(loss)) {
      o.loss = loss_from(loss);
    } else if (loss.holds<List>()) {
      for (const ConfigValue& l : loss.get<List>()) o.losses.push_back(l.is_null() ? LossSpec() : loss_from(l));
    } else if (loss.holds<Config>()) {
      for (const auto& [output, l] : loss.get<Config>()) o.loss_by_output[output] = loss_from(l);
    } else {
      throw InvalidArgumentError(who + " cannot read the loss " + keras::to_json(loss));
    }
  }
  if (auto it = config.find("loss_weights"); it != config.end() && !it->second.is_null()) {
    const ConfigValue& w = it->second;
    if (w.holds<List>()) {
      for (const ConfigValue& v : w.get<List>()) o.loss_weights.push_back(v.as_double());
    } else if (w.holds<Config>()) {
      for (const auto& [output, v] : w.get<Config>()) o.loss_weights_by_output[output] = v.as_double();
    } else {
      o.loss_weights.push_back(w.as_double());
    }
  }
  if (auto it = config.find("metrics"); it != config.end() && !it->second.is_null())
    read_metrics(it->second, who, o.metrics, o.metrics_per_output, o.metrics_by_output);
  if (auto it = config.find("weighted_metrics"); it != config.end() && !it->second.is_null())
    read_metrics(it->second, who, o.weighted_metrics, o.weighted_metrics_per_output, o.weighted_metrics_by_output);
  if (auto it = config.find("run_eagerly"); it != config.end() && it->second.holds<bool>()) o.run_eagerly = it->second.get<bool>();
  if (auto it = config.find("steps_per_execution"); it != config.end() && it->second.holds<std::int64_t>())
    o.steps_per_execution = static_cast<int>(std::clamp<std::int64_t>(it->second.get<std::int64_t>(), 0, 1 << 30));
  // jit_compile asks for XLA, which tfpp does not have; the traced step is what it gets.
  compile(std::move(o));
  if (built()) optimizer().build(trainable_weights());
}

}  // namespace tf::keras

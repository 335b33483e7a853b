// keras.optimizers / losses / metrics serialize and deserialize: the objects compile() takes,
// in Keras 3's {"module", "class_name", "config", "registered_name"} form. Each class is read
// through its options struct; a config key the options struct has no field for (a Keras feature
// tfpp lacks) is an UnimplementedError naming it, never silently dropped.
#include <set>
#include <variant>
#include <typeinfo>

#include "keras/layers/config_util.h"
#include "keras/optimizers/optimizer_state.h"
#include "tfpp/errors.h"
#include "tfpp/keras/circle_and_generalized_ce_losses.h"
#include "tfpp/keras/ctc_loss.h"
#include "tfpp/keras/focal_and_overlap_losses.h"
#include "tfpp/keras/iou_variants.h"
#include "tfpp/keras/mixed_precision.h"
#include "tfpp/keras/optimizers/adafactor.h"
#include "tfpp/keras/optimizers/cosine_decay_restarts.h"
#include "tfpp/keras/optimizers/lamb.h"
#include "tfpp/keras/optimizers/lion.h"
#include "tfpp/keras/optimizers/muon.h"
#include "tfpp/keras/optimizers/schedule_free_adamw.h"
#include "tfpp/keras/optimizers/schedules_serialization.h"
#include "tfpp/keras/saving.h"
#include "tfpp/keras/score_metrics.h"
#include "tfpp/keras/threshold_metrics.h"

namespace tf::keras {
namespace {

// A schedule from Keras' {"module", "class_name", "config", "registered_name"} (defined below).
std::shared_ptr<const optimizers::schedules::LearningRateSchedule> schedule_from(const ConfigValue& serialized);

// Reads config values into options fields, remembering which keys it used.
class OptionsReader {
 public:
  OptionsReader(const Config& config, std::string who) : config_(config), who_(std::move(who)) {}

  template <class T>
  void field(const char* key, T& out) {
    auto it = config_.find(key);
    used_.insert(key);
    if (it == config_.end()) return;
    try {
      read(it->second, out);
    } catch (const std::bad_variant_access&) {
      throw InvalidArgumentError(who_ + " '" + key + "' has the wrong type (" + std::string(it->second.type_name()) + ")");
    }
  }
  // Keys whose value changes nothing in tfpp when it is `expected` (Keras' defaults of features
  // tfpp lacks); any other value is refused.
  void expect(const char* key, const ConfigValue& expected) {
    used_.insert(key);
    auto it = config_.find(key);
    if (it != config_.end() && !(it->second == expected))
      throw UnimplementedError(who_ + " '" + key + "' = " + to_json(it->second) + " is a Keras option tfpp does not have");
  }
  void ignore(const char* key) { used_.insert(key); }
  // Every key of the config was read.
  void finish() const {
    for (const auto& [key, value] : config_)
      if (!used_.count(key))
        throw UnimplementedError(who_ + " the config's '" + key + "' (" + to_json(value) + ") is a Keras option tfpp does not have");
  }

 private:
  static void read(const ConfigValue& v, double& out) { out = v.as_double(); }
  static void read(const ConfigValue& v, bool& out) { out = v.get<bool>(); }
  static void read(const ConfigValue& v, std::int64_t& out) { out = v.get<std::int64_t>(); }
  static void read(const ConfigValue& v, std::string& out) { out = v.get<std::string>(); }
  static void read(const ConfigValue& v, std::optional<double>& out) {
    if (v.is_null()) out.reset();
    else out = v.as_double();
  }
  static void read(const ConfigValue& v, std::optional<std::int64_t>& out) {
    if (v.is_null()) out.reset();
    else out = v.get<std::int64_t>();
  }
  static void read(const ConfigValue& v, std::optional<std::string>& out) {
    if (v.is_null()) out.reset();
    else out = v.get<std::string>();
  }
  static void read(const ConfigValue& v, std::optional<DType>& out) {
    if (v.is_null()) out.reset();
    else out = keras::detail::dtype_from(v);
  }
  static void read(const ConfigValue& v, std::vector<std::int64_t>& out) { out = keras::detail::int_list_from(v); }
  // Muon's exclude_layers: a list of strings (Keras) or one regular expression (tfpp's C++ config).
  static void read(const ConfigValue& v, std::vector<std::string>& out) {
    out.clear();
    if (v.holds<std::string>()) {
      out.push_back(v.get<std::string>());
      return;
    }
    for (const ConfigValue& x : v.get<ConfigValue::List>()) out.push_back(x.get<std::string>());
  }
  // Keras writes the axes of Dice and Tversky as null, one number or a list.
  static void read(const ConfigValue& v, std::optional<std::vector<std::int64_t>>& out) {
    if (v.is_null()) out.reset();
    else if (v.holds<ConfigValue::List>()) out = keras::detail::int_list_from(v);
    else out = std::vector<std::int64_t>{v.get<std::int64_t>()};
  }
  // Keras writes thresholds as null, one number or a list.
  static void read(const ConfigValue& v, std::vector<double>& out) {
    out.clear();
    if (v.is_null()) return;
    if (!v.holds<ConfigValue::List>()) {
      out.push_back(v.as_double());
      return;
    }
    for (const ConfigValue& x : v.get<ConfigValue::List>()) out.push_back(x.as_double());
  }
  void read(const ConfigValue& v, optimizers::LearningRate& out) const {
    if (v.holds<Config>()) out = schedule_from(v);
    else out = v.as_double();
  }

  const Config& config_;
  std::string who_;
  std::set<std::string> used_;
};

#define TFPP_OPTION(name) \
  if constexpr (requires { o.name; }) r.field(#name, o.name);

const Config& split(const ConfigValue& serialized, const std::string& who, std::string& class_name) {
  if (!serialized.holds<Config>())
    throw InvalidArgumentError(who + " expects {\"class_name\": ..., \"config\": ...}, got " + to_json(serialized));
  const Config& s = serialized.get<Config>();
  class_name = keras::detail::config_at(s, "class_name", who).get<std::string>();
  const ConfigValue& config = keras::detail::config_at(s, "config", who);
  if (!config.holds<Config>()) throw InvalidArgumentError(who + " the config of " + class_name + " is not a dict");
  return config.get<Config>();
}

Config wrap(const char* module, const std::string& class_name, Config config) {
  return {{"module", module}, {"class_name", class_name}, {"config", std::move(config)}, {"registered_name", nullptr}};
}

// ---- learning-rate schedules ----------------------------------------------------------------

template <class S, class Options>
std::shared_ptr<const optimizers::schedules::LearningRateSchedule> make_schedule(const Config& c, const std::string& who) {
  Options o;
  OptionsReader r(c, who);
  TFPP_OPTION(name)
  TFPP_OPTION(initial_learning_rate)
  TFPP_OPTION(decay_steps)
  TFPP_OPTION(decay_rate)
  TFPP_OPTION(staircase)
  TFPP_OPTION(boundaries)
  TFPP_OPTION(values)
  TFPP_OPTION(end_learning_rate)
  TFPP_OPTION(power)
  TFPP_OPTION(cycle)
  TFPP_OPTION(alpha)
  TFPP_OPTION(warmup_target)
  TFPP_OPTION(warmup_steps)
  TFPP_OPTION(first_decay_steps)
  TFPP_OPTION(t_mul)
  TFPP_OPTION(m_mul)
  r.finish();
  return std::make_shared<S>(std::move(o));
}

// ---- optimizers -----------------------------------------------------------------------------

template <class O, class Options>
optimizers::Optimizer make_optimizer(const Config& c, const std::string& who) {
  Options o;
  OptionsReader r(c, who);
  TFPP_OPTION(name)
  TFPP_OPTION(learning_rate)
  TFPP_OPTION(weight_decay)
  TFPP_OPTION(clipnorm)
  TFPP_OPTION(clipvalue)
  TFPP_OPTION(global_clipnorm)
  TFPP_OPTION(momentum)
  TFPP_OPTION(nesterov)
  TFPP_OPTION(beta_1)
  TFPP_OPTION(beta_2)
  TFPP_OPTION(epsilon)
  TFPP_OPTION(amsgrad)
  TFPP_OPTION(rho)
  TFPP_OPTION(centered)
  TFPP_OPTION(initial_accumulator_value)
  TFPP_OPTION(learning_rate_power)
  TFPP_OPTION(l1_regularization_strength)
  TFPP_OPTION(l2_regularization_strength)
  TFPP_OPTION(l2_shrinkage_regularization_strength)
  TFPP_OPTION(beta)
  TFPP_OPTION(beta_2_decay)
  TFPP_OPTION(epsilon_1)
  TFPP_OPTION(epsilon_2)
  TFPP_OPTION(clip_threshold)
  TFPP_OPTION(relative_step)
  TFPP_OPTION(warmup_steps)
  TFPP_OPTION(adam_beta_1)
  TFPP_OPTION(adam_beta_2)
  TFPP_OPTION(adam_weight_decay)
  TFPP_OPTION(exclude_layers)
  TFPP_OPTION(exclude_embeddings)
  TFPP_OPTION(muon_a)
  TFPP_OPTION(muon_b)
  TFPP_OPTION(muon_c)
  TFPP_OPTION(adam_lr_ratio)
  TFPP_OPTION(ns_steps)
  TFPP_OPTION(rms_rate)
  // Keras' EMA keywords, which the base of every optimizer keeps rather than its options struct.
  bool use_ema = false;
  double ema_momentum = 0.99;
  std::optional<std::int64_t> ema_overwrite_frequency;
  r.field("use_ema", use_ema);
  r.field("ema_momentum", ema_momentum);
  r.field("ema_overwrite_frequency", ema_overwrite_frequency);
  r.expect("loss_scale_factor", nullptr);
  r.expect("gradient_accumulation_steps", nullptr);
  r.finish();
  O optimizer(std::move(o));
  optimizer.state()->set_ema(use_ema, ema_momentum, ema_overwrite_frequency);
  return optimizer;
}

// Keras 3's LossScaleOptimizer config: name, inner_optimizer (serialized), initial_scale,
// dynamic_growth_steps.
optimizers::Optimizer loss_scale_optimizer_from(const keras::Config& c, const std::string& where) {
  mixed_precision::LossScaleOptimizerOptions o;
  auto inner = c.find("inner_optimizer");
  if (inner == c.end()) throw InvalidArgumentError(where + " the config has no inner_optimizer");
  for (const auto& [key, value] : c) {
    if (key == "name" && value.holds<std::string>()) o.name = value.get<std::string>();
    else if (key == "initial_scale") o.initial_scale = value.holds<double>() ? value.get<double>() : static_cast<double>(value.get<std::int64_t>());
    else if (key == "dynamic_growth_steps") o.dynamic_growth_steps = value.get<std::int64_t>();
    else if (key != "inner_optimizer" && key != "name")
      throw InvalidArgumentError(where + " LossScaleOptimizer does not support arguments: `" + key + "`.");
  }
  return mixed_precision::LossScaleOptimizer(optimizers::deserialize(inner->second), o);
}

// An optimizer's config value (optimizers::ConfigValue) as a layer config value.
ConfigValue keras_value(const optimizers::ConfigValue& v) {
  return std::visit(
      [](const auto& x) -> ConfigValue {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::vector<double>>) {
          ConfigValue::List list;
          for (double d : x) list.push_back(d);
          return list;
        } else if constexpr (std::is_same_v<T, optimizers::Config>) {
          Config c;
          for (const auto& [key, value] : x) c[key] = keras_value(value);
          return c;
        } else {
          return x;
        }
      },
      static_cast<const optimizers::ConfigValue::variant&>(v));
}

}  // namespace

namespace optimizers {

keras::Config serialize(const Optimizer& optimizer) {
  keras::Config config = keras_value(optimizer.get_config()).get<keras::Config>();
  // Muon's exclude_layers, one regular expression in the optimizer's config, is a list in Keras'.
  if (auto it = config.find("exclude_layers"); it != config.end() && it->second.holds<std::string>()) {
    keras::ConfigValue::List patterns;
    const std::string joined = it->second.get<std::string>();
    for (std::size_t start = 0;;) {
      const std::size_t bar = joined.find('|', start);
      patterns.push_back(joined.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
      if (bar == std::string::npos) break;
      start = bar + 1;
    }
    it->second = std::move(patterns);
  }
  return wrap("keras.optimizers", optimizer.class_name(), std::move(config));
}

Optimizer deserialize(const keras::ConfigValue& serialized) {
  if (serialized.holds<std::string>()) return *get(serialized.get<std::string>());
  const std::string who = "[optimizers.deserialize]";
  std::string cls;
  const keras::Config& c = split(serialized, who, cls);
  const std::string where = who + " " + cls + ":";
  if (cls == "SGD") return make_optimizer<SGD, SGDOptions>(c, where);
  if (cls == "Adam") return make_optimizer<Adam, AdamOptions>(c, where);
  if (cls == "AdamW") return make_optimizer<AdamW, AdamWOptions>(c, where);
  if (cls == "Adamax") return make_optimizer<Adamax, AdamaxOptions>(c, where);
  if (cls == "Nadam") return make_optimizer<Nadam, NadamOptions>(c, where);
  if (cls == "RMSprop") return make_optimizer<RMSprop, RMSpropOptions>(c, where);
  if (cls == "Adagrad") return make_optimizer<Adagrad, AdagradOptions>(c, where);
  if (cls == "Adadelta") return make_optimizer<Adadelta, AdadeltaOptions>(c, where);
  if (cls == "Ftrl") return make_optimizer<Ftrl, FtrlOptions>(c, where);
  if (cls == "Lion") return make_optimizer<Lion, LionOptions>(c, where);
  if (cls == "Lamb") return make_optimizer<Lamb, LambOptions>(c, where);
  if (cls == "Adafactor") return make_optimizer<Adafactor, AdafactorOptions>(c, where);
  if (cls == "ScheduleFreeAdamW") return make_optimizer<ScheduleFreeAdamW, ScheduleFreeAdamWOptions>(c, where);
  if (cls == "Muon") return make_optimizer<Muon, MuonOptions>(c, where);
  if (cls == "LossScaleOptimizer") return loss_scale_optimizer_from(c, where);
  throw InvalidArgumentError(who + " unknown optimizer class '" + cls +
                             "'; known: SGD, Adam, AdamW, Adamax, Nadam, RMSprop, Adagrad, Adadelta, Ftrl, Lion, Lamb, Adafactor, "
                             "ScheduleFreeAdamW, Muon, LossScaleOptimizer");
}

}  // namespace optimizers

namespace {

std::shared_ptr<const optimizers::schedules::LearningRateSchedule> schedule_from(const ConfigValue& serialized) {
  using namespace optimizers::schedules;
  const std::string who = "[schedules.deserialize]";
  std::string cls;
  const keras::Config& c = split(serialized, who, cls);
  const std::string where = who + " " + cls + ":";
  if (cls == "ExponentialDecay") return make_schedule<ExponentialDecay, ExponentialDecayOptions>(c, where);
  if (cls == "PiecewiseConstantDecay") return make_schedule<PiecewiseConstantDecay, PiecewiseConstantDecayOptions>(c, where);
  if (cls == "PolynomialDecay") return make_schedule<PolynomialDecay, PolynomialDecayOptions>(c, where);
  if (cls == "InverseTimeDecay") return make_schedule<InverseTimeDecay, InverseTimeDecayOptions>(c, where);
  if (cls == "CosineDecay") return make_schedule<CosineDecay, CosineDecayOptions>(c, where);
  if (cls == "CosineDecayRestarts") return make_schedule<CosineDecayRestarts, CosineDecayRestartsOptions>(c, where);
  const Config& s = serialized.get<Config>();
  auto registered = s.find("registered_name");
  if (registered != s.end() && registered->second.holds<std::string>())
    if (auto custom = registered_schedule_class(registered->second.get<std::string>())) return custom->factory(c);
  if (auto custom = registered_schedule_class(cls)) return custom->factory(c);
  throw UnimplementedError(who + " learning-rate schedule class '" + cls +
                           "' is not one tfpp has (it has ExponentialDecay, PiecewiseConstantDecay, PolynomialDecay, "
                           "InverseTimeDecay, CosineDecay, CosineDecayRestarts)");
}

}  // namespace

namespace optimizers::schedules {

std::shared_ptr<const LearningRateSchedule> deserialize(const keras::ConfigValue& serialized) {
  return schedule_from(serialized);
}

}  // namespace optimizers::schedules

// ---- losses ---------------------------------------------------------------------------------

namespace {

template <class L, class Options>
std::shared_ptr<losses::Loss> make_loss(const Config& c, const std::string& who) {
  Options o;
  OptionsReader r(c, who);
  TFPP_OPTION(name)
  // Keras takes reduction=None for "none".
  if (auto it = c.find("reduction"); it != c.end() && it->second.is_null()) {
    o.reduction = "none";
    r.ignore("reduction");
  } else {
    TFPP_OPTION(reduction)
  }
  TFPP_OPTION(dtype)
  TFPP_OPTION(from_logits)
  TFPP_OPTION(label_smoothing)
  TFPP_OPTION(axis)
  TFPP_OPTION(delta)
  TFPP_OPTION(ignore_class)
  TFPP_OPTION(apply_class_balancing)
  TFPP_OPTION(alpha)
  TFPP_OPTION(gamma)
  TFPP_OPTION(beta)
  TFPP_OPTION(margin)
  TFPP_OPTION(remove_diagonal)
  TFPP_OPTION(q)
  r.finish();
  return std::make_shared<L>(std::move(o));
}

struct LossClass {
  const char* name;
  bool (*is)(const losses::Loss&);
  std::shared_ptr<losses::Loss> (*make)(const Config&, const std::string&);
};

template <class L>
bool is_exactly(const losses::Loss& loss) {
  return typeid(loss) == typeid(L);
}

#define TFPP_LOSS_CLASS(C) LossClass{#C, is_exactly<losses::C>, make_loss<losses::C, losses::C##Options>}

const std::vector<LossClass>& loss_classes() {
  static const std::vector<LossClass> classes{
      TFPP_LOSS_CLASS(MeanSquaredError),       TFPP_LOSS_CLASS(MeanAbsoluteError),
      TFPP_LOSS_CLASS(MeanAbsolutePercentageError), TFPP_LOSS_CLASS(MeanSquaredLogarithmicError),
      TFPP_LOSS_CLASS(Huber),                  TFPP_LOSS_CLASS(LogCosh),
      TFPP_LOSS_CLASS(CosineSimilarity),       TFPP_LOSS_CLASS(Hinge),
      TFPP_LOSS_CLASS(SquaredHinge),           TFPP_LOSS_CLASS(CategoricalHinge),
      TFPP_LOSS_CLASS(KLDivergence),           TFPP_LOSS_CLASS(Poisson),
      TFPP_LOSS_CLASS(BinaryCrossentropy),     TFPP_LOSS_CLASS(BinaryFocalCrossentropy),
      TFPP_LOSS_CLASS(CategoricalCrossentropy), TFPP_LOSS_CLASS(SparseCategoricalCrossentropy),
      TFPP_LOSS_CLASS(CategoricalFocalCrossentropy), TFPP_LOSS_CLASS(Dice),
      TFPP_LOSS_CLASS(Tversky),                TFPP_LOSS_CLASS(CTC),
      TFPP_LOSS_CLASS(Circle),                 TFPP_LOSS_CLASS(CategoricalGeneralizedCrossEntropy),
  };
  return classes;
}

}  // namespace

namespace losses {

Config serialize(const Loss& loss) {
  for (const LossClass& c : loss_classes())
    if (c.is(loss)) return wrap("keras.losses", c.name, loss.get_config());
  // A function or a custom Loss subclass: Keras writes a function by its name, which only the
  // program that defined it can resolve.
  return {{"module", "builtins"}, {"class_name", "function"}, {"config", loss.name()}, {"registered_name", "function"}};
}

std::shared_ptr<Loss> deserialize(const ConfigValue& serialized) {
  const std::string who = "[losses.deserialize]";
  if (serialized.holds<std::string>()) return get(serialized.get<std::string>());
  std::string cls;
  if (serialized.holds<Config>() && serialized.get<Config>().count("class_name") &&
      serialized.get<Config>().at("class_name") == ConfigValue("function")) {
    const ConfigValue& name = serialized.get<Config>().count("config") ? serialized.get<Config>().at("config") : ConfigValue();
    if (name.holds<std::string>()) return get(name.get<std::string>());
  }
  const Config& c = split(serialized, who, cls);
  for (const LossClass& k : loss_classes())
    if (cls == k.name) return k.make(c, who + " " + cls + ":");
  throw InvalidArgumentError(who + " unknown loss class '" + cls + "'");
}

}  // namespace losses

// ---- metrics --------------------------------------------------------------------------------

namespace {

template <class M, class Options>
std::shared_ptr<metrics::Metric> make_metric(const Config& c, const std::string& who) {
  Options o;
  OptionsReader r(c, who);
  TFPP_OPTION(name)
  TFPP_OPTION(dtype)
  TFPP_OPTION(threshold)
  TFPP_OPTION(k)
  TFPP_OPTION(axis)
  TFPP_OPTION(from_logits)
  TFPP_OPTION(label_smoothing)
  TFPP_OPTION(ignore_class)
  TFPP_OPTION(thresholds)
  TFPP_OPTION(top_k)
  TFPP_OPTION(class_id)
  TFPP_OPTION(num_thresholds)
  TFPP_OPTION(curve)
  TFPP_OPTION(summation_method)
  TFPP_OPTION(multi_label)
  TFPP_OPTION(num_labels)
  TFPP_OPTION(label_weights)
  TFPP_OPTION(num_classes)
  TFPP_OPTION(sparse_y_true)
  TFPP_OPTION(sparse_y_pred)
  TFPP_OPTION(recall)
  TFPP_OPTION(precision)
  TFPP_OPTION(specificity)
  TFPP_OPTION(sensitivity)
  TFPP_OPTION(average)
  TFPP_OPTION(beta)
  TFPP_OPTION(class_aggregation)
  TFPP_OPTION(num_regressors)
  TFPP_OPTION(target_class_ids)
  r.finish();
  return std::make_shared<M>(std::move(o));
}

struct MetricClass {
  const char* name;
  bool (*is)(const metrics::Metric&);
  std::shared_ptr<metrics::Metric> (*make)(const Config&, const std::string&);
};

template <class M>
bool is_metric(const metrics::Metric& m) {
  return typeid(m) == typeid(M);
}

#define TFPP_METRIC_CLASS(C, O) MetricClass{#C, is_metric<metrics::C>, make_metric<metrics::C, metrics::O>}

const std::vector<MetricClass>& metric_classes() {
  static const std::vector<MetricClass> classes{
      TFPP_METRIC_CLASS(Sum, MetricOptions),
      TFPP_METRIC_CLASS(Mean, MetricOptions),
      TFPP_METRIC_CLASS(Accuracy, MetricOptions),
      TFPP_METRIC_CLASS(BinaryAccuracy, BinaryAccuracyOptions),
      TFPP_METRIC_CLASS(CategoricalAccuracy, MetricOptions),
      TFPP_METRIC_CLASS(SparseCategoricalAccuracy, MetricOptions),
      TFPP_METRIC_CLASS(TopKCategoricalAccuracy, TopKOptions),
      TFPP_METRIC_CLASS(SparseTopKCategoricalAccuracy, TopKOptions),
      TFPP_METRIC_CLASS(MeanSquaredError, MetricOptions),
      TFPP_METRIC_CLASS(MeanAbsoluteError, MetricOptions),
      TFPP_METRIC_CLASS(MeanAbsolutePercentageError, MetricOptions),
      TFPP_METRIC_CLASS(MeanSquaredLogarithmicError, MetricOptions),
      TFPP_METRIC_CLASS(CosineSimilarity, CosineSimilarityOptions),
      TFPP_METRIC_CLASS(LogCoshError, MetricOptions),
      TFPP_METRIC_CLASS(RootMeanSquaredError, MetricOptions),
      TFPP_METRIC_CLASS(Hinge, MetricOptions),
      TFPP_METRIC_CLASS(SquaredHinge, MetricOptions),
      TFPP_METRIC_CLASS(CategoricalHinge, MetricOptions),
      TFPP_METRIC_CLASS(KLDivergence, MetricOptions),
      TFPP_METRIC_CLASS(Poisson, MetricOptions),
      TFPP_METRIC_CLASS(BinaryCrossentropy, BinaryCrossentropyOptions),
      TFPP_METRIC_CLASS(CategoricalCrossentropy, CategoricalCrossentropyOptions),
      TFPP_METRIC_CLASS(SparseCategoricalCrossentropy, SparseCategoricalCrossentropyOptions),
      TFPP_METRIC_CLASS(Precision, PrecisionRecallOptions),
      TFPP_METRIC_CLASS(Recall, PrecisionRecallOptions),
      TFPP_METRIC_CLASS(AUC, AUCOptions),
      TFPP_METRIC_CLASS(MeanIoU, MeanIoUOptions),
      TFPP_METRIC_CLASS(TruePositives, ConfusionCountOptions),
      TFPP_METRIC_CLASS(FalsePositives, ConfusionCountOptions),
      TFPP_METRIC_CLASS(TrueNegatives, ConfusionCountOptions),
      TFPP_METRIC_CLASS(FalseNegatives, ConfusionCountOptions),
      TFPP_METRIC_CLASS(PrecisionAtRecall, PrecisionAtRecallOptions),
      TFPP_METRIC_CLASS(RecallAtPrecision, RecallAtPrecisionOptions),
      TFPP_METRIC_CLASS(SensitivityAtSpecificity, SensitivityAtSpecificityOptions),
      TFPP_METRIC_CLASS(SpecificityAtSensitivity, SpecificityAtSensitivityOptions),
      TFPP_METRIC_CLASS(FBetaScore, FBetaScoreOptions),
      TFPP_METRIC_CLASS(F1Score, F1ScoreOptions),
      TFPP_METRIC_CLASS(R2Score, R2ScoreOptions),
      TFPP_METRIC_CLASS(IoU, IoUOptions),
      TFPP_METRIC_CLASS(BinaryIoU, BinaryIoUOptions),
      TFPP_METRIC_CLASS(OneHotIoU, OneHotIoUOptions),
      TFPP_METRIC_CLASS(OneHotMeanIoU, OneHotMeanIoUOptions),
  };
  return classes;
}

}  // namespace

namespace metrics {

Config serialize(const Metric& metric) {
  for (const MetricClass& c : metric_classes())
    if (c.is(metric)) return wrap("keras.metrics", c.name, metric.get_config());
  // Metric functions and custom subclasses: by name, which deserialize resolves only for
  // Keras' metric names.
  return {{"module", "builtins"}, {"class_name", "function"}, {"config", metric.name()}, {"registered_name", "function"}};
}

std::shared_ptr<Metric> deserialize(const ConfigValue& serialized) {
  const std::string who = "[metrics.deserialize]";
  if (serialized.holds<std::string>()) return get(serialized.get<std::string>());
  std::string cls;
  const Config& c = split(serialized, who, cls);
  for (const MetricClass& k : metric_classes())
    if (cls == k.name) return k.make(c, who + " " + cls + ":");
  throw UnimplementedError(who + " metric class '" + cls +
                           "' cannot be restored from a config; load the model with compile = false and compile it again");
}

}  // namespace metrics
}  // namespace tf::keras

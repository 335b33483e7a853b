#include "keras/layers/config_util.h"

#include <cmath>
#include <set>

#include "keras/layers/constant_value.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/keras/constraint_classes.h"
#include "tfpp/keras/identity_initializer.h"
#include "tfpp/keras/initializer_classes.h"
#include "tfpp/keras/min_max_norm.h"
#include "tfpp/keras/regularizer_classes.h"

namespace tf::keras::detail {

namespace {
std::optional<std::int64_t> seed_of(const std::map<std::string, double>& c) {
  auto it = c.find("seed");
  if (it == c.end()) return std::nullopt;
  return static_cast<std::int64_t>(it->second);
}
double num(const std::map<std::string, double>& c, const char* key, double fallback) {
  auto it = c.find(key);
  return it == c.end() ? fallback : it->second;
}
std::map<std::string, double> numbers(const ConfigValue& v) {
  std::map<std::string, double> out;
  for (const auto& [k, x] : v.get<Config>())
    if (!x.is_null()) out[k] = x.as_double();
  return out;
}
// VarianceScaling's config holds strings (mode, distribution) beside its numbers.
initializers::Initializer variance_scaling_from(const Config& c) {
  initializers::VarianceScalingOptions o;
  for (const auto& [key, value] : c) {
    if (value.is_null()) continue;
    if (key == "scale") o.scale = value.as_double();
    else if (key == "mode") o.mode = value.get<std::string>();
    else if (key == "distribution") o.distribution = value.get<std::string>();
    else if (key == "seed") o.seed = static_cast<std::int64_t>(value.as_double());
    else if (key != "input_axes" && key != "output_axes")
      throw InvalidArgumentError("[initializers] VarianceScaling has no argument '" + key + "'");
  }
  return initializers::VarianceScaling(o);
}
}  // namespace

ConfigValue object_config(const std::string& class_name, const std::map<std::string, double>& config) {
  // Keras' random initializers always write their seed: an int, or None when unseeded.
  static const std::set<std::string> seeded{"RandomNormal", "RandomUniform", "TruncatedNormal", "Orthogonal"};
  // The variance-scaling family also writes the kernel axes EinsumDense counts fans over.
  static const std::set<std::string> fans{"GlorotUniform", "GlorotNormal", "HeNormal",      "HeUniform",
                                          "LecunNormal",   "LecunUniform", "VarianceScaling"};
  Config inner;
  for (const auto& [k, v] : config) inner[k] = k == "axis" ? ConfigValue(static_cast<std::int64_t>(v)) : ConfigValue(v);
  if (seeded.count(class_name) || fans.count(class_name)) {
    auto it = config.find("seed");
    if (it == config.end()) inner["seed"] = nullptr;
    else if (std::abs(it->second) < 9e18) inner["seed"] = static_cast<std::int64_t>(it->second);  // in int64's range
  }
  if (fans.count(class_name)) inner["input_axes"] = inner["output_axes"] = nullptr;
  return Config{{"class_name", class_name}, {"config", inner}};
}

namespace {
// Keras 3's serialized form: a built-in class under its public module, a class registered with
// tfpp under its registered name (Keras finds custom objects by it).
ConfigValue serialized(const char* module, const ConfigValue& object, bool registered) {
  Config c = object.get<Config>();
  c["module"] = registered ? ConfigValue() : ConfigValue(module);
  c["registered_name"] = registered ? c.at("class_name") : ConfigValue();
  return c;
}
}  // namespace

ConfigValue object_config(const initializers::Initializer& initializer) {
  if (initializer.class_name().empty()) return ConfigValue();  // given as None
  Config c = object_config(initializer.class_name(), initializer.config()).get<Config>();
  Config inner = c.at("config").get<Config>();
  for (const auto& [k, v] : initializer.other_config()) inner[k] = v;
  c["config"] = inner;
  return serialized("keras.initializers", c,
                    static_cast<bool>(initializers::registered_initializer_class(initializer.class_name())));
}

ConfigValue optional_config(const std::optional<regularizers::Regularizer>& r) {
  if (!r) return ConfigValue();
  return serialized("keras.regularizers", object_config(r->class_name(), r->config()),
                    static_cast<bool>(regularizers::registered_regularizer_class(r->class_name())));
}
ConfigValue optional_config(const std::optional<constraints::Constraint>& c) {
  if (!c) return ConfigValue();
  return serialized("keras.constraints", object_config(c->class_name(), c->config()),
                    static_cast<bool>(constraints::registered_constraint_class(c->class_name())));
}

initializers::Initializer initializer_from(const ConfigValue& v) {
  using namespace initializers;
  if (v.is_null()) {
    // Keras' None: add_weight's default (glorot_uniform for floats, else zeros), serialized as None.
    return Initializer("", {}, [](const TensorShape& shape, DType dtype) {
      return is_floating(dtype) ? GlorotUniform()(shape, dtype) : zeros(shape, dtype);
    });
  }
  if (v.holds<std::string>()) return get(v.get<std::string>());
  const std::string& cls = config_at(v.get<Config>(), "class_name", "initializers").get<std::string>();
  if (cls == "VarianceScaling") return variance_scaling_from(config_at(v.get<Config>(), "config", "initializers").get<Config>());
  if (auto factory = registered_initializer_class(cls)) return factory(config_at(v.get<Config>(), "config", "initializers").get<Config>());
  const Config& inner = config_at(v.get<Config>(), "config", "initializers").get<Config>();
  if (cls == "Constant") {
    auto value = inner.find("value");
    if (value == inner.end() || value->second.holds<double>()) return Constant(value == inner.end() ? 0.0 : value->second.as_double());
    return constant_initializer(array_from_config(value->second, "Constant"), value->second);
  }
  const auto c = numbers(inner);
  const auto seed = seed_of(c);
  if (cls == "Zeros") return Zeros();
  if (cls == "Ones") return Ones();
  if (cls == "RandomNormal") return RandomNormal({.mean = num(c, "mean", 0), .stddev = num(c, "stddev", 0.05), .seed = seed});
  if (cls == "TruncatedNormal") return TruncatedNormal({.mean = num(c, "mean", 0), .stddev = num(c, "stddev", 0.05), .seed = seed});
  if (cls == "RandomUniform") return RandomUniform({.minval = num(c, "minval", -0.05), .maxval = num(c, "maxval", 0.05), .seed = seed});
  if (cls == "GlorotUniform") return GlorotUniform({.seed = seed});
  if (cls == "GlorotNormal") return GlorotNormal({.seed = seed});
  if (cls == "HeNormal") return HeNormal({.seed = seed});
  if (cls == "HeUniform") return HeUniform({.seed = seed});
  if (cls == "LecunNormal") return LecunNormal({.seed = seed});
  if (cls == "LecunUniform") return LecunUniform({.seed = seed});
  if (cls == "Orthogonal") return Orthogonal(num(c, "gain", 1), seed);
  if (cls == "Identity" || cls == "IdentityInitializer") return Identity(num(c, "gain", 1));
  throw InvalidArgumentError("[initializers] unknown initializer class '" + cls + "'");
}

std::optional<regularizers::Regularizer> regularizer_from(const ConfigValue& v) {
  if (v.is_null()) return std::nullopt;
  if (v.holds<std::string>()) return regularizers::get(v.get<std::string>());
  const std::string& cls = config_at(v.get<Config>(), "class_name", "regularizers").get<std::string>();
  if (auto factory = regularizers::registered_regularizer_class(cls))
    return factory(config_at(v.get<Config>(), "config", "regularizers").get<Config>());
  const auto c = numbers(config_at(v.get<Config>(), "config", "regularizers"));
  if (cls == "L1") return regularizers::L1(num(c, "l1", 0.01));
  if (cls == "L2") return regularizers::L2(num(c, "l2", 0.01));
  if (cls == "L1L2") return regularizers::L1L2(num(c, "l1", 0), num(c, "l2", 0));
  throw InvalidArgumentError("[regularizers] unknown regularizer class '" + cls + "'");
}

std::optional<constraints::Constraint> constraint_from(const ConfigValue& v) {
  if (v.is_null()) return std::nullopt;
  if (v.holds<std::string>()) return constraints::get(v.get<std::string>());  // Keras' names ("non_neg")
  const std::string& cls = config_at(v.get<Config>(), "class_name", "constraints").get<std::string>();
  if (auto factory = constraints::registered_constraint_class(cls))
    return factory(config_at(v.get<Config>(), "config", "constraints").get<Config>());
  const auto c = numbers(config_at(v.get<Config>(), "config", "constraints"));
  if (cls == "MaxNorm") return constraints::MaxNorm(num(c, "max_value", 2), static_cast<std::int64_t>(num(c, "axis", 0)));
  if (cls == "NonNeg") return constraints::NonNeg();
  if (cls == "UnitNorm") return constraints::UnitNorm(static_cast<std::int64_t>(num(c, "axis", 0)));
  if (cls == "MinMaxNorm")
    return constraints::MinMaxNorm(num(c, "min_value", 0), num(c, "max_value", 1), num(c, "rate", 1),
                                   static_cast<std::int64_t>(num(c, "axis", 0)));
  throw InvalidArgumentError("[constraints] unknown constraint class '" + cls + "'");
}

const ConfigValue& config_at(const Config& config, const std::string& key, const std::string& who) {
  auto it = config.find(key);
  if (it == config.end()) throw NotFoundError("[" + who + "] config has no '" + key + "'");
  return it->second;
}

ConfigValue int_list(const std::vector<std::int64_t>& values) {
  ConfigValue::List list;
  for (std::int64_t v : values) {
    if (v < 0)
      list.emplace_back(nullptr);
    else
      list.emplace_back(v);
  }
  return list;
}

std::vector<std::int64_t> int_list_from(const ConfigValue& value) {
  std::vector<std::int64_t> out;
  for (const ConfigValue& v : value.get<ConfigValue::List>()) out.push_back(v.is_null() ? -1 : v.get<std::int64_t>());
  return out;
}

void write_weight_config(Config& config, const std::string& prefix, const initializers::Initializer& initializer,
                         const std::optional<regularizers::Regularizer>& regularizer,
                         const std::optional<constraints::Constraint>& constraint) {
  config[prefix + "_initializer"] = object_config(initializer);
  config[prefix + "_regularizer"] = optional_config(regularizer);
  config[prefix + "_constraint"] = optional_config(constraint);
}

void read_weight_config(const Config& config, const std::string& prefix, initializers::Initializer& initializer,
                        std::optional<regularizers::Regularizer>& regularizer,
                        std::optional<constraints::Constraint>& constraint) {
  if (auto it = config.find(prefix + "_initializer"); it != config.end()) initializer = initializer_from(it->second);
  if (auto it = config.find(prefix + "_regularizer"); it != config.end()) regularizer = regularizer_from(it->second);
  if (auto it = config.find(prefix + "_constraint"); it != config.end()) constraint = constraint_from(it->second);
}

void write_no_quantization(Config& config) { config["quantization_config"] = ConfigValue(); }

void refuse_quantization(const Config& config, const std::string& layer) {
  for (const char* key : {"quantization_config", "gptq_unpacked_column_size"})
    if (auto it = config.find(key); it != config.end() && !it->second.is_null())
      throw UnimplementedError("[" + layer + "] tfpp does not support '" + key + "'");
}

ConfigValue dtype_policy_config(const std::string& name) {
  return Config{{"module", "keras"}, {"class_name", "DTypePolicy"}, {"config", Config{{"name", name}}}, {"registered_name", nullptr}};
}

DType dtype_from(const std::string& name) {
  for (DType d : {float32, float64, int32, int64, uint8, int8, int16, uint16, uint32, uint64, bool_, string, float16, bfloat16})
    if (dtype_name(d) == name) return d;
  if (name == "mixed_float16" || name == "mixed_bfloat16") return float32;  // the variables' dtype
  throw InvalidArgumentError("[Layer] unknown dtype '" + name + "'");
}

DType dtype_from(const ConfigValue& dtype) {
  if (dtype.holds<std::string>()) return dtype_from(dtype.get<std::string>());
  const Config& policy = dtype.get<Config>();
  const std::string& cls = config_at(policy, "class_name", "Layer").get<std::string>();
  if (cls != "DTypePolicy")
    throw InvalidArgumentError("[Layer] dtype policy '" + cls + "' is not supported; tfpp layers compute in one dtype");
  return dtype_from(config_at(config_at(policy, "config", "Layer").get<Config>(), "name", "Layer").get<std::string>());
}

}  // namespace tf::keras::detail

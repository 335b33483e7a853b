#include "keras/models/op_layers.h"

#include <algorithm>
#include <map>
#include <set>

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::detail {
namespace {

using Binary = Tensor (*)(const Tensor&, const Tensor&);
using Unary = Tensor (*)(const Tensor&);

Tensor as_bool(const Tensor& t) { return t.dtype() == bool_ ? t : cast(t, bool_); }

// keras.ops of two operands, by Keras' class name.
const std::map<std::string, Binary>& binary_ops() {
  static const std::map<std::string, Binary> ops{
      {"Add", math::add},
      {"Subtract", math::subtract},
      {"Multiply", math::multiply},
      {"Divide", math::truediv},
      {"TrueDivide", math::truediv},
      {"Power", math::pow},
      {"Maximum", math::maximum},
      {"Minimum", math::minimum},
      {"NotEqual", math::not_equal},
      {"Equal", math::equal},
      {"Greater", math::greater},
      {"GreaterEqual", math::greater_equal},
      {"Less", math::less},
      {"LessEqual", math::less_equal},
      {"LogicalAnd", [](const Tensor& a, const Tensor& b) { return math::logical_and(as_bool(a), as_bool(b)); }},
      {"LogicalOr", [](const Tensor& a, const Tensor& b) { return math::logical_or(as_bool(a), as_bool(b)); }},
  };
  return ops;
}

// keras.ops of one operand without config keys.
const std::map<std::string, Unary>& unary_ops() {
  static const std::map<std::string, Unary> ops{
      {"Negative", math::negative}, {"Absolute", math::abs},   {"Square", math::square}, {"Sqrt", math::sqrt},
      {"Exp", math::exp},           {"Log", math::log},        {"Tanh", math::tanh},
      {"LogicalNot", [](const Tensor& x) { return math::logical_not(as_bool(x)); }},
  };
  return ops;
}

// keras.ops reductions over the config's axis (and keepdims).
const std::set<std::string>& reduction_ops() {
  static const std::set<std::string> ops{"Any", "All", "Mean", "Sum", "Max", "Min"};
  return ops;
}

// Ops with config keys of their own.
const std::set<std::string>& other_ops() {
  static const std::set<std::string> ops{"Cast", "ExpandDims"};
  return ops;
}

bool known_op(const std::string& cls) {
  return binary_ops().count(cls) || unary_ops().count(cls) || reduction_ops().count(cls) || other_ops().count(cls);
}

std::string known_ops() {
  std::string out;
  const auto add = [&](const std::string& name) { out += (out.empty() ? "" : ", ") + name; };
  for (const auto& [name, op] : binary_ops()) add(name);
  for (const auto& [name, op] : unary_ops()) add(name);
  for (const std::string& name : reduction_ops()) add(name);
  for (const std::string& name : other_ops()) add(name);
  return out;
}

Tensor reduce(const std::string& cls, const Tensor& x, const std::optional<std::vector<std::int64_t>>& axes, bool keepdims) {
  const ReduceOptions o{.keepdims = keepdims};
  if (cls == "Any") return axes ? reduce_any(as_bool(x), Axes(*axes), o) : reduce_any(as_bool(x), o);
  if (cls == "All") return axes ? reduce_all(as_bool(x), Axes(*axes), o) : reduce_all(as_bool(x), o);
  if (cls == "Mean") return axes ? reduce_mean(x, Axes(*axes), o) : reduce_mean(x, o);
  if (cls == "Sum") return axes ? reduce_sum(x, Axes(*axes), o) : reduce_sum(x, o);
  if (cls == "Max") return axes ? reduce_max(x, Axes(*axes), o) : reduce_max(x, o);
  return axes ? reduce_min(x, Axes(*axes), o) : reduce_min(x, o);
}

// The config's axis: null (every axis), one integer or a list.
std::optional<std::vector<std::int64_t>> axes_of(const Config& config) {
  auto it = config.find("axis");
  if (it == config.end() || it->second.is_null()) return std::nullopt;
  if (it->second.holds<std::int64_t>()) return std::vector<std::int64_t>{it->second.get<std::int64_t>()};
  return int_list_from(it->second);
}

}  // namespace

OpLayer::OpLayer(std::string class_name, std::string module, Config config, std::shared_ptr<const CallArguments> arguments,
                 Compute compute)
    : Layer(LayerOptions{.name = config_at(config, "name", class_name).get<std::string>()}),
      class_name_(std::move(class_name)),
      module_(std::move(module)),
      config_(std::move(config)),
      arguments_(std::move(arguments)),
      compute_(std::move(compute)) {}

std::vector<Tensor> OpLayer::call_multi(const std::vector<Tensor>& inputs, bool) {
  if (compute_) return compute_(inputs);
  const std::string who = "[" + name() + "] " + class_name_ + ":";
  // The op's operands: the node's tensors and constants, in argument order.
  std::vector<Tensor> operands;
  std::vector<ConfigValue> constants;
  for (const ConfigValue& a : arguments_->args) {
    if (std::optional<std::size_t> i = referenced_input(a)) {
      operands.push_back(inputs.at(*i));
    } else if (a.holds<double>() || a.holds<std::int64_t>() || a.holds<bool>()) {
      operands.emplace_back();
      constants.push_back(a);
    } else {
      throw InvalidArgumentError(who + " cannot use the argument " + to_json(a));
    }
  }
  // A constant operand takes the dtype of the tensor operand, as Keras' ops convert Python scalars.
  DType dtype = float32;
  for (const Tensor& t : operands)
    if (t.defined()) dtype = t.dtype();
  // An integer tensor with a float constant computes in float32, as Keras' type promotion does.
  const bool float_constant = std::any_of(constants.begin(), constants.end(), [](const ConfigValue& c) { return c.holds<double>(); });
  if (float_constant && !is_floating(dtype)) {
    dtype = float32;
    for (Tensor& t : operands)
      if (t.defined()) t = cast(t, float32);
  }
  std::size_t next_constant = 0;
  for (Tensor& t : operands)
    if (!t.defined()) {
      const ConfigValue& c = constants[next_constant++];
      t = c.holds<bool>() ? constant(c.get<bool>()) : cast(constant(c.as_double(), float64), dtype);
    }
  if (auto it = binary_ops().find(class_name_); it != binary_ops().end()) {
    if (operands.size() != 2) throw InvalidArgumentError(who + " takes 2 arguments, the node gives " + std::to_string(operands.size()));
    return {it->second(operands[0], operands[1])};
  }
  if (operands.size() != 1) throw InvalidArgumentError(who + " takes 1 argument, the node gives " + std::to_string(operands.size()));
  const Tensor& x = operands[0];
  if (auto it = unary_ops().find(class_name_); it != unary_ops().end()) return {it->second(x)};
  if (reduction_ops().count(class_name_))
    return {reduce(class_name_, x, axes_of(config_), config_.count("keepdims") && config_.at("keepdims").get<bool>())};
  if (class_name_ == "Cast") return {cast(x, dtype_from(config_at(config_, "dtype", who)))};
  return {expand_dims(x, config_at(config_, "axis", who).get<std::int64_t>())};
}

namespace {
OpLayerFactory& installed_factory() {
  static OpLayerFactory factory;
  return factory;
}
}  // namespace

void set_op_layer_factory(OpLayerFactory factory) { installed_factory() = std::move(factory); }

bool is_op_config(const Config& layer_entry) {
  auto it = layer_entry.find("module");
  return it != layer_entry.end() && it->second.holds<std::string>() && it->second.get<std::string>().rfind("keras.src.ops.", 0) == 0;
}

std::shared_ptr<OpLayer> op_layer_from(const Config& layer_entry, std::shared_ptr<const CallArguments> arguments) {
  const std::string& cls = config_at(layer_entry, "class_name", "Functional.from_config").get<std::string>();
  const std::string& module = layer_entry.at("module").get<std::string>();
  if (const OpLayerFactory& factory = installed_factory())
    if (std::shared_ptr<OpLayer> layer = factory(layer_entry, arguments)) return layer;
  if (!known_op(cls))
    throw InvalidArgumentError("[Functional.from_config] the op layer '" + cls + "' (" + module +
                               ") is not one tfpp computes (it has " + known_ops() + ")");
  const ConfigValue& config = config_at(layer_entry, "config", cls);
  if (!config.holds<Config>()) throw InvalidArgumentError("[Functional.from_config] the config of op " + cls + " is not a dict");
  static const std::set<std::string> known_keys{"name", "axis", "keepdims", "dtype"};
  for (const auto& [key, value] : config.get<Config>())
    if (!known_keys.count(key))
      throw InvalidArgumentError("[Functional.from_config] op " + cls + ": its config's '" + key + "' (" + to_json(value) +
                                 ") is an argument tfpp does not read");
  auto layer = std::make_shared<OpLayer>(cls, module, config.get<Config>(), std::move(arguments));
  layer->layer_state().instance = layer;
  return layer;
}

}  // namespace tf::keras::detail

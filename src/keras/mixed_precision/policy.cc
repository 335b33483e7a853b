// Dtype policies, the global policy, and the policies of layers.
//
// A layer's policy is kept beside its state, keyed by the state's address and checked against a
// weak reference (a new state at a reused address finds nothing), so LayerState stays as it is.
#include <atomic>
#include <mutex>
#include <unordered_map>

#include "autodiff/autocast_scope.h"
#include "keras/mixed_precision/layer_policy.h"
#include "tfpp/errors.h"
#include "tfpp/keras/model.h"
#include "tfpp/math_ops.h"

namespace tf::keras::mixed_precision {
namespace {

bool is_16_bit_float(DType d) { return d == float16 || d == bfloat16; }

struct PolicyTable {
  std::mutex mutex;
  Policy global{"float32"};
  struct Entry {
    std::weak_ptr<keras::detail::LayerState> state;
    Policy policy;
  };
  std::unordered_map<const keras::detail::LayerState*, Entry> layers;
};

PolicyTable& table() {
  static auto* instance = new PolicyTable;  // layers may outlive static destruction
  return *instance;
}

// Set once any layer has a policy: until then calls skip the table (the common case).
std::atomic<bool> any_layer_policy{false};

}  // namespace

Policy::Policy(const std::string& name) : name_(name) {
  if (name == "mixed_float16") {
    compute_ = float16;
  } else if (name == "mixed_bfloat16") {
    compute_ = bfloat16;
  } else {
    bool found = false;
    for (int i = 0; i < kNumDTypes && !found; ++i) {
      const auto d = static_cast<DType>(i);
      if (d == string || d == resource || d == variant || dtype_name(d) != name) continue;
      compute_ = variable_ = d;
      found = true;
    }
    if (!found)
      throw InvalidArgumentError("[Policy] Cannot convert '" + name +
                                 "' to a mixed precision DTypePolicy. Valid policies include 'mixed_float16', "
                                 "'mixed_bfloat16', and the name of any float dtype such as 'float32'.");
  }
}

Policy::Policy(DType dtype) : Policy(std::string(dtype_name(dtype))) {}

Config Policy::get_config() const { return {{"name", name_}}; }

Policy Policy::from_config(const Config& config) {
  auto it = config.find("name");
  if (it == config.end() || !it->second.holds<std::string>())
    throw InvalidArgumentError("[Policy] from_config needs a config with a str 'name'");
  return Policy(it->second.get<std::string>());
}

std::string Policy::repr() const { return "<DTypePolicy \"" + name_ + "\">"; }

void set_global_policy(const Policy& policy) {
  std::lock_guard lock(table().mutex);
  table().global = policy;
}

void set_global_policy(const std::string& name) { set_global_policy(Policy(name)); }

Policy global_policy() {
  std::lock_guard lock(table().mutex);
  return table().global;
}

Policy dtype_policy(const Layer& layer) {
  if (auto p = detail::recorded_policy(layer.layer_state())) return *p;
  return Policy(layer.dtype());
}

DType compute_dtype(const Layer& layer) { return dtype_policy(layer).compute_dtype(); }

void set_dtype_policy(Layer& layer, const Policy& policy) {
  if (layer.built())
    throw FailedPreconditionError("[" + layer.name() + "] the dtype policy of a built layer cannot change (its variables exist)");
  detail::record_policy(layer, policy);
}

namespace detail {

std::optional<Policy> recorded_policy(const keras::detail::LayerState& state) {
  if (!any_layer_policy.load(std::memory_order_relaxed)) return std::nullopt;
  PolicyTable& t = table();
  std::lock_guard lock(t.mutex);
  auto it = t.layers.find(&state);
  if (it == t.layers.end()) return std::nullopt;
  if (it->second.state.lock().get() != &state) {  // a state that died left this entry
    t.layers.erase(it);
    return std::nullopt;
  }
  return it->second.policy;
}

void record_policy(Layer& layer, const Policy& policy) {
  std::shared_ptr<keras::detail::LayerState> state = layer.shared_layer_state();
  {
    PolicyTable& t = table();
    std::lock_guard lock(t.mutex);
    t.layers.insert_or_assign(state.get(), PolicyTable::Entry{state, policy});
  }
  any_layer_policy.store(true, std::memory_order_relaxed);
  state->dtype = policy.variable_dtype();
}

void adopt_global_policy(Layer& layer, DType requested) {
  const Policy global = global_policy();
  if (requested == float32 && global.name() != "float32") record_policy(layer, global);
}

std::vector<Tensor> autocast_inputs(const Layer& layer, const std::vector<Tensor>& inputs) {
  bool any_16_bit = false;
  for (const Tensor& t : inputs) any_16_bit |= t.defined() && is_16_bit_float(t.dtype());
  if (!any_16_bit && !any_layer_policy.load(std::memory_order_relaxed)) return inputs;
  if (dynamic_cast<const Model*>(&layer)) return inputs;  // a model's layers cast for themselves
  const DType compute = compute_dtype(layer);
  if (!is_floating(compute)) return inputs;
  std::vector<Tensor> out = inputs;
  for (Tensor& t : out)
    if (t.defined() && is_floating(t.dtype()) && t.dtype() != compute && (is_16_bit_float(t.dtype()) || is_16_bit_float(compute)))
      t = cast(t, compute);
  return out;
}

std::optional<std::optional<DType>> call_autocast(const Layer& layer) {
  const std::optional<DType> current = autodiff::autocast_dtype();
  if (!current && !any_layer_policy.load(std::memory_order_relaxed)) return std::nullopt;
  const Policy policy = dtype_policy(layer);
  if (current) {
    if (!is_floating(policy.compute_dtype())) return std::optional<DType>();
    if (*current != policy.compute_dtype()) return std::optional<DType>(policy.compute_dtype());
    return std::nullopt;
  }
  if (policy.compute_dtype() != policy.variable_dtype()) return std::optional<DType>(policy.compute_dtype());
  return std::nullopt;
}

std::optional<std::string> policy_name(const ConfigValue& dtype) {
  std::string name;
  if (dtype.holds<std::string>()) {
    name = dtype.get<std::string>();
  } else if (dtype.holds<Config>()) {
    const Config& c = dtype.get<Config>();
    auto config = c.find("config");
    if (config == c.end() || !config->second.holds<Config>()) return std::nullopt;
    auto n = config->second.get<Config>().find("name");
    if (n == config->second.get<Config>().end() || !n->second.holds<std::string>()) return std::nullopt;
    name = n->second.get<std::string>();
  }
  if (name == "mixed_float16" || name == "mixed_bfloat16") return name;
  return std::nullopt;
}

}  // namespace detail
}  // namespace tf::keras::mixed_precision

#include "keras/engine/call_arguments.h"

#include <algorithm>
#include <set>

#include "keras/models/op_layers.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/attention.h"
#include "tfpp/keras/layers/reversible_embedding.h"
#include "tfpp/keras/layers/score_attention.h"
#include "tfpp/keras/mask.h"

namespace tf::keras::detail {
namespace {

constexpr const char* kInputKey = "__input__";

// The positional tensors: each argument is a placeholder or a list of them, in order.
std::vector<std::size_t> positional_inputs(const CallArguments& a) {
  std::vector<std::size_t> out;
  for (const ConfigValue& arg : a.args) {
    if (std::optional<std::size_t> i = referenced_input(arg)) {
      out.push_back(*i);
    } else if (arg.holds<ConfigValue::List>()) {
      for (const ConfigValue& item : arg.get<ConfigValue::List>())
        if (std::optional<std::size_t> j = referenced_input(item)) out.push_back(*j);
    }
  }
  return out;
}

// A keyword argument's tensor, or an undefined tensor when it is absent or null.
Tensor tensor_kwarg(const CallArguments& a, const char* key, const std::vector<Tensor>& inputs) {
  auto it = a.kwargs.find(key);
  if (it == a.kwargs.end()) return {};
  std::optional<std::size_t> i = referenced_input(it->second);
  return i ? inputs.at(*i) : Tensor();
}

bool flag(const CallArguments& a, const char* key) {
  auto it = a.kwargs.find(key);
  return it != a.kwargs.end() && it->second.holds<bool>() && it->second.get<bool>();
}

bool is_tensor_or_null(const ConfigValue& v) { return v.is_null() || referenced_input(v).has_value(); }

}  // namespace

ConfigValue input_reference(std::size_t index) { return Config{{kInputKey, static_cast<std::int64_t>(index)}}; }

std::optional<std::size_t> referenced_input(const ConfigValue& value) {
  if (!value.holds<Config>()) return std::nullopt;
  const Config& c = value.get<Config>();
  auto it = c.find(kInputKey);
  if (c.size() != 1 || it == c.end() || !it->second.holds<std::int64_t>() || it->second.get<std::int64_t>() < 0) return std::nullopt;
  return static_cast<std::size_t>(it->second.get<std::int64_t>());
}

void check_call_arguments(const Layer& layer, const CallArguments& a) {
  const std::string who = "[Functional.from_config] the call of '" + layer.name() + "' (" + layer.class_name() + ")";
  if (dynamic_cast<const OpLayer*>(&layer)) return;  // the op reads its own arguments
  for (const ConfigValue& arg : a.args) {
    const bool tensors = referenced_input(arg) ||
                         (arg.holds<ConfigValue::List>() &&
                          std::all_of(arg.get<ConfigValue::List>().begin(), arg.get<ConfigValue::List>().end(),
                                      [](const ConfigValue& v) { return referenced_input(v).has_value(); }));
    if (!tensors) throw InvalidArgumentError(who + " passes the argument " + to_json(arg) + ", which tfpp's layer does not take");
  }
  const bool mha = dynamic_cast<const layers::MultiHeadAttention*>(&layer) != nullptr;
  const bool attention = dynamic_cast<const layers::Attention*>(&layer) != nullptr;
  static const std::set<std::string> mha_tensors{"key", "attention_mask", "query_mask", "value_mask", "key_mask"};
  for (const auto& [key, value] : a.kwargs) {
    if (key == "training") continue;
    if (key == "mask") {
      const bool ok = is_tensor_or_null(value) ||
                      (value.holds<ConfigValue::List>() &&
                       std::all_of(value.get<ConfigValue::List>().begin(), value.get<ConfigValue::List>().end(), is_tensor_or_null));
      if (!ok) throw InvalidArgumentError(who + " passes mask=" + to_json(value) + ", not masks");
      continue;
    }
    if ((mha || attention) && (key == "use_causal_mask" || key == "return_attention_scores")) {
      if (!value.holds<bool>()) throw InvalidArgumentError(who + " passes " + key + "=" + to_json(value) + ", not a bool");
      continue;
    }
    if (key == "reverse" && dynamic_cast<const layers::ReversibleEmbedding*>(&layer)) {
      if (!value.holds<bool>()) throw InvalidArgumentError(who + " passes reverse=" + to_json(value) + ", not a bool");
      continue;
    }
    if (mha && mha_tensors.count(key)) {
      if (!is_tensor_or_null(value)) throw InvalidArgumentError(who + " passes " + key + "=" + to_json(value) + ", not a tensor");
      continue;
    }
    throw InvalidArgumentError(who + " passes '" + key + "' (" + to_json(value) + "), which tfpp's " + layer.class_name() +
                               " does not take");
  }
}

std::vector<Tensor> call_with_arguments(Layer& layer, const std::vector<Tensor>& inputs, const CallArguments& a,
                                        std::optional<bool> training) {
  std::vector<Tensor> positional;
  for (std::size_t i : positional_inputs(a)) positional.push_back(inputs.at(i));
  // The masks given explicitly go with the positional tensors, in order.
  if (auto it = a.kwargs.find("mask"); it != a.kwargs.end()) {
    const ConfigValue::List masks = it->second.holds<ConfigValue::List>() ? it->second.get<ConfigValue::List>()
                                                                          : ConfigValue::List{it->second};
    for (std::size_t k = 0; k < masks.size() && k < positional.size(); ++k)
      if (std::optional<std::size_t> m = referenced_input(masks[k])) positional[k] = with_keras_mask(positional[k], inputs.at(*m));
  }
  if (auto* mha = dynamic_cast<layers::MultiHeadAttention*>(&layer)) {
    if (positional.size() < 2) throw InvalidArgumentError("[" + layer.name() + "] is called on query and value");
    Tensor query = positional[0], value = positional[1];
    Tensor key = positional.size() > 2 ? positional[2] : tensor_kwarg(a, "key", inputs);
    if (Tensor m = tensor_kwarg(a, "query_mask", inputs); m.defined()) query = with_keras_mask(query, m);
    if (Tensor m = tensor_kwarg(a, "value_mask", inputs); m.defined()) value = with_keras_mask(value, m);
    if (Tensor m = tensor_kwarg(a, "key_mask", inputs); m.defined() && key.defined()) key = with_keras_mask(key, m);
    return mha->attend(query, value,
                       {.key = key, .attention_mask = tensor_kwarg(a, "attention_mask", inputs),
                        .use_causal_mask = flag(a, "use_causal_mask"),
                        .return_attention_scores = flag(a, "return_attention_scores"), .training = training});
  }
  if (auto* attention = dynamic_cast<layers::Attention*>(&layer)) {
    if (positional.size() < 2) throw InvalidArgumentError("[" + layer.name() + "] is called on [query, value] or [query, value, key]");
    return attention->attend(positional[0], positional[1],
                             {.key = positional.size() > 2 ? positional[2] : Tensor(),
                              .use_causal_mask = flag(a, "use_causal_mask"),
                              .return_attention_scores = flag(a, "return_attention_scores"), .training = training});
  }
  if (auto* embedding = dynamic_cast<layers::ReversibleEmbedding*>(&layer); embedding && flag(a, "reverse")) {
    if (positional.size() != 1) throw InvalidArgumentError("[" + layer.name() + "] reverse=True takes one tensor");
    return {embedding->reverse(positional[0])};
  }
  if (dynamic_cast<OpLayer*>(&layer)) return layer.call_all(inputs, training);
  return layer.call_all(positional, training);
}

}  // namespace tf::keras::detail

// Calling restored functions: argument checks, then the entry's tf::function.
#include "saving/saved_model/loaded_state.h"
#include "tfpp/errors.h"

namespace tf::saved_model {
namespace {

std::string describe(const Tensor& t) {
  return std::string(dtype_name(t.dtype())) + t.shape().to_string();
}

// The first concrete function of `state`, throwing TensorFlow's error for a function saved with none.
const detail::ConcreteFunctionEntry& first(const detail::FunctionState& state) {
  if (state.concrete.empty())
    throw InvalidArgumentError("[saved_model] " + state.path +
                               ": found zero restored functions for caller function (it was saved without being traced)");
  return state.concrete.front();
}

// Nothing is known of a function saved with no concrete function: no inputs, no outputs.
bool has_concrete(const std::shared_ptr<const detail::FunctionState>& state) { return state && !state->concrete.empty(); }

bool accepts(const detail::ConcreteFunctionEntry& e, const std::vector<Tensor>& args) {
  if (args.size() != e.input_specs.size()) return false;
  for (std::size_t i = 0; i < args.size(); ++i)
    if (!args[i].defined() || !e.input_specs[i].is_compatible_with(args[i].dtype(), args[i].shape())) return false;
  return true;
}

}  // namespace

std::vector<Tensor> LoadedFunction::operator()(const std::vector<Tensor>& args) const {
  if (!state_) throw FailedPreconditionError("[saved_model] calling an undefined LoadedFunction");
  first(*state_);
  for (const detail::ConcreteFunctionEntry& e : state_->concrete)
    if (accepts(e, args)) return e.run(args);
  std::string message = "[saved_model] " + state_->path + " has no concrete function for arguments (";
  for (std::size_t i = 0; i < args.size(); ++i) message += (i ? ", " : "") + (args[i].defined() ? describe(args[i]) : "undefined");
  message += "); it accepts:";
  for (const detail::ConcreteFunctionEntry& e : state_->concrete) {
    message += "\n  (";
    for (std::size_t i = 0; i < e.input_specs.size(); ++i) message += (i ? ", " : "") + e.input_specs[i].to_string();
    message += ")";
  }
  throw InvalidArgumentError(message);
}

std::map<std::string, Tensor> LoadedFunction::operator()(const std::map<std::string, Tensor>& inputs) const {
  if (!state_) throw FailedPreconditionError("[saved_model] calling an undefined LoadedFunction");
  const detail::ConcreteFunctionEntry& e = first(*state_);
  std::vector<Tensor> args;
  for (const std::string& name : e.input_names) {
    auto it = inputs.find(name);
    if (it == inputs.end()) throw InvalidArgumentError("[saved_model] " + state_->path + " is missing input '" + name + "'");
    args.push_back(it->second);
  }
  for (const auto& [name, t] : inputs)
    if (std::find(e.input_names.begin(), e.input_names.end(), name) == e.input_names.end())
      throw InvalidArgumentError("[saved_model] " + state_->path + " has no input '" + name + "'");
  std::vector<Tensor> out = (*this)(args);
  std::map<std::string, Tensor> named;
  for (std::size_t i = 0; i < out.size() && i < e.output_names.size(); ++i) named.emplace(e.output_names[i], out[i]);
  return named;
}

std::vector<std::string> LoadedFunction::input_names() const {
  return has_concrete(state_) ? state_->concrete.front().input_names : std::vector<std::string>{};
}
std::vector<TensorSpec> LoadedFunction::input_specs() const {
  return has_concrete(state_) ? state_->concrete.front().input_specs : std::vector<TensorSpec>{};
}
std::vector<Tensor> LoadedFunction::call_concrete(std::size_t concrete, const std::vector<Tensor>& args) const {
  if (!state_ || concrete >= state_->concrete.size())
    throw InvalidArgumentError("[saved_model] " + (state_ ? state_->path : std::string("an undefined LoadedFunction")) +
                               " has no concrete function " + std::to_string(concrete));
  const detail::ConcreteFunctionEntry& e = state_->concrete[concrete];
  if (!accepts(e, args)) {
    std::string message = "[saved_model] " + e.name + " takes (";
    for (std::size_t i = 0; i < e.input_specs.size(); ++i) message += (i ? ", " : "") + e.input_specs[i].to_string();
    message += "), got (";
    for (std::size_t i = 0; i < args.size(); ++i) message += (i ? ", " : "") + (args[i].defined() ? describe(args[i]) : "undefined");
    throw InvalidArgumentError(message + ")");
  }
  return e.run(args);
}

std::vector<std::string> LoadedFunction::output_names(std::size_t concrete) const {
  return state_ && concrete < state_->concrete.size() ? state_->concrete[concrete].output_names : std::vector<std::string>{};
}
std::vector<std::vector<TensorSpec>> LoadedFunction::concrete_input_specs() const {
  std::vector<std::vector<TensorSpec>> out;
  if (state_)
    for (const detail::ConcreteFunctionEntry& e : state_->concrete) out.push_back(e.input_specs);
  return out;
}
std::vector<StructuredValue> LoadedFunction::concrete_input_signatures() const {
  std::vector<StructuredValue> out;
  if (state_)
    for (const detail::ConcreteFunctionEntry& e : state_->concrete) out.push_back(e.input_signature);
  return out;
}
StructuredValue LoadedFunction::fullargspec() const { return state_ ? state_->fullargspec : StructuredValue(); }
std::string LoadedFunction::output_structure(std::size_t concrete) const {
  return state_ && concrete < state_->concrete.size() ? state_->concrete[concrete].output_kind : "none";
}
std::string LoadedFunction::function_name() const {
  return has_concrete(state_) ? state_->concrete.front().name : std::string();
}

LoadedFunction Loaded::function(const std::string& path) const {
  auto it = state_->functions.find(path);
  if (it == state_->functions.end()) throw NotFoundError("[saved_model] the SavedModel has no function " + path);
  return it->second;
}

std::vector<std::string> Loaded::function_paths() const {
  std::vector<std::string> out;
  for (const auto& [path, f] : state_->functions) out.push_back(path);
  return out;
}

Variable Loaded::variable(const std::string& path) const {
  for (const auto& [p, v] : state_->variables)
    if (p == path) return v;
  throw NotFoundError("[saved_model] the SavedModel has no variable " + path);
}

std::vector<Variable> Loaded::variables() const {
  std::vector<Variable> out;
  for (const auto& [p, v] : state_->variables) out.push_back(v);
  return out;
}

std::vector<Variable> Loaded::trainable_variables() const {
  std::vector<Variable> out;
  for (const auto& [p, v] : state_->variables)
    if (v.trainable()) out.push_back(v);
  return out;
}

std::vector<LoadedObject> Loaded::objects() const { return state_->objects; }
std::vector<std::string> Loaded::tags() const { return state_->tags; }

}  // namespace tf::saved_model

#include "tfpp/module.h"

#include <cxxabi.h>

#include <cctype>
#include <cstdlib>
#include <functional>
#include <set>
#include <typeinfo>

#include "checkpoint/deferred_restore.h"
#include "ops/lookup/tracked_table.h"
#include "tfpp/errors.h"

namespace tf {

namespace {

// The unqualified name of `type`, without template arguments.
std::string class_name(const std::type_info& type) {
  int status = 0;
  char* demangled = abi::__cxa_demangle(type.name(), nullptr, nullptr, &status);
  std::string name = status == 0 && demangled ? demangled : type.name();
  std::free(demangled);
  if (auto angle = name.find('<'); angle != std::string::npos) name.resize(angle);
  if (auto colon = name.rfind("::"); colon != std::string::npos) name = name.substr(colon + 2);
  return name;
}

// Visits every state below `root` once, depth first, in registration order.
void walk(const detail::ModuleState& root, std::set<const detail::ModuleState*>& seen,
          const std::function<void(const detail::ModuleState&)>& visit) {
  for (const auto& [attribute, child] : root.submodules) {
    if (!seen.insert(child.get()).second) continue;
    visit(*child);
    walk(*child, seen, visit);
  }
}

}  // namespace

std::string to_snake_case(const std::string& camel) {
  // Keras: re.sub("(.)([A-Z][a-z]+)", r"\1_\2"), then re.sub("([a-z])([A-Z])", r"\1_\2"), lower.
  std::string first;
  for (std::size_t i = 0; i < camel.size(); ++i) {
    if (i > 0 && std::isupper(static_cast<unsigned char>(camel[i])) && i + 1 < camel.size() &&
        std::islower(static_cast<unsigned char>(camel[i + 1])))
      first += '_';
    first += camel[i];
  }
  std::string out;
  for (std::size_t i = 0; i < first.size(); ++i) {
    if (i > 0 && std::islower(static_cast<unsigned char>(first[i - 1])) && std::isupper(static_cast<unsigned char>(first[i])))
      out += '_';
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(first[i])));
  }
  return out;
}

Module::Module(std::string name) : state_(std::make_shared<detail::ModuleState>()) { state_->name = std::move(name); }

std::string class_name_of(const Module& module) { return class_name(typeid(module)); }

std::string Module::make_name() const { return to_snake_case(class_name_of(*this)); }

Module::Module(std::shared_ptr<detail::ModuleState> state) : state_(std::move(state)) {
  if (!state_) throw InvalidArgumentError("[Module] the module state is null");
}

const std::string& Module::name() const {
  if (state_->name.empty()) state_->name = make_name();
  return state_->name;
}

std::vector<Variable> Module::variables() const {
  std::vector<Variable> out;
  std::set<std::uint64_t> ids;
  auto add = [&](const detail::ModuleState& s) {
    for (const auto& [attribute, v] : s.variables)
      if (ids.insert(v.id()).second) out.push_back(v);
  };
  add(*state_);
  std::set<const detail::ModuleState*> seen{state_.get()};
  walk(*state_, seen, add);
  return out;
}

std::vector<Variable> Module::trainable_variables() const {
  std::vector<Variable> out;
  for (Variable& v : variables())
    if (v.trainable()) out.push_back(std::move(v));
  return out;
}

std::vector<Variable> Module::non_trainable_variables() const {
  std::vector<Variable> out;
  for (Variable& v : variables())
    if (!v.trainable()) out.push_back(std::move(v));
  return out;
}

std::vector<Module> Module::submodules() const {
  std::vector<Module> out;
  std::set<const detail::ModuleState*> seen{state_.get()};
  std::function<void(const detail::ModuleState&)> collect = [&](const detail::ModuleState& s) {
    for (const auto& [attribute, child] : s.submodules) {
      if (dynamic_cast<const lookup::detail::TrackedTable*>(child.get())) continue;  // a table, not a module
      if (!seen.insert(child.get()).second) continue;
      out.emplace_back(child);
      collect(*child);
    }
  };
  collect(*state_);
  return out;
}

std::vector<std::pair<std::string, Module>> Module::named_submodules() const {
  std::vector<std::pair<std::string, Module>> out;
  for (const auto& [attribute, child] : state_->submodules) out.emplace_back(attribute, Module(child));
  return out;
}

Variable Module::add_variable(const std::string& attribute, Variable variable) {
  if (!variable.defined()) throw InvalidArgumentError("[Module] variable '" + attribute + "' of '" + name() + "' is undefined");
  for (auto& [existing, v] : state_->variables)
    if (existing == attribute) {
      v = variable;
      return variable;
    }
  state_->variables.emplace_back(attribute, variable);
  checkpoint::restore_deferred(*state_, attribute, variable);
  return variable;
}

Variable Module::add_variable(const std::string& attribute, const Tensor& initial_value, bool trainable) {
  return add_variable(attribute, Variable(initial_value, {.name = name() + "/" + attribute, .trainable = trainable}));
}

void Module::register_module(const std::string& attribute, const Module& module) {
  if (module.state_ == state_) throw InvalidArgumentError("[Module] '" + name() + "' cannot contain itself");
  module.name();  // fixes a type-derived name while the dynamic type is known
  for (auto& [existing, child] : state_->submodules)
    if (existing == attribute) {
      child = module.state_;
      return;
    }
  state_->submodules.emplace_back(attribute, module.state_);
}

void Module::register_function(const std::string& attribute,
                               std::function<std::vector<ConcreteFunction>()> concrete_functions) {
  for (auto& [existing, fn] : state_->functions)
    if (existing == attribute) {
      fn = std::move(concrete_functions);
      return;
    }
  state_->functions.emplace_back(attribute, std::move(concrete_functions));
}

}  // namespace tf

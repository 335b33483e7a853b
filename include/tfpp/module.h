// tf::Module: a named container of variables and submodules (tf.Module).
//
//   struct Linear : tf::Module {
//     tf::Variable w, b;
//     Linear(int in, int out)
//         : w(add_variable("w", tf::random::normal({in, out}))), b(add_variable("b", tf::zeros({out}))) {}
//     tf::Tensor operator()(const tf::Tensor& x) { return tf::matmul(x, w) + b; }
//   };
//   Linear m(3, 2); m.variables(); m.trainable_variables(); m.submodules();
//
// A Module is a handle: its registry (name, variables and submodules, each under the attribute
// name it was registered with) lives in a shared state, so copies of a module share it, and a
// submodule registered in several parents is one module. variables(), trainable_variables() and
// submodules() walk the tree depth first in registration order and list everything once.
// Keras layers and models are Modules; checkpoints walk the same tree (named_variables(),
// named_submodules()).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf {

class Module;
class ConcreteFunction;

namespace detail {

/// What a Module handle shares: its name and the attributes registered on it.
struct ModuleState {
  virtual ~ModuleState() = default;
  std::string name;
  std::vector<std::pair<std::string, Variable>> variables;
  std::vector<std::pair<std::string, std::shared_ptr<ModuleState>>> submodules;
  /// The tf::function attributes: each lists the concrete functions it has traced.
  std::vector<std::pair<std::string, std::function<std::vector<ConcreteFunction>()>>> functions;
  /// What a SavedModel says the object is: a module, or a Python front end's list or dict
  /// ("trackable_list_wrapper", "trackable_dict_wrapper"), which TensorFlow restores as such.
  std::string saved_identifier = "_generic_user_object";
};

}  // namespace detail

/// A container of variables and submodules, tracked by attribute name.
class Module {
 public:
  /// A module named `name` (default: the class name in snake_case, as tf.Module does).
  explicit Module(std::string name = {});
  virtual ~Module() = default;

  /// The module's name.
  const std::string& name() const;
  /// Every variable of this module and its submodules, each once.
  std::vector<Variable> variables() const;
  /// The trainable ones among variables().
  std::vector<Variable> trainable_variables() const;
  /// The non-trainable ones among variables().
  std::vector<Variable> non_trainable_variables() const;
  /// Every module below this one (not itself), each once, depth first.
  std::vector<Module> submodules() const;
  /// Variables registered directly on this module, by attribute name.
  const std::vector<std::pair<std::string, Variable>>& named_variables() const { return state_->variables; }
  /// Submodules registered directly on this module, by attribute name.
  std::vector<std::pair<std::string, Module>> named_submodules() const;

  /// Registers `variable` under `attribute` and returns it.
  Variable add_variable(const std::string& attribute, Variable variable);
  /// Creates a variable from `initial_value` named `<module>/<attribute>`, registers and returns it.
  Variable add_variable(const std::string& attribute, const Tensor& initial_value, bool trainable = true);
  /// Registers `module` (shared, not copied) under `attribute` and returns it.
  template <class M>
  const M& add_module(const std::string& attribute, const M& module) {
    register_module(attribute, module);
    return module;
  }

  /// Registers tf::function `fn` (shared, not copied) under `attribute` and returns it.
  /// tf::saved_model::save writes every concrete function it has traced by then, as TensorFlow
  /// saves a module's tf.function attributes; one with an input_signature and no trace yet is
  /// traced for it then (get_concrete_function()), as TensorFlow does.
  template <class Fn>
  const Fn& add_function(const std::string& attribute, const Fn& fn) {
    register_function(attribute, [fn] {
      if (!fn.input_signature().empty() && fn.tracing_count() == 0) fn.get_concrete_function();
      return fn.concrete_functions();
    });
    return fn;
  }
  /// The tf::function attributes registered directly on this module (tfpp internals).
  const auto& named_functions() const { return state_->functions; }

  /// True when both handles refer to one module.
  bool is(const Module& other) const { return state_ == other.state_; }
  /// The shared state (tfpp internals).
  const std::shared_ptr<detail::ModuleState>& module_state() const { return state_; }
  /// A handle to an existing module state (tfpp internals).
  explicit Module(std::shared_ptr<detail::ModuleState> state);

 protected:
  void register_module(const std::string& attribute, const Module& module);
  void register_function(const std::string& attribute, std::function<std::vector<ConcreteFunction>()> concrete_functions);
  /// The name given to a module constructed without one: the class name in snake_case.
  virtual std::string make_name() const;

 private:
  std::shared_ptr<detail::ModuleState> state_;
};

/// The unqualified C++ class name of `module`'s dynamic type.
std::string class_name_of(const Module& module);

/// TensorFlow's and Keras' snake_case of a class name: "Conv2D" -> "conv2d", "ReLU" -> "re_lu".
std::string to_snake_case(const std::string& camel);

}  // namespace tf

// The thread's stack of layer calls (for `training` inheritance, sublayer tracking and weight
// paths) and the init scope under which layers build.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "autodiff/tape.h"
#include "autodiff/variable_impl.h"
#include "ops/execute.h"
#include "tfpp/keras/layer.h"

namespace tf::keras::detail {

/// While alive, ops run eagerly and unrecorded, and variables may be created even inside a
/// tf::function trace (TensorFlow's init_scope): layers build under it.
struct InitScope {
  ops::ContextScope eager{nullptr};
  autodiff::SuspendTapes suspend;
  tf::detail::VariableCreationScope creation;
};

/// One active layer call.
struct CallFrame {
  Layer* layer;
  LayerState* state;
  std::optional<bool> training;  ///< as passed or inherited; unset: each inner layer uses its default
};

/// The layer calls active on this thread, innermost last.
class CallContext {
 public:
  /// Pushes a frame for the guard's lifetime.
  class Push {
   public:
    Push(Layer* layer, LayerState* state, std::optional<bool> training);
    ~Push();
    Push(const Push&) = delete;
    Push& operator=(const Push&) = delete;
  };
  /// The innermost frame, or null outside any layer call.
  static const CallFrame* top();
  /// "outer/inner/" + layer_name + "/": the path a new weight of `layer_name` gets.
  static std::string variable_path(const std::string& layer_name);
  /// keras.name_scope: pushes `name` onto this thread's Keras name scopes, which start the path of
  /// every weight and keras.Variable made inside them ("block/dense/kernel").
  static void push_name_scope(std::string name);
  static void pop_name_scope();
  /// "block/inner/": this thread's Keras name scopes, each followed by "/" ("" outside any).
  static std::string name_scope_path();
};

}  // namespace tf::keras::detail

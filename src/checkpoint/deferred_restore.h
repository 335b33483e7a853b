// Deferred restoration: a checkpoint restored into a layer before it builds its weights, or into a
// Keras optimizer before it builds its slot variables, keeps their values here, and the layer's
// weight registration or the optimizer's variable creation assigns them (TensorFlow's deferred
// restorations in python/checkpoint/restore.py). Values are kept per owner (a module's or an
// optimizer's state) and attribute (a weight's name, or "_variables/N" for an optimizer).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "tfpp/module.h"

namespace tf::checkpoint {

/// Keeps `value` for the variable `owner` will register as `attribute`; `on_restore` runs when
/// it is assigned.
void defer_restore(const std::shared_ptr<const void>& owner, const std::string& attribute, const Tensor& value,
                   std::function<void()> on_restore);
/// Called when `owner` registers `variable` under `attribute`: assigns a deferred value, if any.
void restore_deferred(const void* owner, const std::string& attribute, Variable& variable);
/// restore_deferred for a module's (or layer's) variable.
inline void restore_deferred(const tf::detail::ModuleState& module, const std::string& attribute, Variable& variable) {
  restore_deferred(static_cast<const void*>(&module), attribute, variable);
}

}  // namespace tf::checkpoint

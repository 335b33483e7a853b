// Keras' autocast scope: while one is active on a thread, reading a floating tf::Variable of
// another floating dtype gives its value cast to the scope's dtype (a Cast op, so gradients
// flow back to the variable). Mixed-precision layers open one around their call.
#pragma once

#include <optional>

#include "tfpp/dtype.h"

namespace tf::autodiff {

/// The dtype floating variables are read in on this thread, if an autocast scope is active.
std::optional<DType> autocast_dtype();

/// Sets the thread's autocast dtype (none: variables read as they are) for the guard's lifetime.
class AutocastScope {
 public:
  explicit AutocastScope(std::optional<DType> dtype);
  ~AutocastScope();
  AutocastScope(const AutocastScope&) = delete;
  AutocastScope& operator=(const AutocastScope&) = delete;

 private:
  std::optional<DType> previous_;
};

}  // namespace tf::autodiff

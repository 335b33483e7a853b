#include "autodiff/gradient_registry.h"

#include <memory>
#include <mutex>
#include <vector>

namespace tf::autodiff {

bool register_gradient(std::string_view name, GradientFn fn, Saves saves) {
  // GradientDefs live until exit: ops point at them.
  static std::mutex mutex;
  static auto* defs = new std::vector<std::unique_ptr<ops::GradientDef>>;
  std::lock_guard lock(mutex);
  defs->push_back(std::make_unique<ops::GradientDef>(ops::GradientDef{fn, saves}));
  ops::set_gradient(name, defs->back().get());
  return true;
}

bool register_no_gradient(std::string_view name) {
  ops::set_no_gradient(name);
  return true;
}

}  // namespace tf::autodiff

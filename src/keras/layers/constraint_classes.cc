// The registry of custom constraint classes layer configs can name.
#include "tfpp/keras/constraint_classes.h"

#include <map>
#include <mutex>

namespace tf::keras::constraints {
namespace {

std::mutex& registry_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::map<std::string, ConstraintFactory>& registry() {
  static std::map<std::string, ConstraintFactory> factories;
  return factories;
}

}  // namespace

void register_constraint_class(const std::string& class_name, ConstraintFactory factory) {
  std::lock_guard lock(registry_mutex());
  registry()[class_name] = std::move(factory);
}

ConstraintFactory registered_constraint_class(const std::string& class_name) {
  std::lock_guard lock(registry_mutex());
  auto it = registry().find(class_name);
  return it == registry().end() ? ConstraintFactory() : it->second;
}

}  // namespace tf::keras::constraints

// The registry of custom initializer classes layer configs can name.
#include "tfpp/keras/initializer_classes.h"

#include <map>
#include <mutex>

namespace tf::keras::initializers {
namespace {

std::mutex& registry_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::map<std::string, InitializerFactory>& registry() {
  static std::map<std::string, InitializerFactory> factories;
  return factories;
}

}  // namespace

void register_initializer_class(const std::string& class_name, InitializerFactory factory) {
  std::lock_guard lock(registry_mutex());
  registry()[class_name] = std::move(factory);
}

InitializerFactory registered_initializer_class(const std::string& class_name) {
  std::lock_guard lock(registry_mutex());
  auto it = registry().find(class_name);
  return it == registry().end() ? InitializerFactory() : it->second;
}

}  // namespace tf::keras::initializers

// The registry of custom regularizer classes layer configs can name.
#include "tfpp/keras/regularizer_classes.h"

#include <map>
#include <mutex>

namespace tf::keras::regularizers {
namespace {

std::mutex& registry_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::map<std::string, RegularizerFactory>& registry() {
  static std::map<std::string, RegularizerFactory> factories;
  return factories;
}

}  // namespace

void register_regularizer_class(const std::string& class_name, RegularizerFactory factory) {
  std::lock_guard lock(registry_mutex());
  registry()[class_name] = std::move(factory);
}

RegularizerFactory registered_regularizer_class(const std::string& class_name) {
  std::lock_guard lock(registry_mutex());
  auto it = registry().find(class_name);
  return it == registry().end() ? RegularizerFactory() : it->second;
}

}  // namespace tf::keras::regularizers

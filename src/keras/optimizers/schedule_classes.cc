// The registry of custom learning-rate schedule classes (schedules_serialization.h).
#include <map>
#include <mutex>

#include "tfpp/keras/optimizers/schedules_serialization.h"

namespace tf::keras::optimizers::schedules {
namespace {

std::mutex& registry_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::map<std::string, ScheduleClass>& registry() {
  static std::map<std::string, ScheduleClass> classes;
  return classes;
}

}  // namespace

void register_schedule_class(const std::string& class_name, ScheduleClass schedule_class) {
  std::lock_guard lock(registry_mutex());
  registry()[class_name] = std::move(schedule_class);
}

std::optional<ScheduleClass> registered_schedule_class(const std::string& name) {
  std::lock_guard lock(registry_mutex());
  if (auto it = registry().find(name); it != registry().end()) return it->second;
  for (const auto& [class_name, schedule_class] : registry())
    if (schedule_class.registered_name == name) return schedule_class;
  return std::nullopt;
}

}  // namespace tf::keras::optimizers::schedules

// keras.optimizers.schedules.deserialize for tfpp's built-in learning-rate schedules:
//
//   auto lr = tf::keras::optimizers::schedules::deserialize(tf::keras::from_json(
//       R"({"class_name": "ExponentialDecay", "config": {"initial_learning_rate": 0.1,
//          "decay_steps": 10, "decay_rate": 0.5}})"));
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "tfpp/keras/config.h"
#include "tfpp/keras/optimizers/schedules.h"

namespace tf::keras::optimizers::schedules {

/// The schedule {"class_name": ..., "config": {...}} describes: a built-in one (Keras' keys; an
/// unknown key is an InvalidArgumentError) or a registered custom class (found by its
/// "registered_name", else its class name); any other class is an UnimplementedError naming the
/// classes tfpp has.
std::shared_ptr<const LearningRateSchedule> deserialize(const keras::ConfigValue& serialized);

/// A custom schedule class: how configs name it and how it is made from its config.
struct ScheduleClass {
  /// Makes the schedule from its config (the inner {...}).
  std::function<std::shared_ptr<const LearningRateSchedule>(const keras::Config&)> factory;
  /// Keras' "module" of the class (None for a program's own classes).
  std::optional<std::string> module;
  /// Keras' "registered_name" ("Package>Name", or the class name).
  std::string registered_name;
};

/// Registers (or replaces) the custom schedule class Keras calls `class_name`: optimizers'
/// configs then name it by its module and registered name, and deserialize makes it.
void register_schedule_class(const std::string& class_name, ScheduleClass schedule_class);

/// The registered class called `class_name` (or registered under that name), if any.
std::optional<ScheduleClass> registered_schedule_class(const std::string& name);

}  // namespace tf::keras::optimizers::schedules

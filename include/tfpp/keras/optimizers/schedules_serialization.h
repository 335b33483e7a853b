// keras.optimizers.schedules.deserialize for tfpp's built-in learning-rate schedules:
//
//   auto lr = tf::keras::optimizers::schedules::deserialize(tf::keras::from_json(
//       R"({"class_name": "ExponentialDecay", "config": {"initial_learning_rate": 0.1,
//          "decay_steps": 10, "decay_rate": 0.5}})"));
#pragma once

#include <memory>

#include "tfpp/keras/config.h"
#include "tfpp/keras/optimizers/schedules.h"

namespace tf::keras::optimizers::schedules {

/// The schedule {"class_name": ..., "config": {...}} describes (Keras' keys; "module" and
/// "registered_name" ignored); an unknown key is an InvalidArgumentError, an unknown class an
/// UnimplementedError naming the classes tfpp has.
std::shared_ptr<const LearningRateSchedule> deserialize(const keras::ConfigValue& serialized);

}  // namespace tf::keras::optimizers::schedules

// Custom constraint classes that layer configs can name: a layer's "kernel_constraint":
// {"class_name": "Clip", "config": {...}} is made by the factory registered as "Clip".
//
//   tf::keras::constraints::register_constraint_class("Clip", [](const tf::keras::Config& c) {
//     const double limit = c.at("limit").as_double();
//     return tf::keras::constraints::Constraint("Clip", {{"limit", limit}},
//         [limit](const tf::Tensor& w) { return tf::clip_by_value(w, -limit, limit); });
//   });
#pragma once

#include <functional>
#include <string>

#include "tfpp/keras/config.h"
#include "tfpp/keras/constraints.h"

namespace tf::keras::constraints {

/// Makes a constraint from its Keras config (the inner {...} of {"class_name", "config"}).
using ConstraintFactory = std::function<Constraint(const Config& config)>;

/// Registers (or replaces) the factory of constraint class `class_name` for layer configs.
void register_constraint_class(const std::string& class_name, ConstraintFactory factory);

/// The factory registered as `class_name`, or null.
ConstraintFactory registered_constraint_class(const std::string& class_name);

}  // namespace tf::keras::constraints

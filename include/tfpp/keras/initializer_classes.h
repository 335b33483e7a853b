// Custom initializer classes that layer configs can name: a layer's "kernel_initializer":
// {"class_name": "Halves", "config": {...}} is made by the factory registered as "Halves".
//
//   tf::keras::initializers::register_initializer_class("Halves", [](const tf::keras::Config&) {
//     return tf::keras::initializers::Initializer("Halves", {},
//         [](const tf::TensorShape& shape, tf::DType dtype) { return tf::cast(tf::fill(shape, 0.5), dtype); });
//   });
#pragma once

#include <functional>
#include <string>

#include "tfpp/keras/config.h"
#include "tfpp/keras/initializers.h"

namespace tf::keras::initializers {

/// Makes an initializer from its Keras config (the inner {...} of {"class_name", "config"}).
using InitializerFactory = std::function<Initializer(const Config& config)>;

/// Registers (or replaces) the factory of initializer class `class_name` for layer configs.
void register_initializer_class(const std::string& class_name, InitializerFactory factory);

/// The factory registered as `class_name`, or null.
InitializerFactory registered_initializer_class(const std::string& class_name);

}  // namespace tf::keras::initializers

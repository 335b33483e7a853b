// Custom regularizer classes that layer configs can name: a layer's "kernel_regularizer":
// {"class_name": "SumPenalty", "config": {...}} is made by the factory registered as "SumPenalty".
//
//   tf::keras::regularizers::register_regularizer_class("SumPenalty", [](const tf::keras::Config& c) {
//     const double factor = c.at("factor").as_double();
//     return tf::keras::regularizers::Regularizer("SumPenalty", {{"factor", factor}},
//         [factor](const tf::Tensor& w) { return tf::reduce_sum(w) * factor; });
//   });
#pragma once

#include <functional>
#include <string>

#include "tfpp/keras/config.h"
#include "tfpp/keras/regularizers.h"

namespace tf::keras::regularizers {

/// Makes a regularizer from its Keras config (the inner {...} of {"class_name", "config"}).
using RegularizerFactory = std::function<Regularizer(const Config& config)>;

/// Registers (or replaces) the factory of regularizer class `class_name` for layer configs.
void register_regularizer_class(const std::string& class_name, RegularizerFactory factory);

/// The factory registered as `class_name`, or null.
RegularizerFactory registered_regularizer_class(const std::string& class_name);

}  // namespace tf::keras::regularizers

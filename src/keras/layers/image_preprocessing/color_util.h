// What the pixel-value augmentation layers share: Keras' value-range rescaling
// (BaseImagePreprocessingLayer._transform_value_range) and the config forms of their ranges.
#pragma once

#include <string>
#include <utility>

#include "tfpp/keras/config.h"
#include "tfpp/tensor.h"

namespace tf::keras::layers::color_util {

/// Keras' _transform_value_range: `images` (unchanged when the ranges are equal) mapped linearly
/// from `original` to `target`, computed in `dtype` as Keras computes it.
Tensor transform_value_range(const Tensor& images, const std::pair<double, double>& original,
                             const std::pair<double, double>& target, DType dtype);
/// A number as Keras writes it: integral values as integers (Keras' defaults are ints).
ConfigValue number_config(double value);
/// [first, second], each by number_config.
ConfigValue range_config(const std::pair<double, double>& range);
/// The pair with its smaller number first.
std::pair<double, double> sorted(std::pair<double, double> range);
/// config[key] as two numbers, or `fallback` when absent.
std::pair<double, double> range_from(const Config& config, const char* key, const std::string& layer,
                                     std::pair<double, double> fallback);

}  // namespace tf::keras::layers::color_util

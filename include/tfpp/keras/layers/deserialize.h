// Layers to and from Keras 3's serialized form (keras.layers.serialize / deserialize):
// {"module": "keras.layers", "class_name": "LSTM", "config": {...}, "registered_name": null,
//  "build_config": {"input_shape": [null, 10, 8]}}, for every built-in layer and any class
// registered here. A deserialized layer with a build_config is built, so weights can be set.
//
//   tf::keras::Config s = tf::keras::layers::serialize(dense);
//   std::shared_ptr<tf::keras::Layer> copy = tf::keras::layers::deserialize(s);
//   tf::keras::layers::register_layer_class("MyLayer", [](const tf::keras::Config& c) {
//     return std::make_shared<MyLayer>(MyLayer::from_config(c)); });
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tfpp/keras/config.h"
#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Makes a layer from its config.
using LayerFactory = std::function<std::shared_ptr<Layer>(const Config& config)>;

/// Registers `factory` for `class_name` (replacing any earlier one), so deserialize knows it.
void register_layer_class(const std::string& class_name, LayerFactory factory);

/// The class names deserialize knows, sorted.
std::vector<std::string> registered_layer_classes();

/// The layer {"class_name": ..., "config": ...} describes, built from its "build_config" when it
/// has one. The class is looked up by the "registered_name" Keras writes for custom classes
/// ("Package>Name"), when there is one, then by class_name; an unknown class is an
/// InvalidArgumentError naming it.
std::shared_ptr<Layer> deserialize(const ConfigValue& serialized);

/// {"module": "keras.layers", "class_name": layer.class_name(), "config": layer.get_config(),
/// "registered_name": null} plus "build_config" once built, as keras.layers.serialize writes it
/// (a class defined outside C++ names its own module and registered name).
Config serialize(const Layer& layer);

}  // namespace tf::keras::layers

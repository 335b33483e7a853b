// Whole Keras models to and from files and JSON, in Keras 3's formats:
//
//   model.save("m.keras");                                   // config + weights + optimizer state
//   tf::keras::Model m = tf::keras::models::load_model("m.keras");
//   m.fit(x, y);                                             // resumes where the saved model stopped
//   std::string json = model.to_json();
//   tf::keras::Model copy = tf::keras::models::model_from_json(json);   // new weights
//
// A .keras file is a zip archive of metadata.json, config.json (the model's serialized config
// with its compile_config) and model.weights.h5 (what save_weights writes); Keras 3's
// keras.models.load_model reads tfpp's files and load_model reads Keras'. Custom layers load
// when registered with tf::keras::layers::register_layer_class or given in custom_objects.
// The optimizer, loss and metric (de)serializers here are Keras' keras.optimizers.serialize /
// deserialize and their kin, which compile_config uses.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "tfpp/keras/config.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/keras/losses.h"
#include "tfpp/keras/metrics.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/optimizers.h"

namespace tf::keras {

/// The value JSON text holds, as Python's json.loads reads it (NaN and Infinity included;
/// integers stay integers); malformed text is an InvalidArgumentError naming the offset.
ConfigValue from_json(const std::string& text);

}  // namespace tf::keras

namespace tf::keras::saving {

/// While it lives, layers::deserialize (on this thread) looks layer classes up in
/// `custom_objects` before the registered ones (Keras' keras.saving.CustomObjectScope). Scopes nest.
class CustomObjectScope {
 public:
  /// Puts `custom_objects` in front of the classes layers::deserialize looks up.
  explicit CustomObjectScope(std::map<std::string, layers::LayerFactory> custom_objects);
  /// Removes them again.
  ~CustomObjectScope();
  CustomObjectScope(const CustomObjectScope&) = delete;
  CustomObjectScope& operator=(const CustomObjectScope&) = delete;
};

}  // namespace tf::keras::saving

namespace tf::keras::models {

/// Options of load_model.
struct LoadModelOptions {
  /// Layer classes by Keras class name, used before the registered ones.
  std::map<std::string, layers::LayerFactory> custom_objects = {};
  /// Compile the model with the file's compile_config (optimizer, loss, metrics, loss weights).
  bool compile = true;
};

/// The model a .keras file holds (Keras 3's format, written by Model::save or by Keras),
/// with its weights and, when compiled, its optimizer's state. Damaged or truncated files are
/// DataLossErrors and unknown layer classes InvalidArgumentErrors, naming the file.
Model load_model(const std::string& filepath, LoadModelOptions options = {});

/// The model a JSON config describes (Model::to_json's text or Keras'), with new weights.
Model model_from_json(const std::string& json, const std::map<std::string, layers::LayerFactory>& custom_objects = {});

}  // namespace tf::keras::models

namespace tf::keras::optimizers {
/// {"module": "keras.optimizers", "class_name": "Adam", "config": {...}, "registered_name": null}.
keras::Config serialize(const Optimizer& optimizer);
/// A new optimizer from serialize()'s output (or Keras'), or from an identifier string ("adam").
Optimizer deserialize(const keras::ConfigValue& serialized);
}  // namespace tf::keras::optimizers

namespace tf::keras::losses {
/// A built-in loss object as {"module": "keras.losses", "class_name", "config", "registered_name"}.
Config serialize(const Loss& loss);
/// A new loss from serialize()'s output (or Keras').
std::shared_ptr<Loss> deserialize(const ConfigValue& serialized);
}  // namespace tf::keras::losses

namespace tf::keras::metrics {
/// A built-in metric object as {"module": "keras.metrics", "class_name", "config", "registered_name"}.
Config serialize(const Metric& metric);
/// A new metric from serialize()'s output (or Keras').
std::shared_ptr<Metric> deserialize(const ConfigValue& serialized);
}  // namespace tf::keras::metrics

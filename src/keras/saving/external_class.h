// Layers and models whose class is written outside tfpp's C++ (a keras.layers.Layer or
// keras.Model subclassed in Python). Keras 3 serializes such a class under its own module and
// registered name ("Package>Name"), and saves a subclass' sublayers under the attribute names
// that hold them, so the class itself answers both (layers::serialize and the weights walker
// ask it through this interface).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tfpp/keras/config.h"
#include "tfpp/keras/layer.h"

namespace tf::keras::saving {

/// Sublayers kept in one attribute: one layer, or a list of them (Keras' container, whose
/// layers are saved under their class names in snake_case, made unique).
struct AttributeLayers {
  std::string attribute;
  std::vector<std::shared_ptr<Layer>> layers;
  bool is_list = false;
};

/// Implemented by layer classes defined outside C++.
class ExternalClass {
 public:
  virtual ~ExternalClass() = default;
  /// The module defining the class, or null for a program's own (__main__) classes.
  virtual ConfigValue class_module() const = 0;
  /// keras.saving.get_registered_name of the class: "Package>Name" once registered, else its name.
  virtual std::string registered_name() const = 0;
  /// The sublayers Keras' saving walks below the object, in its order (attributes sorted,
  /// private ones last); an object met twice is saved at its first path.
  virtual std::vector<AttributeLayers> attribute_layers() const = 0;
};

}  // namespace tf::keras::saving

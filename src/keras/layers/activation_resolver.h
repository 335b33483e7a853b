// Activations beyond the built-in ones, found by name when a layer is made: the Python front end
// resolves a name to a function of Keras' custom objects (a custom_object_scope, one registered
// with register_keras_serializable, or the Python function a layer was given).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "tfpp/keras/activations.h"

namespace tf::keras::activations::detail {

/// The activation called `name` when something other than a built-in one has that name, else none.
using Resolver = std::function<std::optional<Activation>(const std::string& name)>;

/// Sets the resolver activations::get asks before the built-in activations (as Keras looks in
/// custom objects first).
void set_resolver(Resolver resolver);

}  // namespace tf::keras::activations::detail

// TensorFlow's serving signature of a SavedModel saved without signatures
// (find_function_to_export in TensorFlow 2.21's saved_model/signature_serialization.py).
#pragma once

#include <optional>

#include "tfpp/concrete_function.h"
#include "tfpp/module.h"

namespace tf::saving {

/// What tf.saved_model.save exports as "serving_default" when given no signatures: the root's
/// function attribute `_default_save_signature`, else the root's only tf::function with an
/// input_signature whose trace returns tensors and takes no variable; nullopt when there is none
/// or there are several. Throws InvalidArgumentError for a `_default_save_signature` that cannot
/// be a signature (no input_signature, or no outputs).
std::optional<ConcreteFunction> default_signature(const Module& root);

}  // namespace tf::saving

// A model's state in Keras 3's weights layout (keras/src/saving/saving_lib.py, _save_state):
// every layer, model and the optimizer has a group `<path>/vars` (attribute "name") whose
// datasets "0", "1", ... are its own variables, trainable ones first. Paths name objects by
// position, not by their (auto-generated) names: a Sequential or Functional model's layers are
// `layers/<class in snake_case>[_n]` (dense, dense_1, ...), other sublayers go under their
// attribute names, the top model's own group is `vars` and its optimizer's `optimizer/vars`
// (iterations, learning rate, then the slots in build order).
#pragma once

#include <string>

#include "keras/saving/h5_file.h"
#include "tfpp/keras/model.h"

namespace tf::keras::saving::detail {

/// Writes the model's variables (and its optimizer's, once compiled) into `file`.
void save_state(const Model& model, H5Writer& file);

/// Assigns the model's variables (and its optimizer's, when compiled and the file has them)
/// from `file`. Every dataset's count, shape and type is checked before anything is assigned:
/// InvalidArgumentError names the file, the layer and the weight that do not match.
/// `who` prefixes errors ("[load_weights]"). With `skip_mismatch`, an object whose variables do
/// not match keeps its values and one UserWarning on stderr names them (Keras' skip_mismatch).
void load_state(Model& model, const H5Reader& file, const std::string& who, bool skip_mismatch = false);

}  // namespace tf::keras::saving::detail

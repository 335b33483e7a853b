// A model's state in Keras 3's weights layout (keras/src/saving/saving_lib.py, _save_state):
// every layer, model and the optimizer has a group `<path>/vars` (attribute "name") whose
// datasets "0", "1", ... are its own variables, trainable ones first. Paths name objects by
// position, not by their (auto-generated) names: a Sequential or Functional model's layers are
// `layers/<class in snake_case>[_n]` (dense, dense_1, ...), other sublayers go under their
// attribute names, the top model's own group is `vars` and its optimizer's `optimizer/vars`
// (iterations, learning rate, then the slots in build order). A TextVectorization's StringLookup
// is its child `_lookup_layer`, as in Keras.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "keras/saving/h5_file.h"
#include "keras/saving/zip_archive.h"
#include "tfpp/keras/model.h"

namespace tf::keras::saving::detail {

/// Writes the model's variables (and its optimizer's, once compiled) into `file`, and the lookup
/// layers' TF-IDF weights; with `assets` (a .keras file), also adds their vocabulary files
/// (archive member name, bytes) to it (keras/saving/lookup_layer_state.h).
void save_state(const Model& model, H5Writer& file, std::vector<std::pair<std::string, std::string>>* assets = nullptr);

/// Assigns the model's variables (and its optimizer's, when compiled and the file has them)
/// from `file`. Every dataset's count, shape and type is checked before anything is assigned:
/// InvalidArgumentError names the file, the layer and the weight that do not match.
/// `who` prefixes errors ("[load_weights]"). With `skip_mismatch`, an object whose variables do
/// not match keeps its values and one UserWarning on stderr names them (Keras' skip_mismatch).
/// With `archive` (a .keras file), the lookup layers' vocabularies are read from its assets.
void load_state(Model& model, const H5Reader& file, const std::string& who, bool skip_mismatch = false,
                const ZipReader* archive = nullptr);

}  // namespace tf::keras::saving::detail

// What Keras 3's lookup layers keep in a .keras file besides variables (index_lookup.py's
// save_own_variables / save_assets): a vocabulary not given to the constructor as
// `assets/<path>/vocabulary.txt` (one token a line, the mask and OOV tokens first), and in
// "tf_idf" mode the TF-IDF weights as the dataset `idf_weights` of the layer's vars group.
// TextVectorization keeps its StringLookup's, for itself and again for its `_lookup_layer`.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "keras/saving/h5_file.h"
#include "keras/saving/zip_archive.h"
#include "tfpp/keras/layers/index_lookup.h"

namespace tf::keras::saving::detail {

/// The StringLookup or IntegerLookup behind `layer` (the layer itself, or a TextVectorization's), or null.
const layers::IndexLookup* lookup_of(const Layer& layer);

/// The datasets a lookup keeps in its vars group besides its variables ("idf_weights" in "tf_idf" mode).
std::vector<std::string> lookup_dataset_names(const layers::IndexLookup& lookup);

/// The archive member of the vocabulary of the object at `path`: "assets/<path>/vocabulary.txt".
std::string vocabulary_member(const std::string& path);

/// Writes the lookup's TF-IDF weights into `group`, and adds its vocabulary file for the object at
/// `path` to `assets` (unless the config keeps the vocabulary, or `assets` is null: weights only).
void save_lookup_state(const layers::IndexLookup& lookup, H5Writer& file, const std::string& group, const std::string& path,
                       std::vector<std::pair<std::string, std::string>>* assets);

/// Reads what save_lookup_state wrote (the vocabulary from `archive`; none without one, as
/// load_weights) and checks it; returns the change to make once everything has been read.
/// NotFoundError or DataLossError naming the file and member if it is missing or damaged.
std::function<void()> read_lookup_state(const layers::IndexLookup& lookup, const H5Reader& file, const std::string& group,
                                        const std::string& path, const ZipReader* archive, const std::string& prefix);

}  // namespace tf::keras::saving::detail

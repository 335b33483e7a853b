// Importers of TensorFlow's table-creating ops (HashTableV2, MutableHashTableV2,
// MutableDenseHashTableV2): each makes a new, empty lookup table, as a restored SavedModel's
// _create_resource function does; the table ops that use it (LookupTableFindV2, ...) are tfpp ops
// of the same interface.
#pragma once

#include <vector>

#include "saving/saved_model/op_importers.h"

namespace tf::saving {

/// HashTableV2 {key_dtype, value_dtype}: a static table, filled once by an initializer.
std::vector<Tensor> import_hash_table(ImportedNode& n);
/// MutableHashTableV2 {key_dtype, value_dtype}.
std::vector<Tensor> import_mutable_hash_table(ImportedNode& n);
/// MutableDenseHashTableV2(empty_key, deleted_key) {key_dtype, value_dtype}; scalar values only.
std::vector<Tensor> import_mutable_dense_hash_table(ImportedNode& n);

}  // namespace tf::saving

// Lookup tables as attributes of a tf::Module, as assigning a table to a tf.Module attribute
// tracks it in TensorFlow: tf::train::Checkpoint then saves and restores a MutableHashTable's or
// DenseHashTable's entries under the attribute's path.
//
//   struct Counter : tf::Module {
//     tf::lookup::MutableHashTable counts{tf::string, tf::int64, tf::constant(std::int64_t{0})};
//     Counter() { tf::lookup::track_table(*this, "counts", counts); }
//   };
//   // in a checkpoint: counts/.ATTRIBUTES/table-keys, counts/.ATTRIBUTES/table-values
#pragma once

#include <string>

#include "tfpp/lookup/tables.h"
#include "tfpp/module.h"

namespace tf::lookup {

/// Registers `table` (shared, not copied) on `module` under `attribute`; a later table under the
/// same attribute replaces it. Module::submodules() does not list tables.
void track_table(Module& module, const std::string& attribute, const LookupTableBase& table);

}  // namespace tf::lookup

// A lookup table registered on a Module (lookup::track_table): it sits among the module's
// submodules under its attribute name, so checkpoints reach it by that name; Module::submodules()
// leaves it out.
#pragma once

#include <utility>

#include "tfpp/lookup/tables.h"
#include "tfpp/module.h"

namespace tf::lookup::detail {

/// The module state that stands for a tracked table.
struct TrackedTable : tf::detail::ModuleState {
  explicit TrackedTable(LookupTableBase table) : table(std::move(table)) { name = "table"; }
  LookupTableBase table;
};

/// A table handle as a LookupTableBase (its dtypes from the table); InvalidArgumentError if
/// `handle` is not a lookup table's.
LookupTableBase table_from_handle(const Tensor& handle);

}  // namespace tf::lookup::detail

#include "tfpp/lookup/tracking.h"

#include "core/resource_handle.h"
#include "ops/lookup/lookup_table.h"
#include "ops/lookup/tracked_table.h"
#include "tfpp/errors.h"

namespace tf::lookup {

void track_table(Module& module, const std::string& attribute, const LookupTableBase& table) {
  module.add_module(attribute, Module(std::make_shared<detail::TrackedTable>(table)));
}

namespace detail {
namespace {

// LookupTableBase's constructor is for the table classes; this one only names a handle.
struct HandleTable : LookupTableBase {
  HandleTable(DType key_dtype, DType value_dtype, const Tensor& handle) : LookupTableBase(key_dtype, value_dtype, handle) {}
};

}  // namespace

LookupTableBase table_from_handle(const Tensor& handle) {
  auto table = handle.defined() && !handle.is_symbolic() && handle.dtype() == resource
                   ? std::dynamic_pointer_cast<ops::LookupTable>(core::resource_of(handle))
                   : nullptr;
  if (!table) throw InvalidArgumentError("[lookup] the tracked tensor is not a lookup table's handle");
  return HandleTable(table->key_dtype, table->value_dtype, handle);
}

}  // namespace detail
}  // namespace tf::lookup

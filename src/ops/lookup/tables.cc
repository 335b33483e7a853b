#include "tfpp/lookup/tables.h"

#include "ops/execute.h"
#include "ops/lookup/lookup_table.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/init_scope.h"
#include "tfpp/math_ops.h"
#include "tfpp/string_hashing.h"
#include "tfpp/string_ops.h"

namespace tf::lookup {
namespace {

// A table's default value: a concrete scalar of the table's value dtype.
Tensor checked_default(const char* kind, const Tensor& value, DType value_dtype) {
  if (!value.defined() || value.is_symbolic())
    throw InvalidArgumentError(std::string("[") + kind + "] default_value must be a concrete tensor");
  if (value.dtype() != value_dtype)
    throw InvalidArgumentError(std::string("[") + kind + "] default_value must have the values' dtype " +
                               std::string(dtype_name(value_dtype)) + ", got " + std::string(dtype_name(value.dtype())));
  if (value.shape().rank() != 0)
    throw InvalidArgumentError(std::string("[") + kind + "] default_value must be a scalar, got shape " +
                               value.shape().to_string());
  return value;
}

// Runs a table's initializer once, eagerly even when the table is made inside a trace.
void run_initializer(const TableInitializer& initializer, const Tensor& handle) {
  init_scope lift;
  initializer.initialize(handle);
}

}  // namespace

Tensor LookupTableBase::size() const { return ops::execute1(ops::lookup_table_size_op(), {handle_}); }

void LookupTableBase::check_keys(const Tensor& keys, const char* op) const {
  if (keys.dtype() != key_dtype_)
    throw InvalidArgumentError(std::string("[") + op + "] Dtype of argument `keys` must be " +
                               std::string(dtype_name(key_dtype_)) + ", received: " + std::string(dtype_name(keys.dtype())));
}

Tensor LookupTableBase::find(const Tensor& keys, const Tensor& default_value) const {
  const std::array<ops::AttrValue, 2> attrs{key_dtype_, value_dtype_};
  return ops::execute1(ops::lookup_table_find_op(), {handle_, keys, default_value}, attrs);
}

std::pair<Tensor, Tensor> LookupTableBase::export_entries() const {
  const std::array<ops::AttrValue, 2> attrs{key_dtype_, value_dtype_};
  ops::Outputs out = ops::execute(ops::lookup_table_export_op(), {handle_}, attrs);
  return {std::move(out[0]), std::move(out[1])};
}

StaticHashTable::StaticHashTable(const TableInitializer& initializer, const Tensor& default_value)
    : LookupTableBase(initializer.key_dtype(), initializer.value_dtype(),
                      ops::make_table_handle("StaticHashTable", initializer.key_dtype(), initializer.value_dtype(), false)),
      default_value_(checked_default("StaticHashTable", default_value, initializer.value_dtype())) {
  run_initializer(initializer, resource_handle());
}

Tensor StaticHashTable::lookup(const Tensor& keys) const {
  check_keys(keys, "StaticHashTable");
  return find(keys, default_value_);
}

StaticVocabularyTable::StaticVocabularyTable(const TableInitializer* initializer, std::int64_t num_oov_buckets)
    : LookupTableBase(initializer ? initializer->key_dtype() : string, int64,
                      ops::make_table_handle("StaticVocabularyTable", initializer ? initializer->key_dtype() : string, int64, false)),
      num_oov_buckets_(num_oov_buckets),
      has_vocabulary_(initializer != nullptr) {
  if (num_oov_buckets <= 0)
    throw InvalidArgumentError("[StaticVocabularyTable] `num_oov_buckets` must be > 0; use StaticHashTable.");
  if (initializer && initializer->value_dtype() != int64)
    throw InvalidArgumentError("[StaticVocabularyTable] Invalid `value_dtype`, expected int64 but got " +
                               std::string(dtype_name(initializer->value_dtype())) + ".");
  if (initializer) run_initializer(*initializer, resource_handle());
}

Tensor StaticVocabularyTable::lookup(const Tensor& keys) const {
  check_keys(keys, "StaticVocabularyTable");
  // As TensorFlow: integer keys are hashed through their decimal text.
  const Tensor text = keys.dtype() == string ? keys : strings::as_string(keys);
  Tensor buckets = strings::to_hash_bucket_fast(text, num_oov_buckets_);
  if (!has_vocabulary_) return buckets;
  const Tensor ids = find(keys, constant(std::int64_t{-1}));
  return where(greater_equal(ids, constant(std::int64_t{0})), ids, add(buckets, LookupTableBase::size()));
}

Tensor StaticVocabularyTable::size() const {
  return add(LookupTableBase::size(), constant(num_oov_buckets_));
}

MutableHashTable::MutableHashTable(DType key_dtype, DType value_dtype, const Tensor& default_value)
    : MutableHashTable(key_dtype, value_dtype, default_value, ops::make_table_handle("MutableHashTable", key_dtype, value_dtype, true)) {}

MutableHashTable::MutableHashTable(DType key_dtype, DType value_dtype, const Tensor& default_value, Tensor handle)
    : LookupTableBase(key_dtype, value_dtype, std::move(handle)),
      default_value_(checked_default("MutableHashTable", default_value, value_dtype)) {}

DenseHashTable::DenseHashTable(DType key_dtype, DType value_dtype, const Tensor& default_value, const Tensor& empty_key,
                               const Tensor& deleted_key)
    : MutableHashTable(key_dtype, value_dtype, default_value, ops::make_dense_table_handle(key_dtype, value_dtype, empty_key, deleted_key)) {}

void MutableHashTable::insert(const Tensor& keys, const Tensor& values) {
  check_keys(keys, "MutableHashTable");
  const std::array<ops::AttrValue, 2> attrs{key_dtype(), value_dtype()};
  ops::execute(ops::lookup_table_insert_op(), {resource_handle(), keys, values}, attrs);
}

void MutableHashTable::remove(const Tensor& keys) {
  check_keys(keys, "MutableHashTable");
  const std::array<ops::AttrValue, 1> attrs{key_dtype()};
  ops::execute(ops::lookup_table_remove_op(), {resource_handle(), keys}, attrs);
}

Tensor MutableHashTable::lookup(const Tensor& keys) const {
  check_keys(keys, "MutableHashTable");
  return find(keys, default_value_);
}

void MutableHashTable::import_(const Tensor& keys, const Tensor& values) {
  check_keys(keys, "MutableHashTable");
  const std::array<ops::AttrValue, 2> attrs{key_dtype(), value_dtype()};
  ops::execute(ops::lookup_table_import_op(), {resource_handle(), keys, values}, attrs);
}

}  // namespace tf::lookup

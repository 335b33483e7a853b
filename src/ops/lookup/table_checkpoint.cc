#include "ops/lookup/table_checkpoint.h"

#include "core/resource_handle.h"
#include "core/tensor_impl.h"
#include "ops/lookup/lookup_table.h"
#include "ops/strings/string_hashes.h"
#include "tfpp/errors.h"

namespace tf::ops {
namespace {

std::shared_ptr<LookupTable> table_of(const Tensor& handle) {
  auto table = std::dynamic_pointer_cast<LookupTable>(core::resource_of(handle));
  if (!table) throw InvalidArgumentError("[Checkpoint] a tracked tensor is not a lookup table's handle");
  return table;
}

// TensorFlow's MutableDenseHashTable::HashScalar: integers as they are, strings by its Hash64.
std::uint64_t dense_hash(const TableKey& key) {
  if (const auto* s = std::get_if<std::string>(&key)) return legacy_hash64(*s);
  return static_cast<std::uint64_t>(std::get<std::int64_t>(key));
}

// A zero of the value dtype, what TensorFlow's empty buckets hold.
TableValue zero_value(DType dtype) {
  if (dtype == string) return std::string();
  if (is_floating(dtype)) return 0.0;
  return std::int64_t{0};
}

// The buckets of a dense table: a power of two of at least 8, filled to at most TensorFlow's
// maximum load factor 0.8; each key at the first free bucket of its probe sequence
// (bucket, bucket + 1, bucket + 1 + 2, ...), as TensorFlow's DoInsert places it.
std::pair<Tensor, Tensor> dense_buckets(const LookupTable& table) {
  const auto n = static_cast<std::int64_t>(table.entries.size());
  std::int64_t buckets = 8;
  while (n * 5 > buckets * 4) buckets *= 2;
  const auto mask = static_cast<std::uint64_t>(buckets - 1);
  Tensor keys = core::empty(table.key_dtype, TensorShape({buckets, 1}));
  Tensor values = core::empty(table.value_dtype, TensorShape({buckets, 1}));
  std::vector<bool> used(static_cast<std::size_t>(buckets), false);
  for (std::int64_t b = 0; b < buckets; ++b) {
    set_key(keys, b, *table.empty_key);
    set_value(values, b, zero_value(table.value_dtype));
  }
  for (const auto& [key, value] : table.entries) {
    std::uint64_t bucket = dense_hash(key) & mask;
    for (std::uint64_t probes = 1; used[bucket]; ++probes) bucket = (bucket + probes) & mask;
    used[bucket] = true;
    set_key(keys, static_cast<std::int64_t>(bucket), key);
    set_value(values, static_cast<std::int64_t>(bucket), value);
  }
  return {std::move(keys), std::move(values)};
}

std::string kind_text(const LookupTable& table) {
  return (table.empty_key ? std::string("DenseHashTable") : table.kind) + " of " + std::string(dtype_name(table.key_dtype)) +
         " -> " + std::string(dtype_name(table.value_dtype));
}

}  // namespace

bool table_is_saveable(const Tensor& handle) { return table_of(handle)->is_mutable; }

std::pair<Tensor, Tensor> table_checkpoint_tensors(const Tensor& handle) {
  const auto table = table_of(handle);
  std::lock_guard lock(table->mutex);
  if (table->empty_key) return dense_buckets(*table);
  const auto n = static_cast<std::int64_t>(table->entries.size());
  Tensor keys = core::empty(table->key_dtype, TensorShape({n}));
  Tensor values = core::empty(table->value_dtype, TensorShape({n}));
  for (std::int64_t i = 0; i < n; ++i) {
    set_key(keys, i, table->entries[static_cast<std::size_t>(i)].first);
    set_value(values, i, table->entries[static_cast<std::size_t>(i)].second);
  }
  return {std::move(keys), std::move(values)};
}

void restore_table_entries(const Tensor& handle, const Tensor& keys, const Tensor& values, const std::string& where) {
  const auto table = table_of(handle);
  const TensorShape& ks = keys.shape();
  const TensorShape& vs = values.shape();
  // One key and one value per row: [n] (MutableHashTable) or [n, 1] (DenseHashTable's buckets).
  const bool rows_fit = ks.rank() >= 1 && ks.rank() <= 2 && ks == vs && (ks.rank() == 1 || ks.dim(1) == 1);
  if (keys.dtype() != table->key_dtype || values.dtype() != table->value_dtype || !rows_fit)
    throw InvalidArgumentError("[Checkpoint] " + where + ": keys " + std::string(dtype_name(keys.dtype())) + " " +
                               ks.to_string() + " and values " + std::string(dtype_name(values.dtype())) + " " +
                               vs.to_string() + " do not fit a " + kind_text(*table) +
                               " (expected [n] or [n,1] keys and values of those dtypes)");
  std::lock_guard lock(table->mutex);
  table->index.clear();
  table->entries.clear();
  for (std::int64_t i = 0; i < ks.dim(0); ++i) {
    TableKey key = key_at(keys, i);
    if (key == table->empty_key || key == table->deleted_key) continue;
    table->put(std::move(key), value_at(values, i));
  }
  table->initialized = true;
}

}  // namespace tf::ops

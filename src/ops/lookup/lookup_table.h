// The object behind a lookup table's tf::resource handle: a hash map from keys (strings or
// integers) to scalar values, which the table ops (ops/lookup/lookup_table_ops.cc) read and write.
// Entries keep their insertion order, so an export lists them in a stable order.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "core/resource_handle.h"
#include "ops/op_def.h"

namespace tf::ops {

/// A key as stored: integers widened to int64.
using TableKey = std::variant<std::int64_t, std::string>;
/// A value as stored: integers widened to int64, floats to double.
using TableValue = std::variant<std::int64_t, double, std::string>;

/// A hash table resource.
struct LookupTable : core::Resource {
  LookupTable(std::string kind, DType key_dtype, DType value_dtype, bool is_mutable)
      : kind(std::move(kind)), key_dtype(key_dtype), value_dtype(value_dtype), is_mutable(is_mutable) {}

  const std::string kind;  ///< TensorFlow's class name, for messages: "HashTable", "MutableHashTable"
  const DType key_dtype, value_dtype;
  const bool is_mutable;  ///< insert and remove allowed; a static table is initialized once
  /// A dense table's reserved keys (tf.lookup.experimental.DenseHashTable), which no call may use.
  std::optional<TableKey> empty_key, deleted_key;

  /// How InitializeTableFromTextFileV2 filled a static table: a SavedModel keeps the file as an
  /// asset and initializes the table from it again.
  struct TextFileSource {
    std::string filename;
    std::int64_t key_index, value_index, vocab_size;
    std::string delimiter;
    std::int64_t offset;
  };

  mutable std::mutex mutex;  ///< guards everything below
  std::optional<TextFileSource> text_file;
  bool initialized = false;
  std::unordered_map<TableKey, std::size_t> index;  ///< key -> position in entries
  std::vector<std::pair<TableKey, TableValue>> entries;

  /// Adds or replaces one entry (the caller holds the lock).
  void put(TableKey key, TableValue value);
  /// Removes one entry if present (the caller holds the lock).
  void erase(const TableKey& key);
};

/// A new empty table behind a scalar tf::resource handle. `kind` names the class in messages
/// ("StaticHashTable"); InvalidArgumentError for dtypes a table cannot have.
Tensor make_table_handle(const char* kind, DType key_dtype, DType value_dtype, bool is_mutable);
/// A new empty dense table (tf.lookup.experimental.DenseHashTable): a mutable table whose reserved
/// keys `empty_key` and `deleted_key` (different scalars of the key dtype) no call may use.
Tensor make_dense_table_handle(DType key_dtype, DType value_dtype, const Tensor& empty_key, const Tensor& deleted_key);

/// Key types a table may have: string, int32, int64.
bool is_table_key_dtype(DType dtype);
/// Value types a table may have: string, int32, int64, float32, float64.
bool is_table_value_dtype(DType dtype);

/// Element i of a string, int32 or int64 tensor as a key.
TableKey key_at(const Tensor& keys, std::int64_t i);
/// Element i of a value tensor as a stored value.
TableValue value_at(const Tensor& values, std::int64_t i);
/// Writes a stored value into element i of `out` (of the table's value dtype).
void set_value(Tensor& out, std::int64_t i, const TableValue& value);
/// Writes a stored key into element i of `out` (of the table's key dtype).
void set_key(Tensor& out, std::int64_t i, const TableKey& key);
/// A key or value as TensorFlow prints it in messages.
std::string entry_text(const TableKey& key);
std::string entry_text(const TableValue& value);

/// The table a handle input refers to; fails the op if the handle is not a table's.
LookupTable& table_input(const OpContext& ctx, std::size_t i = 0);

/// The table ops, under TensorFlow's names (inputs and attributes as TensorFlow's):
/// LookupTableFindV2(table, keys, default_value) {Tin, Tout} -> values
const OpDef& lookup_table_find_op();
/// LookupTableImportV2(table, keys, values) {Tin, Tout}: a static table's initialization, or a
/// mutable table's replacement of all its entries.
const OpDef& lookup_table_import_op();
/// LookupTableInsertV2(table, keys, values) {Tin, Tout}
const OpDef& lookup_table_insert_op();
/// LookupTableRemoveV2(table, keys) {Tin}
const OpDef& lookup_table_remove_op();
/// LookupTableSizeV2(table) -> int64 scalar
const OpDef& lookup_table_size_op();
/// LookupTableExportV2(table) {Tkeys, Tvalues} -> keys, values
const OpDef& lookup_table_export_op();
/// InitializeTableFromTextFileV2(table, filename) {key_index, value_index, vocab_size, delimiter, offset}
const OpDef& initialize_table_from_text_file_op();

}  // namespace tf::ops

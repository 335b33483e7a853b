// Lookup tables (tf.lookup): hash maps from strings or integers to values, held by a resource
// handle that tf::function captures as it captures a variable, so lookups run eagerly and in
// traced graphs alike.
//
//   tf::lookup::StaticHashTable table(
//       tf::lookup::KeyValueTensorInitializer(tf::constant({"a", "b"}), tf::constant({1, 2}, tf::int64)),
//       tf::constant(std::int64_t{-1}));
//   table.lookup(tf::constant({"b", "z"}));                // [2, -1]
//   tf::lookup::StaticVocabularyTable vocab(init, 3);        // unknown keys go to 3 hashed buckets
//   tf::lookup::MutableHashTable m(tf::string, tf::int64, tf::constant(std::int64_t{-1}));
//   m.insert(keys, values); m.remove(keys); auto [k, v] = m.export_();
//
// A table is a shared handle: copies refer to one table.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>

#include "tfpp/lookup/initializers.h"
#include "tfpp/tensor.h"

namespace tf::lookup {

/// What every table has: its dtypes, resource handle, size and contents.
class LookupTableBase {
 public:
  /// The dtype of the keys (string, int32 or int64).
  DType key_dtype() const { return key_dtype_; }
  /// The dtype of the values.
  DType value_dtype() const { return value_dtype_; }
  /// The scalar tf::resource handle (what traced graphs capture).
  const Tensor& resource_handle() const { return handle_; }
  /// The number of entries, as an int64 scalar (LookupTableSizeV2).
  Tensor size() const;

 protected:
  LookupTableBase(DType key_dtype, DType value_dtype, Tensor handle)
      : key_dtype_(key_dtype), value_dtype_(value_dtype), handle_(std::move(handle)) {}
  /// `keys` must have the table's key dtype: InvalidArgumentError naming `op` otherwise.
  void check_keys(const Tensor& keys, const char* op) const;
  /// The values of `keys`, `default_value` where missing (LookupTableFindV2).
  Tensor find(const Tensor& keys, const Tensor& default_value) const;
  /// All keys and values (LookupTableExportV2), in insertion order.
  std::pair<Tensor, Tensor> export_entries() const;

 private:
  DType key_dtype_, value_dtype_;
  Tensor handle_;
};

/// A table filled once by an initializer (tf.lookup.StaticHashTable).
class StaticHashTable : public LookupTableBase {
 public:
  /// Keys not in the table map to `default_value`, a scalar of the initializer's value dtype.
  StaticHashTable(const TableInitializer& initializer, const Tensor& default_value);
  /// The value of each key (any shape), default_value() where missing.
  Tensor lookup(const Tensor& keys) const;
  /// What missing keys map to.
  const Tensor& default_value() const { return default_value_; }
  /// All keys and values.
  std::pair<Tensor, Tensor> export_() const { return export_entries(); }

 private:
  Tensor default_value_;
};

/// A vocabulary from an initializer, plus `num_oov_buckets` hashed ids for unknown keys
/// (tf.lookup.StaticVocabularyTable): a key not in the vocabulary maps to
/// vocabulary size + Fingerprint64(key as a string) % num_oov_buckets. Values are int64.
class StaticVocabularyTable : public LookupTableBase {
 public:
  /// `initializer` null: every key is hashed. num_oov_buckets must be positive.
  StaticVocabularyTable(const TableInitializer* initializer, std::int64_t num_oov_buckets);
  StaticVocabularyTable(const TableInitializer& initializer, std::int64_t num_oov_buckets)
      : StaticVocabularyTable(&initializer, num_oov_buckets) {}
  /// The id of each key (int64, the keys' shape).
  Tensor lookup(const Tensor& keys) const;
  /// The vocabulary size plus num_oov_buckets, as an int64 scalar.
  Tensor size() const;
  /// The number of hashed ids for keys not in the vocabulary.
  std::int64_t num_oov_buckets() const { return num_oov_buckets_; }

 private:
  std::int64_t num_oov_buckets_;
  bool has_vocabulary_;
};

/// A table that insert and remove change (tf.lookup.experimental.MutableHashTable).
class MutableHashTable : public LookupTableBase {
 public:
  /// An empty table; missing keys map to `default_value`, a scalar of `value_dtype`.
  MutableHashTable(DType key_dtype, DType value_dtype, const Tensor& default_value);
  /// Adds or replaces the entries keys[i] -> values[i] (LookupTableInsertV2).
  void insert(const Tensor& keys, const Tensor& values);
  /// Removes the keys present (LookupTableRemoveV2).
  void remove(const Tensor& keys);
  /// The value of each key, default_value() where missing.
  Tensor lookup(const Tensor& keys) const;
  /// Replaces all entries by keys[i] -> values[i] (LookupTableImportV2).
  void import_(const Tensor& keys, const Tensor& values);
  /// What missing keys map to.
  const Tensor& default_value() const { return default_value_; }
  /// All keys and values.
  std::pair<Tensor, Tensor> export_() const { return export_entries(); }

 protected:
  MutableHashTable(DType key_dtype, DType value_dtype, const Tensor& default_value, Tensor handle);

 private:
  Tensor default_value_;
};

/// A mutable table with two reserved keys no call may use (tf.lookup.experimental.DenseHashTable,
/// TensorFlow's MutableDenseHashTable); here it keeps its entries as MutableHashTable does, so
/// export_() lists only the entries, where TensorFlow's lists every bucket.
class DenseHashTable : public MutableHashTable {
 public:
  /// `empty_key` and `deleted_key`: different scalars of `key_dtype`.
  DenseHashTable(DType key_dtype, DType value_dtype, const Tensor& default_value, const Tensor& empty_key,
                 const Tensor& deleted_key);
  /// Removes the keys present (TensorFlow's erase).
  void erase(const Tensor& keys) { remove(keys); }
};

}  // namespace tf::lookup

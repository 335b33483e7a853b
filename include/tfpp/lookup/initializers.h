// Table initializers (tf.lookup.KeyValueTensorInitializer, tf.lookup.TextFileInitializer): what
// fills a static table when it is created.
//
//   tf::lookup::KeyValueTensorInitializer init(tf::constant({"a", "b"}), tf::constant({1, 2}, tf::int64));
//   tf::lookup::TextFileInitializer vocab("vocab.txt", tf::string, tf::lookup::TextFileIndex::WHOLE_LINE,
//                                         tf::int64, tf::lookup::TextFileIndex::LINE_NUMBER);
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/tensor.h"

namespace tf::lookup {

/// Base of the initializers: their key and value dtypes, and the op that fills a table.
class TableInitializer {
 public:
  virtual ~TableInitializer() = default;
  /// The dtype of the keys it gives.
  DType key_dtype() const { return key_dtype_; }
  /// The dtype of the values it gives.
  DType value_dtype() const { return value_dtype_; }
  /// Fills the empty table behind `table_handle` (runs one op).
  virtual void initialize(const Tensor& table_handle) const = 0;

 protected:
  TableInitializer(DType key_dtype, DType value_dtype) : key_dtype_(key_dtype), value_dtype_(value_dtype) {}

 private:
  DType key_dtype_, value_dtype_;
};

/// Keys and values from two tensors of one size (LookupTableImportV2).
class KeyValueTensorInitializer : public TableInitializer {
 public:
  /// `keys`: string, int32 or int64; `values`: string, int32, int64, float32 or float64.
  KeyValueTensorInitializer(const Tensor& keys, const Tensor& values);
  /// Runs LookupTableImportV2 on the table.
  void initialize(const Tensor& table_handle) const override;

 private:
  Tensor keys_, values_;
};

/// Which part of a text file's line is a key or value, besides a column number (tf.lookup.TextFileIndex).
struct TextFileIndex {
  static constexpr std::int64_t WHOLE_LINE = -2;   ///< the whole line
  static constexpr std::int64_t LINE_NUMBER = -1;  ///< the line's number, from 0
};

/// Options of TextFileInitializer.
struct TextFileInitializerOptions {
  std::int64_t vocab_size = -1;           ///< read this many lines (it is an error if there are fewer); -1: all
  std::string delimiter = "\t";           ///< separates the columns of a line
  std::int64_t value_index_offset = 0;    ///< added to line numbers used as values
};

/// Keys and values from the lines of a text file (InitializeTableFromTextFileV2): each is the
/// whole line, its line number, or a column split by `delimiter`.
class TextFileInitializer : public TableInitializer {
 public:
  TextFileInitializer(std::string filename, DType key_dtype, std::int64_t key_index, DType value_dtype,
                      std::int64_t value_index, TextFileInitializerOptions options = {});
  /// Runs InitializeTableFromTextFileV2 on the table.
  void initialize(const Tensor& table_handle) const override;

 private:
  std::string filename_;
  std::int64_t key_index_, value_index_;
  TextFileInitializerOptions options_;
};

}  // namespace tf::lookup

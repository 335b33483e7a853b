#include "tfpp/lookup/initializers.h"

#include "ops/execute.h"
#include "ops/lookup/lookup_table.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::lookup {
namespace {

void check_dtypes(const char* what, DType key, DType value) {
  if (!ops::is_table_key_dtype(key))
    throw InvalidArgumentError(std::string("[") + what + "] keys must be string, int32 or int64, got " +
                               std::string(dtype_name(key)));
  if (!ops::is_table_value_dtype(value))
    throw InvalidArgumentError(std::string("[") + what + "] values must be string, int32, int64, float32 or float64, got " +
                               std::string(dtype_name(value)));
}

}  // namespace

KeyValueTensorInitializer::KeyValueTensorInitializer(const Tensor& keys, const Tensor& values)
    : TableInitializer(keys.dtype(), values.dtype()), keys_(keys), values_(values) {
  check_dtypes("KeyValueTensorInitializer", keys.dtype(), values.dtype());
}

void KeyValueTensorInitializer::initialize(const Tensor& table_handle) const {
  const std::array<ops::AttrValue, 2> attrs{key_dtype(), value_dtype()};
  ops::execute(ops::lookup_table_import_op(), {table_handle, keys_, values_}, attrs);
}

TextFileInitializer::TextFileInitializer(std::string filename, DType key_dtype, std::int64_t key_index,
                                         DType value_dtype, std::int64_t value_index, TextFileInitializerOptions options)
    : TableInitializer(key_dtype, value_dtype),
      filename_(std::move(filename)),
      key_index_(key_index),
      value_index_(value_index),
      options_(std::move(options)) {
  check_dtypes("TextFileInitializer", key_dtype, value_dtype);
  // As TensorFlow's Python checks: line numbers are integers, whole lines strings.
  if (key_index < TextFileIndex::WHOLE_LINE || value_index < TextFileIndex::WHOLE_LINE)
    throw InvalidArgumentError("[TextFileInitializer] Invalid key_index " + std::to_string(key_index) +
                               " or value_index " + std::to_string(value_index));
  if (key_index == TextFileIndex::LINE_NUMBER && key_dtype != int64)
    throw InvalidArgumentError("[TextFileInitializer] Signature mismatch. Keys must be dtype int64, got " +
                               std::string(dtype_name(key_dtype)) + ".");
  if (key_index == TextFileIndex::WHOLE_LINE && !is_integer(key_dtype) && key_dtype != string)
    throw InvalidArgumentError("[TextFileInitializer] Signature mismatch. Keys must be integer or string, got " +
                               std::string(dtype_name(key_dtype)) + ".");
  if (value_index == TextFileIndex::LINE_NUMBER && value_dtype != int64)
    throw InvalidArgumentError("[TextFileInitializer] Signature mismatch. Values must be dtype int64, got " +
                               std::string(dtype_name(value_dtype)) + ".");
  if (value_index == TextFileIndex::WHOLE_LINE && value_dtype != string)
    throw InvalidArgumentError("[TextFileInitializer] Signature mismatch. Values must be dtype string, got " +
                               std::string(dtype_name(value_dtype)) + ".");
  if (options_.vocab_size != -1 && options_.vocab_size <= 0)
    throw InvalidArgumentError("[TextFileInitializer] Invalid vocab_size " + std::to_string(options_.vocab_size) + ".");
}

void TextFileInitializer::initialize(const Tensor& table_handle) const {
  const std::array<ops::AttrValue, 5> attrs{key_index_, value_index_, options_.vocab_size, options_.delimiter,
                                            options_.value_index_offset};
  ops::execute(ops::initialize_table_from_text_file_op(), {table_handle, constant(filename_)}, attrs);
}

}  // namespace tf::lookup

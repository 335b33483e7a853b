// Text sources: TextLineDataset, experimental::CsvDataset and experimental::make_csv_dataset.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tfpp/data/dataset.h"

namespace tf::data {

/// The lines of one or more text files (without "\n" or "\r\n"), as string scalars.
class TextLineDataset : public Dataset {
 public:
  /// Reads `filenames` in order; compression_type is "", "GZIP" or "ZLIB".
  explicit TextLineDataset(std::vector<std::string> filenames, const std::string& compression_type = "");
  /// Reads one file.
  explicit TextLineDataset(const std::string& filename, const std::string& compression_type = "")
      : TextLineDataset(std::vector<std::string>{filename}, compression_type) {}
};

namespace experimental {

/// Options of CsvDataset.
struct CsvOptions {
  std::string compression_type;      ///< "", "GZIP" or "ZLIB"
  bool header = false;               ///< skip each file's first line
  char field_delim = ',';            ///< the field separator
  bool use_quote_delim = true;       ///< fields may be "quoted" ("" is a quote inside one)
  std::string na_value;              ///< a field equal to this counts as missing
  std::vector<int> select_cols;      ///< the columns to keep (ascending); empty keeps all
};

/// CSV records as typed columns. `record_defaults` has one tensor per (selected) column: a
/// scalar gives the column's dtype and the value used when a field is missing (empty or
/// na_value); an empty 1-D tensor (e.g. tf::zeros({0}, tf::int32)) gives a required column of
/// that dtype. Supported dtypes: int32, int64, float32, float64, string. Errors name the file
/// and line.
class CsvDataset : public Dataset {
 public:
  /// Reads `filenames` in order.
  CsvDataset(std::vector<std::string> filenames, std::vector<Tensor> record_defaults, CsvOptions options = {});
  /// Reads one file.
  CsvDataset(const std::string& filename, std::vector<Tensor> record_defaults, CsvOptions options = {})
      : CsvDataset(std::vector<std::string>{filename}, std::move(record_defaults), std::move(options)) {}
};

/// Options of make_csv_dataset.
struct MakeCsvOptions {
  std::vector<std::string> column_names;     ///< default: the first file's header
  std::vector<Tensor> column_defaults;       ///< as CsvDataset's record_defaults; default: inferred
  std::string label_name;                    ///< if set, this column comes last in each element
  std::vector<std::string> select_columns;   ///< the columns to keep; empty keeps all
  char field_delim = ',';                    ///< the field separator
  bool use_quote_delim = true;               ///< fields may be quoted
  std::string na_value;                      ///< a field equal to this counts as missing
  bool header = true;                        ///< the files start with a header line
  std::int64_t num_epochs = -1;              ///< passes over the files; -1 repeats forever
  bool shuffle = true;                       ///< shuffle files and records
  std::int64_t shuffle_buffer_size = 10000;  ///< records in the shuffle buffer
  std::optional<std::uint64_t> shuffle_seed; ///< seed for a reproducible order
  std::int64_t prefetch_buffer_size = AUTOTUNE;  ///< batches computed ahead
  std::string compression_type;              ///< "", "GZIP" or "ZLIB"
};

/// Batches of CSV records from the files matching `file_pattern`. Each element's components
/// are the columns (named: see Dataset::element_names and as_map), the label (if any) last.
/// Without column_defaults, a column's dtype is inferred from the first 100 records: int32
/// if every value is an integer, else float32 if every value is a number, else string.
Dataset make_csv_dataset(const std::string& file_pattern, std::int64_t batch_size, MakeCsvOptions options = {});

}  // namespace experimental
}  // namespace tf::data

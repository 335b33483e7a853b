// tf.io.decode_csv: the fields of CSV records as tensors, one per column.
//
//   auto cols = tf::io::decode_csv(tf::constant({"1,2.5,a", "3,,b"}),
//                                  {tf::constant(0), tf::constant(1.0f), tf::constant("")});
//   // cols[0] int32 [1, 3], cols[1] float32 [2.5, 1.0], cols[2] string ["a", "b"]
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::io {

/// Options of decode_csv.
struct DecodeCsvOptions {
  std::string field_delim = ",";          ///< one character between fields
  bool use_quote_delim = true;             ///< '"' quotes fields (with "" for a quote inside)
  std::string na_value;                    ///< a field equal to this counts as missing
  std::vector<std::int64_t> select_cols;   ///< the columns to keep, increasing (empty: all)
};

/// One tensor per column, each of the records' shape (DecodeCSV). record_defaults[i] is column
/// i's dtype (float32, float64, int32, int64 or string) and the value of a missing field: a
/// scalar or one-element vector, or an empty vector for a column that must be present.
std::vector<Tensor> decode_csv(const Tensor& records, const std::vector<Tensor>& record_defaults,
                               const DecodeCsvOptions& options = {});

}  // namespace tf::io

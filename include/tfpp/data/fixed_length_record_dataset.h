// FixedLengthRecordDataset: the fixed-size records of binary files (e.g. CIFAR-10's).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tfpp/data/dataset.h"

namespace tf::data {

/// Options of FixedLengthRecordDataset.
struct FixedLengthRecordOptions {
  std::int64_t header_bytes = 0;   ///< skipped at the start of each file
  std::int64_t footer_bytes = 0;   ///< skipped at the end of each file
  std::string compression_type;    ///< "", "GZIP" or "ZLIB"
};

/// The records of `record_bytes` bytes each, as string scalars, of one file after another.
/// Each file's body (its bytes without header and footer) must be a whole number of records:
/// an uncompressed file is checked before its first record (InvalidArgumentError), a compressed
/// one when its end is reached (DataLossError, after the whole records before it).
class FixedLengthRecordDataset : public Dataset {
 public:
  FixedLengthRecordDataset(std::vector<std::string> filenames, std::int64_t record_bytes,
                           FixedLengthRecordOptions options = {});
  FixedLengthRecordDataset(const std::string& filename, std::int64_t record_bytes,
                           FixedLengthRecordOptions options = {})
      : FixedLengthRecordDataset(std::vector<std::string>{filename}, record_bytes, std::move(options)) {}
};

}  // namespace tf::data

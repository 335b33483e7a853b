// Reads the records of one TFRecord file, verifying both checksums of each.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "io/file_stream.h"

namespace tf::io {

/// Sequential reader of one TFRecord file.
class TFRecordReader {
 public:
  /// Opens `path`; `what` (e.g. "[TFRecordDataset]") prefixes errors.
  TFRecordReader(const std::string& path, const std::string& compression, const std::string& what);
  /// Reads the next record into `record`; false at the clean end of the file. Throws
  /// DataLossError naming the file and the record's offset if it is damaged or truncated.
  bool read(std::string& record);

 private:
  [[noreturn]] void fail(std::uint64_t offset, const std::string& problem) const;

  std::unique_ptr<InputStream> in_;
  std::string what_;
};

}  // namespace tf::io

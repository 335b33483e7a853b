// Byte streams over files, optionally GZIP- or ZLIB-compressed (TensorFlow's
// compression_type strings "", "GZIP", "ZLIB"). Readers buffer; large reads bypass the buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "io/atomic_file.h"

namespace tf::io {

/// Sequential reads from a file, decompressing if asked.
class InputStream {
 public:
  /// Opens `path`; `what` (e.g. "[TFRecordDataset]") prefixes errors. Throws NotFoundError
  /// if the file cannot be opened and InvalidArgumentError for an unknown compression type.
  static std::unique_ptr<InputStream> open(const std::string& path, const std::string& compression,
                                           const std::string& what);
  virtual ~InputStream() = default;
  /// Reads up to n bytes into dst; fewer only at the end of the stream. Throws DataLossError
  /// for damaged compressed data.
  std::size_t read(void* dst, std::size_t n);
  /// Reads one line without its "\n" (or "\r\n"); false at the end of the stream.
  bool read_line(std::string& line);
  /// Bytes consumed so far (of uncompressed data).
  std::uint64_t offset() const { return offset_; }
  /// The file's path.
  const std::string& path() const { return path_; }

 protected:
  InputStream(std::string path, std::string what) : path_(std::move(path)), what_(std::move(what)) {}
  /// Reads up to n bytes from the underlying (decompressed) stream; 0 at the end.
  virtual std::size_t raw_read(void* dst, std::size_t n) = 0;
  [[noreturn]] void fail(const std::string& message) const;

  std::string path_, what_;

 private:
  bool fill();

  std::vector<char> buffer_ = std::vector<char>(1 << 16);
  std::size_t begin_ = 0, end_ = 0;
  std::uint64_t offset_ = 0;
};

/// Sequential writes to a file, compressing if asked, through an AtomicFile: the file appears
/// under its name only when close() succeeds, and a failed write never replaces what was there.
class OutputStream {
 public:
  /// Creates the stream; `what` prefixes errors.
  OutputStream(const std::string& path, const std::string& compression, const std::string& what);
  /// Closes the stream if close() was not called (errors are then swallowed), unless a write
  /// failed or an exception is unwinding the stack: then the file is abandoned and the path
  /// keeps its earlier contents.
  ~OutputStream();
  OutputStream(const OutputStream&) = delete;
  OutputStream& operator=(const OutputStream&) = delete;
  /// Appends n bytes.
  void write(const void* data, std::size_t n);
  /// Pushes buffered bytes to the operating system.
  void flush();
  /// Finishes compression, syncs and renames the file into place. Idempotent.
  void close();

 private:
  void deflate_chunk(const void* data, std::size_t n, int flush_mode);
  [[noreturn]] void fail(const std::string& message);

  std::string path_, what_;
  std::unique_ptr<AtomicFile> file_;
  int uncaught_at_start_;  // std::uncaught_exceptions() when the stream was made
  struct Deflater;
  std::unique_ptr<Deflater> deflater_;
  std::vector<char> buffer_;
};

}  // namespace tf::io

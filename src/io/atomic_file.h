// A file replaced atomically: written under a temporary name beside its path, synced, and
// renamed into place only when everything was written. A failed write, a failed sync, or an
// AtomicFile dropped without commit() removes the temporary file, so the path keeps its earlier
// contents (a full disk never leaves a truncated file under the real name).
#pragma once

#include <cstddef>
#include <string>

namespace tf::io {

/// Writes all n bytes to `fd`, retrying interrupted and partial writes. Returns 0, or the errno
/// of the write that failed (ENOSPC for one that wrote nothing).
int write_all(int fd, const void* data, std::size_t n);

class AtomicFile {
 public:
  /// Creates the temporary file for `path`; `what` (e.g. "[BundleWriter]") prefixes errors.
  /// Throws NotFoundError if it cannot be created.
  AtomicFile(std::string path, std::string what);
  /// Removes the temporary file unless commit() succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// Appends n bytes. Throws DataLossError (and abandons the file) if the write fails.
  void write(const void* data, std::size_t n);
  /// Syncs the file, renames it to the path and syncs the directory. Throws DataLossError (and
  /// abandons the file) on failure; `path` then keeps what it held.
  void commit();
  /// Removes the temporary file; the path keeps what it held. Idempotent.
  void abandon() noexcept;
  /// True until commit() or abandon().
  bool open() const { return fd_ >= 0; }
  /// True once commit() succeeded.
  bool committed() const { return committed_; }
  /// The path the file replaces.
  const std::string& path() const { return path_; }

 private:
  [[noreturn]] void fail(const std::string& message);

  std::string path_, tmp_path_, what_;
  int fd_ = -1;
  bool committed_ = false;
};

/// Writes `bytes` to `path` atomically (through an AtomicFile); `what` prefixes errors.
void write_file_atomically(const std::string& path, const std::string& bytes, const std::string& what);

}  // namespace tf::io

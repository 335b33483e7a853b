#include "io/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "io/errno_error.h"
#include "tfpp/errors.h"

namespace tf::io {
namespace {

std::string errno_text(int err) { return std::strerror(err); }

// The directory holding `path` ("." for a bare name), whose entry the rename changes.
std::string parent_directory(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// A temporary name beside `path` that no other writer (thread or process) uses at the same time.
std::string temporary_name(const std::string& path) {
  static std::atomic<std::uint64_t> counter{0};
  return path + ".tmp" + std::to_string(::getpid()) + "_" + std::to_string(counter.fetch_add(1));
}

}  // namespace

AtomicFile::AtomicFile(std::string path, std::string what)
    : path_(std::move(path)), tmp_path_(temporary_name(path_)), what_(std::move(what)) {
  fd_ = ::open(tmp_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    const int err = errno;
    throw_errno_error(err, what_ + " cannot create '" + path_ + "': " + errno_text(err));
  }
}

AtomicFile::~AtomicFile() { abandon(); }

void AtomicFile::abandon() noexcept {
  if (fd_ < 0) return;
  ::close(fd_);
  fd_ = -1;
  ::unlink(tmp_path_.c_str());
}

void AtomicFile::fail(const std::string& message) {
  const std::string text = what_ + " cannot write '" + path_ + "': " + message + " (the file keeps its earlier contents)";
  abandon();
  throw DataLossError(text);
}

int write_all(int fd, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return w < 0 ? errno : ENOSPC;
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return 0;
}

void AtomicFile::write(const void* data, std::size_t n) {
  if (fd_ < 0) throw FailedPreconditionError(what_ + " '" + path_ + "': write after the file was committed or abandoned");
  if (const int err = write_all(fd_, data, n)) fail("write error: " + errno_text(err));
}

void AtomicFile::commit() {
  if (fd_ < 0) throw FailedPreconditionError(what_ + " '" + path_ + "': commit after the file was committed or abandoned");
  if (::fsync(fd_) != 0) fail("cannot sync: " + errno_text(errno));
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp_path_.c_str());
    throw DataLossError(what_ + " cannot write '" + path_ + "': cannot close: " + errno_text(err) +
                        " (the file keeps its earlier contents)");
  }
  if (::rename(tmp_path_.c_str(), path_.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp_path_.c_str());
    throw DataLossError(what_ + " cannot rename a new '" + path_ + "' into place: " + errno_text(err));
  }
  committed_ = true;
  // The rename itself reaches the disk once the directory is synced.
  const int dir = ::open(parent_directory(path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

void write_file_atomically(const std::string& path, const std::string& bytes, const std::string& what) {
  AtomicFile file(path, what);
  file.write(bytes.data(), bytes.size());
  file.commit();
}

}  // namespace tf::io

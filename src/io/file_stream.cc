#include "io/file_stream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include "io/errno_error.h"
#include "tfpp/errors.h"

namespace tf::io {
namespace {

// zlib's windowBits: 15 for a zlib stream, +16 for a gzip wrapper.
int window_bits(const std::string& compression, const std::string& what) {
  if (compression == "GZIP") return 15 + 16;
  if (compression == "ZLIB") return 15;
  throw InvalidArgumentError(what + " unknown compression_type '" + compression + "' (use \"\", \"GZIP\" or \"ZLIB\")");
}

std::string errno_text() { return std::strerror(errno); }

class FileInput : public InputStream {
 public:
  FileInput(const std::string& path, const std::string& what) : InputStream(path, what) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
      const int err = errno;
      throw_errno_error(err, what + " cannot open '" + path + "': " + std::strerror(err));
    }
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
  }
  ~FileInput() override { ::close(fd_); }

 protected:
  std::size_t raw_read(void* dst, std::size_t n) override {
    std::size_t done = 0;
    while (done < n) {
      const ssize_t r = ::read(fd_, static_cast<char*>(dst) + done, n - done);
      if (r < 0 && errno == EINTR) continue;
      if (r < 0) fail("read error: " + errno_text());
      if (r == 0) break;
      done += static_cast<std::size_t>(r);
    }
    return done;
  }

 private:
  int fd_ = -1;
};

class InflateInput final : public FileInput {
 public:
  InflateInput(const std::string& path, const std::string& what, int bits) : FileInput(path, what), in_(1 << 18) {
    std::memset(&z_, 0, sizeof z_);
    if (inflateInit2(&z_, bits) != Z_OK) fail("cannot initialize zlib");
  }
  ~InflateInput() override { inflateEnd(&z_); }

 protected:
  std::size_t raw_read(void* dst, std::size_t n) override {
    z_.next_out = static_cast<Bytef*>(dst);
    z_.avail_out = static_cast<uInt>(n);
    while (z_.avail_out > 0 && !done_) {
      if (z_.avail_in == 0) {
        const std::size_t got = FileInput::raw_read(in_.data(), in_.size());
        if (got == 0) {
          if (!at_member_end_) fail("truncated compressed data at offset " + std::to_string(compressed_) + " (compressed)");
          done_ = true;
          break;
        }
        z_.next_in = reinterpret_cast<Bytef*>(in_.data());
        z_.avail_in = static_cast<uInt>(got);
      }
      const uInt before = z_.avail_in;
      const int rc = inflate(&z_, Z_NO_FLUSH);
      compressed_ += before - z_.avail_in;
      at_member_end_ = false;
      if (rc == Z_STREAM_END) {
        at_member_end_ = true;
        inflateReset(&z_);  // concatenated gzip members continue the stream
      } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
        fail("corrupted compressed data near offset " + std::to_string(compressed_) + " (compressed): " +
             (z_.msg ? z_.msg : "zlib error " + std::to_string(rc)));
      }
    }
    return n - z_.avail_out;
  }

 private:
  z_stream z_;
  std::vector<char> in_;
  std::uint64_t compressed_ = 0;
  bool at_member_end_ = false, done_ = false;
};

}  // namespace

std::unique_ptr<InputStream> InputStream::open(const std::string& path, const std::string& compression,
                                               const std::string& what) {
  if (compression.empty()) return std::make_unique<FileInput>(path, what);
  const int bits = window_bits(compression, what);
  return std::make_unique<InflateInput>(path, what, bits);
}

void InputStream::fail(const std::string& message) const {
  throw DataLossError(what_ + " '" + path_ + "': " + message);
}

bool InputStream::fill() {
  begin_ = 0;
  end_ = raw_read(buffer_.data(), buffer_.size());
  return end_ > 0;
}

std::size_t InputStream::read(void* dst, std::size_t n) {
  char* out = static_cast<char*>(dst);
  std::size_t done = 0;
  while (done < n) {
    if (begin_ == end_) {
      // Large reads go straight to the destination: one copy instead of two.
      if (n - done >= buffer_.size()) {
        const std::size_t got = raw_read(out + done, n - done);
        done += got;
        if (got < n - done + got) break;
        continue;
      }
      if (!fill()) break;
    }
    const std::size_t take = std::min(n - done, end_ - begin_);
    std::memcpy(out + done, buffer_.data() + begin_, take);
    begin_ += take;
    done += take;
  }
  offset_ += done;
  return done;
}

bool InputStream::read_line(std::string& line) {
  line.clear();
  bool any = false;
  for (;;) {
    if (begin_ == end_ && !fill()) break;
    any = true;
    const char* start = buffer_.data() + begin_;
    const void* nl = std::memchr(start, '\n', end_ - begin_);
    const std::size_t take = nl ? static_cast<const char*>(nl) - start : end_ - begin_;
    line.append(start, take);
    begin_ += take;
    offset_ += take;
    if (nl) {
      ++begin_;
      ++offset_;
      break;
    }
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return any;
}

// ---- OutputStream ----

struct OutputStream::Deflater {
  z_stream z;
};

OutputStream::OutputStream(const std::string& path, const std::string& compression, const std::string& what)
    : path_(path), what_(what), uncaught_at_start_(std::uncaught_exceptions()) {
  if (!compression.empty()) {
    const int bits = window_bits(compression, what);
    deflater_ = std::make_unique<Deflater>();
    std::memset(&deflater_->z, 0, sizeof deflater_->z);
    if (deflateInit2(&deflater_->z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, bits, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw InternalError(what + " '" + path + "': cannot initialize zlib");
  }
  try {
    file_ = std::make_unique<AtomicFile>(path, what);
  } catch (...) {
    if (deflater_) deflateEnd(&deflater_->z);
    throw;
  }
  buffer_.reserve(1 << 16);
}

OutputStream::~OutputStream() {
  // Leaving the scope normally keeps what was written; an exception in flight means the
  // writing was cut short, so the earlier file stays.
  if (file_->open() && std::uncaught_exceptions() > uncaught_at_start_) file_->abandon();
  try {
    if (file_->open()) close();
  } catch (const Error&) {
    // A destructor must not throw; call close() to see write errors.
  }
  if (deflater_) deflateEnd(&deflater_->z);
}

void OutputStream::fail(const std::string& message) {
  file_->abandon();
  throw DataLossError(what_ + " '" + path_ + "': " + message + " (the file keeps its earlier contents)");
}

void OutputStream::deflate_chunk(const void* data, std::size_t n, int flush_mode) {
  z_stream& z = deflater_->z;
  z.next_in = static_cast<Bytef*>(const_cast<void*>(data));
  z.avail_in = static_cast<uInt>(n);
  char out[1 << 16];
  int rc;
  do {
    z.next_out = reinterpret_cast<Bytef*>(out);
    z.avail_out = sizeof out;
    rc = deflate(&z, flush_mode);
    if (rc == Z_STREAM_ERROR) fail("zlib compression failed");
    file_->write(out, sizeof out - z.avail_out);
  } while (z.avail_out == 0 || (flush_mode == Z_FINISH && rc != Z_STREAM_END));
}

void OutputStream::write(const void* data, std::size_t n) {
  if (!file_->open()) throw DataLossError(what_ + " '" + path_ + "': write after close or a failed write");
  if (buffer_.size() + n > buffer_.capacity()) flush();
  if (n >= buffer_.capacity()) {
    if (deflater_) deflate_chunk(data, n, Z_NO_FLUSH);
    else file_->write(data, n);
    return;
  }
  buffer_.insert(buffer_.end(), static_cast<const char*>(data), static_cast<const char*>(data) + n);
}

void OutputStream::flush() {
  if (!file_->open() || buffer_.empty()) return;
  if (deflater_) deflate_chunk(buffer_.data(), buffer_.size(), Z_NO_FLUSH);
  else file_->write(buffer_.data(), buffer_.size());
  buffer_.clear();
}

void OutputStream::close() {
  if (!file_->open()) {
    if (file_->committed()) return;
    throw DataLossError(what_ + " '" + path_ + "': not written, a write failed (the file keeps its earlier contents)");
  }
  flush();
  if (deflater_) {
    deflate_chunk(nullptr, 0, Z_FINISH);
    deflateEnd(&deflater_->z);
    deflater_.reset();
  }
  file_->commit();
}

}  // namespace tf::io

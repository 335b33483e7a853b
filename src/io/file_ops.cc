// ReadFile and WriteFile (tf.io.read_file / tf.io.write_file): a whole file as a string scalar.
// Both are stateful, so a traced function reads and writes the file at every call, in program
// order, instead of folding a read into a constant or dropping a write. (TensorFlow's ReadFile is
// not stateful: Grappler may merge two reads of one file, so a read after a write in one function
// can see the old contents there; here it sees the new.)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "io/atomic_file.h"
#include "io/errno_error.h"
#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/string_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Input i must be a string scalar; `what` names it as TensorFlow's messages do.
void check_scalar_string(ShapeContext& ctx, std::size_t i, const std::string& what) {
  ops::check_string_input(ctx, i, what);
  const Tensor& t = ctx.input(i);
  if (!t.shape().has_unknown_rank() && t.rank() != 0)
    ctx.fail(what + " tensor must be scalar, but had shape: " + t.shape().debug_string());
}

// The error of a failed open, read or write, in TensorFlow's words and of its class for errno.
[[noreturn]] void fail_errno(const std::string& op, const std::string& path, int err) {
  io::throw_errno_error(err, "[" + op + "] " + path + "; " + std::strerror(err));
}

void read_shape(ShapeContext& ctx) {
  check_scalar_string(ctx, 0, "Input filename");
  ctx.add_output(string, TensorShape{});
}

void read_kernel(KernelContext& ctx) {
  const std::string& path = ctx.input(0).item<std::string>();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail_errno("ReadFile", path, errno);
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    fail_errno("ReadFile", path, EISDIR);
  }
  std::string contents;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      fail_errno("ReadFile", path, err);
    }
    if (n == 0) break;
    contents.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  ctx.output(0).mutable_data<std::string>()[0] = std::move(contents);
}

const OpDef& kReadFile = OpBuilder("ReadFile").inputs(1).shape(read_shape).kernel(string, read_kernel).stateful()
    .no_gradient();

void write_shape(ShapeContext& ctx) {
  check_scalar_string(ctx, 0, "Input filename");
  check_scalar_string(ctx, 1, "Contents");
}

// Writes `contents` into an existing device or FIFO (/dev/null, a pipe): it has no earlier
// contents to keep, and renaming a new file over it would replace the device itself.
void write_in_place(const std::string& path, const std::string& contents) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) fail_errno("WriteFile", path, errno);
  const int err = io::write_all(fd, contents.data(), contents.size());
  ::close(fd);
  if (err) fail_errno("WriteFile", path, err);
}

// As TensorFlow, missing parent directories are created first. A regular file is replaced
// atomically, so a failed write leaves its earlier contents.
void write_kernel(KernelContext& ctx) {
  const std::string& path = ctx.input(0).item<std::string>();
  const std::string& contents = ctx.input(1).item<std::string>();
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) fail_errno("WriteFile", path, EISDIR);
    if (!S_ISREG(st.st_mode)) return write_in_place(path, contents);
  }
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::error_code error;
  if (!parent.empty() && !std::filesystem::exists(parent, error)) {
    std::filesystem::create_directories(parent, error);
    if (error) fail_errno("WriteFile", path, error.value());
  }
  io::write_file_atomically(path, contents, "[WriteFile]");
}

const OpDef& kWriteFile = OpBuilder("WriteFile").inputs(2).shape(write_shape).kernel(string, write_kernel).stateful()
    .no_gradient();

}  // namespace

namespace io {

Tensor read_file(const Tensor& filename) { return std::move(ops::execute(kReadFile, {filename})[0]); }

void write_file(const Tensor& filename, const Tensor& contents) { ops::execute(kWriteFile, {filename, contents}); }

}  // namespace io
}  // namespace tf

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

// The error of a failed open or read, of TensorFlow's class for errno (NotFound for a missing
// file, FailedPrecondition for a directory).
[[noreturn]] void fail_errno(const std::string& op, const std::string& path, int err) {
  const std::string message = "[" + op + "] " + path + "; " + std::strerror(err);
  if (err == ENOENT || err == ENOTDIR) throw NotFoundError(message);
  if (err == EISDIR) throw FailedPreconditionError(message);
  throw InternalError(message);
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

// As TensorFlow, missing parent directories are created first.
void write_kernel(KernelContext& ctx) {
  const std::string& path = ctx.input(0).item<std::string>();
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) fail_errno("WriteFile", path, EISDIR);
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty() && !std::filesystem::exists(parent, error)) {
    std::filesystem::create_directories(parent, error);
    if (error) fail_errno("WriteFile", path, error.value());
  }
  io::write_file_atomically(path, ctx.input(1).item<std::string>(), "[WriteFile]");
}

const OpDef& kWriteFile = OpBuilder("WriteFile").inputs(2).shape(write_shape).kernel(string, write_kernel).stateful()
    .no_gradient();

}  // namespace

namespace io {

Tensor read_file(const Tensor& filename) { return std::move(ops::execute(kReadFile, {filename})[0]); }

void write_file(const Tensor& filename, const Tensor& contents) { ops::execute(kWriteFile, {filename, contents}); }

}  // namespace io
}  // namespace tf

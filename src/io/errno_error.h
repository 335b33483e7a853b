// The error of a failed system call, of the class TensorFlow gives its errno: NotFoundError for a
// missing file, PermissionDeniedError for a read-only one, ResourceExhaustedError for a full disk,
// FailedPreconditionError for a directory where a file was expected, UnknownError for an I/O error.
#pragma once

#include <string>

namespace tf::io {

/// Throws `message` as the tfpp error whose TensorFlow class matches errno value `err`.
[[noreturn]] void throw_errno_error(int err, const std::string& message);

}  // namespace tf::io

#include "io/errno_error.h"

#include <cerrno>

#include "tfpp/errors.h"

namespace tf::io {

// The grouping is TensorFlow's (its platform layer's errno-to-status-code table).
void throw_errno_error(int err, const std::string& message) {
  switch (err) {
    case EINVAL: case ENAMETOOLONG: case E2BIG: case EDESTADDRREQ: case EDOM: case EFAULT: case EILSEQ:
    case ENOPROTOOPT: case ENOSTR: case ENOTSOCK: case ENOTTY: case EPROTOTYPE: case ESPIPE:
      throw InvalidArgumentError(message);
    case ETIMEDOUT: case ETIME:
      throw DeadlineExceededError(message);
    case ENODEV: case ENOENT: case ENXIO: case ESRCH:
      throw NotFoundError(message);
    case EEXIST: case EADDRNOTAVAIL: case EALREADY:
      throw AlreadyExistsError(message);
    case EPERM: case EACCES: case EROFS:
      throw PermissionDeniedError(message);
    case ENOTEMPTY: case EISDIR: case ENOTDIR: case EADDRINUSE: case EBADF: case EBUSY: case ECHILD: case EISCONN:
    case ENOTBLK: case ENOTCONN: case EPIPE: case ESHUTDOWN: case ETXTBSY:
      throw FailedPreconditionError(message);
    case ENOSPC: case EDQUOT: case EMFILE: case EMLINK: case ENFILE: case ENOBUFS: case ENODATA: case ENOMEM:
    case ENOSR: case EUSERS:
      throw ResourceExhaustedError(message);
    case EFBIG: case EOVERFLOW: case ERANGE:
      throw OutOfRangeError(message);
    case ENOSYS: case ENOTSUP: case EAFNOSUPPORT: case EPFNOSUPPORT: case EPROTONOSUPPORT: case ESOCKTNOSUPPORT:
    case EXDEV:
      throw UnimplementedError(message);
    case EAGAIN: case ECONNREFUSED: case ECONNABORTED: case ECONNRESET: case EINTR: case EHOSTDOWN:
    case EHOSTUNREACH: case ENETDOWN: case ENETRESET: case ENETUNREACH: case ENOLCK: case ENOLINK: case ENONET:
      throw UnavailableError(message);
    case EDEADLK: case ESTALE:
      throw AbortedError(message);
    case ECANCELED:
      throw CancelledError(message);
    default:
      throw UnknownError(message);
  }
}

}  // namespace tf::io

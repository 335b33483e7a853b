// The exceptions tfpp throws, named as TensorFlow names its error classes.
//
// Messages start with the op's name in brackets and say what was expected and what was
// given: "[MatMul] inner dimensions differ: a is [2,3], b is [4,5]".
#pragma once

#include <stdexcept>
#include <string>

namespace tf {

/// Base of every tfpp error.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  /// The name of TensorFlow's class for this error ("InvalidArgumentError"); Python raises that class.
  virtual const char* class_name() const noexcept { return "UnknownError"; }
};

/// An operation was cancelled (tf.errors.CancelledError).
class CancelledError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "CancelledError"; }
};

/// An error of no other class, e.g. an I/O error without a more specific cause (tf.errors.UnknownError).
class UnknownError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "UnknownError"; }
};

/// An argument has the wrong shape, dtype or value (tf.errors.InvalidArgumentError).
class InvalidArgumentError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "InvalidArgumentError"; }
};

/// A deadline expired before the operation finished (tf.errors.DeadlineExceededError).
class DeadlineExceededError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "DeadlineExceededError"; }
};

/// Something looked up by name does not exist (tf.errors.NotFoundError).
class NotFoundError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "NotFoundError"; }
};

/// What the call would create exists already, e.g. a second profiler (tf.errors.AlreadyExistsError).
class AlreadyExistsError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "AlreadyExistsError"; }
};

/// The caller may not do this, e.g. write a read-only file (tf.errors.PermissionDeniedError).
class PermissionDeniedError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "PermissionDeniedError"; }
};

/// A resource ran out, e.g. disk space or file descriptors (tf.errors.ResourceExhaustedError).
class ResourceExhaustedError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "ResourceExhaustedError"; }
};

/// The system is not in a state the call needs (tf.errors.FailedPreconditionError).
class FailedPreconditionError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "FailedPreconditionError"; }
};

/// The operation was aborted, e.g. by a deadlock (tf.errors.AbortedError).
class AbortedError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "AbortedError"; }
};

/// An index or iteration went past the end (tf.errors.OutOfRangeError).
class OutOfRangeError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "OutOfRangeError"; }
};

/// The operation is not supported for these arguments (tf.errors.UnimplementedError).
class UnimplementedError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "UnimplementedError"; }
};

/// A registry lookup failed, e.g. no gradient is registered for an op (Python's LookupError).
class LookupError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "LookupError"; }
};

/// An invariant of tfpp itself was broken; a bug to report (tf.errors.InternalError).
class InternalError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "InternalError"; }
};

/// The service the call needs is not running, e.g. no profiler to stop (tf.errors.UnavailableError).
class UnavailableError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "UnavailableError"; }
};

/// A file or stream could not be read or written, or its contents are damaged (tf.errors.DataLossError).
class DataLossError : public Error {
 public:
  using Error::Error;
  const char* class_name() const noexcept override { return "DataLossError"; }
};

}  // namespace tf

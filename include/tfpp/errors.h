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
};

/// An argument has the wrong shape, dtype or value (tf.errors.InvalidArgumentError).
class InvalidArgumentError : public Error {
 public:
  using Error::Error;
};

/// Something looked up by name does not exist (tf.errors.NotFoundError).
class NotFoundError : public Error {
 public:
  using Error::Error;
};

/// An index or iteration went past the end (tf.errors.OutOfRangeError).
class OutOfRangeError : public Error {
 public:
  using Error::Error;
};

/// The system is not in a state the call needs (tf.errors.FailedPreconditionError).
class FailedPreconditionError : public Error {
 public:
  using Error::Error;
};

/// The operation is not supported for these arguments (tf.errors.UnimplementedError).
class UnimplementedError : public Error {
 public:
  using Error::Error;
};

/// A registry lookup failed, e.g. no gradient is registered for an op (Python's LookupError).
class LookupError : public Error {
 public:
  using Error::Error;
};

/// An invariant of tfpp itself was broken; a bug to report (tf.errors.InternalError).
class InternalError : public Error {
 public:
  using Error::Error;
};

/// A file or stream could not be read or written, or its contents are damaged (tf.errors.DataLossError).
class DataLossError : public Error {
 public:
  using Error::Error;
};

}  // namespace tf

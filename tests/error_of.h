// The message of the tf::InvalidArgumentError a call raises, for tests of error paths.
#pragma once

#include <functional>
#include <string>

#include <tfpp/errors.h>

namespace tf::testing {

/// Runs fn and returns the message of the InvalidArgumentError it throws, or "no error".
inline std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const InvalidArgumentError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace tf::testing

// Argument checks that TensorFlow makes in Python (raising ValueError) rather than in an op.
#pragma once

#include <string_view>

#include "bindings.h"

namespace tfpp_python {

/// Runs f, turning the tf::InvalidArgumentError of a check named for `function` ("[bias_add] ...",
/// a C++ function's own check, not an op's) into ValueError, as TensorFlow's Python raises.
template <class F>
auto python_checked(std::string_view function, F&& f) {
  try {
    return f();
  } catch (const tf::InvalidArgumentError& e) {
    const std::string_view message = e.what();
    if (message.starts_with("[") && message.substr(1).starts_with(function) &&
        message.substr(1 + function.size()).starts_with("]"))
      throw nb::value_error(e.what());
    throw;
  }
}

}  // namespace tfpp_python

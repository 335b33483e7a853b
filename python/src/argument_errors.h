// TensorFlow's Python checks the arguments of its composite functions itself and raises
// ValueError (or TypeError); tfpp's C++ composites raise InvalidArgumentError naming the function
// ("[norm] 'ord' must be ..."). The bindings turn those back into the Python classes, leaving the
// errors of the ops inside (named by their op: "[Sqrt] ...") as they are.
#pragma once

#include <string>
#include <string_view>

#include "bindings.h"

namespace tfpp_python {

/// Runs fn(); an InvalidArgumentError whose message starts with "[<function>]" becomes
/// ValueError, or TypeError when `type_error` is set.
template <class Fn>
auto python_argument_errors(std::string_view function, Fn&& fn, bool type_error = false) {
  try {
    return fn();
  } catch (const tf::InvalidArgumentError& e) {
    const std::string_view message = e.what();
    if (message.size() > function.size() + 1 && message[0] == '[' && message.substr(1, function.size()) == function &&
        message[function.size() + 1] == ']') {
      if (type_error) throw nb::type_error(e.what());
      throw nb::value_error(e.what());
    }
    throw;
  }
}

}  // namespace tfpp_python

#include "padding_argument.h"

#include <nanobind/stl/string.h>

namespace tfpp_python {

std::string named_padding(nb::handle padding) {
  if (!nb::isinstance<nb::str>(padding))
    throw nb::type_error(("Expected string for argument 'padding' not " + nb::cast<std::string>(nb::repr(padding)) + ".").c_str());
  return nb::cast<std::string>(padding);
}

tf::nn::Padding explicit_or_named_padding(nb::handle padding) {
  if (!nb::isinstance<nb::list>(padding) && !nb::isinstance<nb::tuple>(padding)) {
    const std::string name = named_padding(padding);
    if (name == "EXPLICIT")
      throw nb::value_error("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be a list.");
    return name;
  }
  const std::string shown = nb::cast<std::string>(nb::str(padding));
  std::vector<std::array<std::int64_t, 2>> pairs;
  std::size_t i = 0;
  for (nb::handle pair : padding) {
    const std::string received = "When `padding` is a list, each element of `padding` must be a list/tuple of size 2. "
                                 "Received: padding=" + shown + " with element at index " + std::to_string(i++);
    if (!nb::isinstance<nb::list>(pair) && !nb::isinstance<nb::tuple>(pair))
      throw nb::value_error((received + " of type " + nb::cast<std::string>(nb::str(pair.type()))).c_str());
    if (nb::len(pair) != 2) throw nb::value_error((received + " of size " + std::to_string(nb::len(pair))).c_str());
    pairs.push_back({nb::cast<std::int64_t>(pair[0]), nb::cast<std::int64_t>(pair[1])});
  }
  if (pairs.size() != 4)
    throw nb::value_error(("When padding is a list, it must be of size 4. Received: padding=" + shown + " of size " +
                           std::to_string(pairs.size())).c_str());
  return {pairs[0], pairs[1], pairs[2], pairs[3]};
}

}  // namespace tfpp_python

// tf.timestamp for Python.
#include "bindings.h"
#include "tfpp/timestamp.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_timestamp(nb::module_& m) {
  m.def("timestamp", [](nb::handle name) {
    NodeName named(name);
    return tf::timestamp();
  }, "name"_a = nb::none(), "Seconds since the Unix epoch (float64) when the op runs.");
}

}  // namespace tfpp_python

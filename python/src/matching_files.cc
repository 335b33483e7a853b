// tf.io.matching_files for Python.
#include "bindings.h"
#include "tfpp/matching_files.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_matching_files(nb::module_& m) {
  nb::module_ io = nb::borrow<nb::module_>(m.attr("_io"));
  io.def("matching_files", [](nb::handle pattern, nb::handle name) {
    NodeName named(name);
    return tf::io::matching_files(to_tensor(pattern));
  }, "pattern"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python

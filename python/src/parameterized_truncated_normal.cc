// tf.random.stateless_parameterized_truncated_normal for Python, with TensorFlow's defaults.
#include "bindings.h"
#include "tfpp/parameterized_truncated_normal.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_parameterized_truncated_normal(nb::module_& m) {
  nb::module_ random = nb::borrow<nb::module_>(m.attr("random"));
  random.def("stateless_parameterized_truncated_normal", [](nb::handle shape, nb::handle seed, nb::handle means,
                                                            nb::handle stddevs, nb::handle minvals, nb::handle maxvals,
                                                            nb::handle name) {
    NodeName named(name);
    return tf::random::stateless_parameterized_truncated_normal(shape_from(shape), tf::IntArray(to_tensor(seed)),
                                                                to_tensor(means), to_tensor(stddevs), to_tensor(minvals),
                                                                to_tensor(maxvals));
  }, "shape"_a, "seed"_a, "means"_a = 0.0, "stddevs"_a = 1.0, "minvals"_a = -2.0, "maxvals"_a = 2.0, "name"_a = nb::none(),
     "Truncated normal values of `shape` with broadcast parameters that depend only on `seed`.");
}

}  // namespace tfpp_python

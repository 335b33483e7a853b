// tf.nn.dilation2d's op for Python (python/tfpp/nn_composites.py checks data_format first).
#include <nanobind/stl/string.h>

#include "bindings.h"
#include "tfpp/dilation_ops.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_dilation_ops(nb::module_& m) {
  nb::module_ nn = nb::borrow<nb::module_>(m.attr("nn"));
  nn.def("_dilation2d", [](nb::handle input, nb::handle filters, nb::handle strides, const std::string& padding,
                           nb::handle dilations, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = to_tensor(input);
    return tf::nn::dilation2d(x, to_tensor(filters, x.dtype()), int_list(strides), padding, int_list(dilations));
  }, "input"_a, "filters"_a, "strides"_a, "padding"_a, "dilations"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python

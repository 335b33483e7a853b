// tf.histogram_fixed_width's op for Python (python/tfpp/histograms.py).
#include "bindings.h"
#include "tfpp/histogram_ops.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_histogram_ops(nb::module_& m) {
  m.def("_histogram_fixed_width", [](nb::handle values, nb::handle value_range, std::int64_t nbins, nb::handle dtype,
                                     nb::handle name) {
    NodeName named(name);
    const tf::Tensor v = to_tensor(values);
    return tf::histogram_fixed_width(v, to_tensor(value_range, v.dtype()), nbins, dtype_from(dtype));
  }, "values"_a, "value_range"_a, "nbins"_a, "dtype"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python

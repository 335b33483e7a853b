// _tfpp.keras.initialize: calls a keras.initializers object (its serialized config) for a shape
// and dtype, through the C++ initializer layers' weights use.
#include <nanobind/stl/vector.h>

#include "keras/layers/config_util.h"
#include "keras_bindings.h"

namespace tfpp_python {

void bind_keras_initializers(nb::module_& m) {
  using namespace nb::literals;
  m.def("initialize", [](nb::handle serialized, std::vector<std::int64_t> shape, nb::handle dtype) {
        const tf::keras::initializers::Initializer init = tf::keras::detail::initializer_from(config_from_python(serialized));
        return init(tf::TensorShape(shape), dtype.is_none() ? tf::float32 : dtype_from(dtype));
      }, "serialized"_a, "shape"_a, "dtype"_a.none(),
      "A tensor of `shape` and `dtype` (float32 if None) from the initializer {'class_name': ..., 'config': ...}.");
}

}  // namespace tfpp_python

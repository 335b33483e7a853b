// tf.nn.isotonic_regression's op for Python (python/tfpp/nn_composites.py names the pair).
#include "bindings.h"
#include "tfpp/isotonic_regression.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_isotonic_regression(nb::module_& m) {
  nb::module_ nn = nb::borrow<nb::module_>(m.attr("nn"));
  nn.def("_isotonic_regression", [](nb::handle inputs, bool decreasing, std::int64_t axis) {
    const tf::nn::IsotonicRegressionResult r =
        tf::nn::isotonic_regression(to_tensor(inputs), {.decreasing = decreasing, .axis = axis});
    return nb::make_tuple(r.output, r.segments);
  }, "inputs"_a, "decreasing"_a = true, "axis"_a = -1, "(output, segments) of the isotonic regression along axis.");
}

}  // namespace tfpp_python

// tf.gradients for Python (python/tfpp/symbolic_gradients.py): symbolic gradients inside a trace.
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "tfpp/graph_gradients.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_graph_gradients(nb::module_& m) {
  m.def("_graph_gradients", [](nb::handle ys, nb::handle xs, nb::handle grad_ys, bool zero_unconnected) {
    std::vector<tf::Tensor> targets, weights;
    for (nb::handle y : ys) targets.push_back(to_tensor(y));
    if (!grad_ys.is_none())
      for (nb::handle w : grad_ys) weights.push_back(to_tensor(w));
    std::vector<tf::GraphGradientSource> sources;
    for (nb::handle x : xs) {
      if (nb::isinstance<tf::Variable>(x)) sources.emplace_back(nb::cast<tf::Variable>(x));
      else sources.emplace_back(to_tensor(x));
    }
    std::vector<tf::Tensor> grads = tf::gradients(targets, sources, weights,
                                                  zero_unconnected ? tf::UnconnectedGradients::ZERO
                                                                   : tf::UnconnectedGradients::NONE);
    nb::list result;
    for (const tf::Tensor& g : grads) result.append(g.defined() ? nb::cast(g) : nb::none());
    return result;
  }, "ys"_a, "xs"_a, "grad_ys"_a.none(), "zero_unconnected"_a);
}

}  // namespace tfpp_python

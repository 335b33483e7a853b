// tf.gradients for Python (python/tfpp/symbolic_gradients.py): symbolic gradients inside a trace;
// and tf.no_gradient's registration.
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "ops/op_def.h"
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
  m.def("_no_gradient", [](const std::string& op_type) {
    // As TensorFlow's registry: an op's gradient (or its absence) is registered once.
    const tf::ops::OpDef* op = tf::ops::find_op(op_type);
    if (op && (op->gradient || op->no_gradient))
      throw tf::LookupError("Registering two gradient with name '" + op_type + "'!");
    tf::ops::set_no_gradient(op_type);
  }, "op_type"_a, "Marks the ops of type op_type as not differentiable (tf.no_gradient).");
}

}  // namespace tfpp_python

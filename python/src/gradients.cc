// Gradients defined in Python: tf.custom_gradient's record on the tapes (the decorator is
// python/tfpp/gradients.py) and tf.RegisterGradient, over the C++ tapes and gradient registry. The
// Python gradient functions run when a tape asks for them, possibly long after the call, so they
// are held as SharedPyObject and called with the GIL taken.
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "function/custom_gradient_record.h"
#include "tfpp/image_ops.h"
#include "tfpp/register_gradient.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// What a Python gradient function returned: one gradient, or a list or tuple with None for
// inputs that get none, as tensors (undefined for None).
std::vector<tf::Tensor> gradients_from(nb::handle result) {
  std::vector<tf::Tensor> grads;
  if (nb::isinstance<nb::list>(result) || nb::isinstance<nb::tuple>(result)) {
    for (nb::handle g : result) grads.push_back(g.is_none() ? tf::Tensor() : to_tensor(g));
  } else {
    grads.push_back(result.is_none() ? tf::Tensor() : to_tensor(result));
  }
  return grads;
}

// One upstream gradient per output for a Python gradient function (None where a tape has none).
nb::list upstream_list(std::span<const tf::Tensor> grads) {
  nb::list upstream;
  for (const tf::Tensor& g : grads) upstream.append(g.defined() ? nb::cast(g) : nb::none());
  return upstream;
}

// tf.custom_gradient's record (the decorator, python/tfpp/gradients.py, runs the forward function):
// `outputs` get identities of their own, recorded on every recording tape as one call of `inputs`
// whose backward is backward(upstream list) -> one gradient (or None) per input, as TensorFlow's
// record_operation. The inputs include the reads of the variables the forward function used.
std::vector<tf::Tensor> record_custom_gradient(std::vector<tf::Tensor> inputs, std::vector<tf::Tensor> outputs,
                                               nb::callable backward) {
  const std::size_t num_inputs = inputs.size();
  auto backward_fn = std::make_shared<tf::autodiff::BackwardFn>(
      [grad = SharedPyObject(std::move(backward)), num_inputs](std::span<const tf::Tensor> dys) {
        nb::gil_scoped_acquire gil;
        std::vector<tf::Tensor> grads = gradients_from(grad.get()(upstream_list(dys)));
        if (grads.size() != num_inputs)  // the decorator checks first, with TensorFlow's messages
          throw nb::value_error(("custom_gradient: " + std::to_string(grads.size()) + " gradients for " +
                                 std::to_string(num_inputs) + " inputs").c_str());
        tf::autodiff::Grads out;
        for (tf::Tensor& g : grads) out.push_back(std::move(g));
        return out;
      });
  return tf::function_ops::record_custom_gradient(inputs, outputs, std::move(backward_fn));
}

// tf.RegisterGradient(op_type)(fn): fn(op, *grads) with op.inputs, op.outputs and op.type.
void register_gradient(const std::string& op_type, nb::object fn) {
  tf::RegisterGradient(op_type, [fn = SharedPyObject(std::move(fn))](const tf::Operation& op,
                                                                      const std::vector<tf::Tensor>& grads) {
    nb::gil_scoped_acquire gil;
    nb::list args;
    args.append(nb::cast(op));
    for (const tf::Tensor& g : grads) args.append(nb::cast(g));
    return gradients_from(fn.get()(*nb::tuple(args)));
  });
}

}  // namespace

void bind_gradients(nb::module_& m) {
  nb::class_<tf::Operation>(m, "Operation", "The op call a registered gradient function differentiates.")
      .def_prop_ro("type", &tf::Operation::type)
      .def_prop_ro("inputs", &tf::Operation::inputs)
      .def_prop_ro("outputs", &tf::Operation::outputs);
  m.def("_record_custom_gradient", &record_custom_gradient, "inputs"_a, "outputs"_a, "backward"_a,
        "Records outputs (returned as new identities) as one call of inputs whose gradient is backward(upstreams).");
  m.def("_register_gradient", &register_gradient, "op_type"_a, "fn"_a);
  nb::module_ image = m.def_submodule("image", "tf.image: image adjustments.");
  image.def("adjust_contrast", [](nb::handle images, nb::handle contrast_factor) {
    const tf::Tensor x = to_tensor(images);
    return tf::image::adjust_contrast(x, operand_like(contrast_factor, x));
  }, "images"_a, "contrast_factor"_a);
}

}  // namespace tfpp_python

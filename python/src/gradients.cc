// Gradients defined in Python: tf.custom_gradient's call (the decorator is python/tfpp/gradients.py)
// and tf.RegisterGradient, over tf::custom_gradient's and tf::RegisterGradient's C++ machinery. The
// Python gradient functions run when a tape asks for them, possibly long after the call, so they
// are held as SharedPyObject and called with the GIL taken.
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
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

// tf.custom_gradient's call: forward() returns (y, grad_fn); grad_fn(dy) gives the inputs' gradients.
tf::Tensor custom_gradient_call(std::vector<tf::Tensor> inputs, nb::object forward) {
  return tf::detail::call_with_custom_gradient(inputs, [&]() -> tf::detail::CustomGradientResult {
    nb::object result = forward();
    if (!nb::isinstance<nb::tuple>(result) || nb::len(result) != 2)
      throw nb::type_error("A function decorated with tf.custom_gradient must return a pair (y, grad_fn)");
    nb::object grad_fn = result[1];
    if (!PyCallable_Check(grad_fn.ptr()))
      throw nb::type_error("The gradient function of tf.custom_gradient (the second result) must be callable");
    const std::size_t expected = inputs.size();
    return {to_tensor(result[0]), [grad = SharedPyObject(grad_fn), expected](const tf::Tensor& dy) {
              nb::gil_scoped_acquire gil;
              std::vector<tf::Tensor> grads = gradients_from(grad.get()(dy));
              if (grads.size() != expected)
                throw nb::value_error(("custom_gradient function expected to return " + std::to_string(expected) +
                                       " gradients, but returned " + std::to_string(grads.size()) + " instead.")
                                          .c_str());
              return grads;
            }};
  });
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
  m.def("_custom_gradient_call", &custom_gradient_call, "inputs"_a, "forward"_a);
  m.def("_register_gradient", &register_gradient, "op_type"_a, "fn"_a);
  nb::module_ image = m.def_submodule("image", "tf.image: image adjustments.");
  image.def("adjust_contrast", [](nb::handle images, nb::handle contrast_factor) {
    const tf::Tensor x = to_tensor(images);
    return tf::image::adjust_contrast(x, operand_like(contrast_factor, x));
  }, "images"_a, "contrast_factor"_a);
}

}  // namespace tfpp_python

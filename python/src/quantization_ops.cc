// tf.quantization's fake quantization and quantize-and-dequantize ops for Python (tfpp._tfpp.quantization), with
// TensorFlow's argument names and defaults; python/tfpp/quantization.py returns the Vars
// gradients as TensorFlow's named tuples.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "bindings.h"
#include "tfpp/fake_quant_ops.h"
#include "tfpp/quantize_and_dequantize.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace q = tf::quantization;

nb::tuple three(q::FakeQuantGradients g) {
  return nb::make_tuple(g.backprops_wrt_input, g.backprop_wrt_min, g.backprop_wrt_max);
}

tf::Tensor float32_tensor(nb::handle value) { return to_tensor(value, tf::float32); }

}  // namespace

void bind_quantization_ops(nb::module_& m) {
  nb::module_ quantization = m.def_submodule("quantization", "tf.quantization: fake quantization, quantize and dequantize.");
  quantization.def("fake_quant_with_min_max_args", [](nb::handle inputs, double min, double max, std::int64_t num_bits,
                                                      bool narrow_range, nb::handle name) {
    NodeName named(name);
    return q::fake_quant_with_min_max_args(float32_tensor(inputs),
                                           {.min = min, .max = max, .num_bits = num_bits, .narrow_range = narrow_range});
  }, "inputs"_a, "min"_a = -6.0, "max"_a = 6.0, "num_bits"_a = 8, "narrow_range"_a = false, "name"_a = nb::none());
  quantization.def("fake_quant_with_min_max_args_gradient", [](nb::handle gradients, nb::handle inputs, double min, double max,
                                                               std::int64_t num_bits, bool narrow_range, nb::handle name) {
    NodeName named(name);
    return q::fake_quant_with_min_max_args_gradient(float32_tensor(gradients), float32_tensor(inputs),
                                                    {.min = min, .max = max, .num_bits = num_bits, .narrow_range = narrow_range});
  }, "gradients"_a, "inputs"_a, "min"_a = -6.0, "max"_a = 6.0, "num_bits"_a = 8, "narrow_range"_a = false,
     "name"_a = nb::none());
  using Forward = tf::Tensor (*)(const tf::Tensor&, const tf::Tensor&, const tf::Tensor&, const q::FakeQuantOptions&);
  for (auto [py_name, fn] : {std::pair<const char*, Forward>{"fake_quant_with_min_max_vars", q::fake_quant_with_min_max_vars},
                             {"fake_quant_with_min_max_vars_per_channel", q::fake_quant_with_min_max_vars_per_channel}}) {
    quantization.def(py_name, [fn](nb::handle inputs, nb::handle min, nb::handle max, std::int64_t num_bits, bool narrow_range,
                                   nb::handle name) {
      NodeName named(name);
      return fn(float32_tensor(inputs), float32_tensor(min), float32_tensor(max),
                {.num_bits = num_bits, .narrow_range = narrow_range});
    }, "inputs"_a, "min"_a, "max"_a, "num_bits"_a = 8, "narrow_range"_a = false, "name"_a = nb::none());
  }
  // The gradients as a plain tuple: quantization.py names its fields.
  using Backward = q::FakeQuantGradients (*)(const tf::Tensor&, const tf::Tensor&, const tf::Tensor&, const tf::Tensor&,
                                             const q::FakeQuantOptions&);
  for (auto [py_name, fn] :
       {std::pair<const char*, Backward>{"_fake_quant_with_min_max_vars_gradient", q::fake_quant_with_min_max_vars_gradient},
        {"_fake_quant_with_min_max_vars_per_channel_gradient", q::fake_quant_with_min_max_vars_per_channel_gradient}}) {
    quantization.def(py_name, [fn](nb::handle gradients, nb::handle inputs, nb::handle min, nb::handle max,
                                   std::int64_t num_bits, bool narrow_range, nb::handle name) {
      NodeName named(name);
      return three(fn(float32_tensor(gradients), float32_tensor(inputs), float32_tensor(min), float32_tensor(max),
                      {.num_bits = num_bits, .narrow_range = narrow_range}));
    }, "gradients"_a, "inputs"_a, "min"_a, "max"_a, "num_bits"_a = 8, "narrow_range"_a = false, "name"_a = nb::none());
  }
  using QuantizeAndDequantize = tf::Tensor (*)(const tf::Tensor&, const tf::Tensor&, const tf::Tensor&,
                                               const q::QuantizeAndDequantizeOptions&);
  for (auto [py_name, fn] : {std::pair<const char*, QuantizeAndDequantize>{"quantize_and_dequantize_v2", q::quantize_and_dequantize_v2},
                             {"quantize_and_dequantize", q::quantize_and_dequantize}}) {
    quantization.def(py_name, [fn](nb::handle input, nb::handle input_min, nb::handle input_max, bool signed_input,
                                   std::int64_t num_bits, bool range_given, const std::string& round_mode, nb::handle name,
                                   bool narrow_range, std::optional<std::int64_t> axis) {
      NodeName named(name);
      const tf::Tensor x = to_tensor(input);
      return fn(x, to_tensor(input_min, x.dtype()), to_tensor(input_max, x.dtype()),
                {.signed_input = signed_input, .num_bits = num_bits, .range_given = range_given, .round_mode = round_mode,
                 .narrow_range = narrow_range, .axis = axis});
    }, "input"_a, "input_min"_a, "input_max"_a, "signed_input"_a = true, "num_bits"_a = 8, "range_given"_a = false,
       "round_mode"_a = "HALF_TO_EVEN", "name"_a = nb::none(), "narrow_range"_a = false, "axis"_a = nb::none());
  }
}

}  // namespace tfpp_python

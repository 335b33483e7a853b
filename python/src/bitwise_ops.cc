// tf.bitwise (bitwise_and, bitwise_or, bitwise_xor, invert, left_shift, right_shift) and
// tf.bitcast for Python, bound from bitwise_ops.h and bitcast.h.
#include "bindings.h"
#include "tfpp/bitcast.h"
#include "tfpp/bitwise_ops.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_bitwise_ops(nb::module_& m) {
  nb::module_ bitwise = m.def_submodule("bitwise", "tf.bitwise: bitwise operations on integer tensors.");
  using BinaryFn = tf::Tensor (*)(const tf::Tensor&, const tf::Tensor&);
  const std::pair<const char*, BinaryFn> binary[] = {
      {"bitwise_and", tf::bitwise::bitwise_and}, {"bitwise_or", tf::bitwise::bitwise_or},
      {"bitwise_xor", tf::bitwise::bitwise_xor}, {"left_shift", tf::bitwise::left_shift},
      {"right_shift", tf::bitwise::right_shift}};
  for (const auto& [op_name, fn] : binary) {
    bitwise.def(op_name, [fn](nb::handle x, nb::handle y, nb::handle name) {
      auto [a, b] = binary_operands(x, y);
      NodeName named(name);
      return fn(a, b);
    }, "x"_a, "y"_a, "name"_a = nb::none());
  }
  bitwise.def("invert", [](nb::handle x, nb::handle name) {
    NodeName named(name);
    return tf::bitwise::invert(to_tensor(x));
  }, "x"_a, "name"_a = nb::none());
  m.def("bitcast", [](nb::handle input, nb::handle type, nb::handle name) {
    NodeName named(name);
    return tf::bitcast(to_tensor(input), dtype_from(type));
  }, "input"_a, "type"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python

// The Python operators of tensors and variables (+ - * / // % ** @, comparisons, & | ^ ~, unary
// - and abs), with TensorFlow's semantics: a Python value takes the other operand's dtype, and
// & | ^ ~ are logical on bools and bitwise on integers.
#pragma once

#include "bindings.h"

namespace tfpp_python {

using tf::detail::Operator;

// Whether `tensor OP other` is left to other's reflected operator, as a Python operator returning
// NotImplemented does: RaggedTensors (class attribute `_overrides_tensor_operators`) apply it to
// their flat values. Tensors and Python numbers, the common operands, are decided at once.
inline bool defers_to(nb::handle other) {
  if (is_tensor_like(other) || PyFloat_Check(other.ptr()) || PyLong_Check(other.ptr())) return false;
  return nb::hasattr(nb::handle(reinterpret_cast<PyObject*>(Py_TYPE(other.ptr()))), "_overrides_tensor_operators");
}

// `x + y`, `x @ y` and `x / y` convert a Python or NumPy y as tf.convert_to_tensor's dtype_hint
// does (TensorFlow's add, matmul and truediv); the other operators and every reflected one
// convert it to the tensor's dtype or raise, as the ops' own conversion does. Both of `/` check
// truediv's one-dtype rule.
template <Operator Op>
std::pair<tf::Tensor, tf::Tensor> operator_operands(nb::handle a, nb::handle b) {
  if constexpr (Op == Operator::kTrueDiv) return truediv_operands(a, b);
  else if constexpr (Op == Operator::kAdd || Op == Operator::kMatMul) return hinted_operands(a, b);
  else return binary_operands(a, b);
}

// Through the C++ operators, so traced nodes are named as TensorFlow's Python names them ("mul").
template <Operator Op>
nb::object forward(nb::handle a, nb::handle b) {
  if (defers_to(b)) return nb::borrow(Py_NotImplemented);
  auto [x, y] = operator_operands<Op>(a, b);
  return nb::cast(tf::detail::apply_operator(Op, x, y));
}

// `b op a` for a Python or NumPy b, which Python tries after b's own operator declined.
template <Operator Op>
tf::Tensor reflected(nb::handle a, nb::handle b) {
  auto [y, x] = Op == Operator::kTrueDiv ? truediv_operands(b, a) : binary_operands(b, a);
  return tf::detail::apply_operator(Op, y, x);
}

inline tf::Tensor exclusive_or(const tf::Tensor& x, const tf::Tensor& y) {
  return x.dtype() == tf::bool_ ? tf::math::logical_xor(x, y) : tf::bitwise::bitwise_xor(x, y);
}

inline nb::object xor_operator(nb::handle a, nb::handle b) {
  if (defers_to(b)) return nb::borrow(Py_NotImplemented);
  auto [x, y] = binary_operands(a, b);
  return nb::cast(exclusive_or(x, y));
}

inline tf::Tensor reflected_xor(nb::handle a, nb::handle b) {
  auto [y, x] = binary_operands(b, a);
  return exclusive_or(y, x);
}

inline tf::Tensor invert(nb::handle value) {
  const tf::Tensor x = to_tensor(value);
  return x.dtype() == tf::bool_ ? tf::math::logical_not(x) : tf::bitwise::invert(x);
}

/// Adds the operators to a class whose objects convert to tensors (Tensor, Variable).
template <class C>
void add_operators(nb::class_<C>& cls) {
  cls.def("__add__", &forward<Operator::kAdd>, nb::arg("other").none())
      .def("__radd__", &reflected<Operator::kAdd>, nb::arg("other").none())
      .def("__sub__", &forward<Operator::kSub>, nb::arg("other").none())
      .def("__rsub__", &reflected<Operator::kSub>, nb::arg("other").none())
      .def("__mul__", &forward<Operator::kMul>, nb::arg("other").none())
      .def("__rmul__", &reflected<Operator::kMul>, nb::arg("other").none())
      .def("__truediv__", &forward<Operator::kTrueDiv>, nb::arg("other").none())
      .def("__rtruediv__", &reflected<Operator::kTrueDiv>, nb::arg("other").none())
      .def("__floordiv__", &forward<Operator::kFloorDiv>, nb::arg("other").none())
      .def("__rfloordiv__", &reflected<Operator::kFloorDiv>, nb::arg("other").none())
      .def("__mod__", &forward<Operator::kMod>, nb::arg("other").none())
      .def("__rmod__", &reflected<Operator::kMod>, nb::arg("other").none())
      .def("__pow__", &forward<Operator::kPow>, nb::arg("other").none())
      .def("__rpow__", &reflected<Operator::kPow>, nb::arg("other").none())
      .def("__matmul__", &forward<Operator::kMatMul>, nb::arg("other").none())
      .def("__rmatmul__", &reflected<Operator::kMatMul>, nb::arg("other").none())
      .def("__lt__", &forward<Operator::kLess>, nb::arg("other").none())
      .def("__le__", &forward<Operator::kLessEqual>, nb::arg("other").none())
      .def("__gt__", &forward<Operator::kGreater>, nb::arg("other").none())
      .def("__ge__", &forward<Operator::kGreaterEqual>, nb::arg("other").none())
      .def("__and__", &forward<Operator::kAnd>, nb::arg("other").none())
      .def("__rand__", &reflected<Operator::kAnd>, nb::arg("other").none())
      .def("__or__", &forward<Operator::kOr>, nb::arg("other").none())
      .def("__ror__", &reflected<Operator::kOr>, nb::arg("other").none())
      .def("__xor__", &xor_operator, nb::arg("other").none())
      .def("__rxor__", &reflected_xor, nb::arg("other").none())
      .def("__invert__", &invert)
      .def("__neg__", [](nb::handle x) { return tf::math::negative(to_tensor(x)); })
      .def("__abs__", [](nb::handle x) { return tf::math::abs(to_tensor(x)); });
}

}  // namespace tfpp_python

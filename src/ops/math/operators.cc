// The C++ operators on tensors (`a * b`, `x / 2`, `p & q`): tf::math's functions, with graph
// nodes named as TensorFlow's Python operators name theirs.
#include "graph/tracer.h"
#include "ops/math/truediv_dtype.h"
#include "tfpp/bitwise_ops.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"

namespace tf::detail {
namespace {

Tensor compute(Operator op, const Tensor& a, const Tensor& b) {
  switch (op) {
    case Operator::kAdd: return math::add(a, b);
    case Operator::kSub: return math::subtract(a, b);
    case Operator::kMul: return math::multiply(a, b);
    case Operator::kTrueDiv: return math::truediv(a, b);
    case Operator::kMod: return math::floormod(a, b);
    case Operator::kLess: return math::less(a, b);
    case Operator::kLessEqual: return math::less_equal(a, b);
    case Operator::kGreater: return math::greater(a, b);
    case Operator::kGreaterEqual: return math::greater_equal(a, b);
    // Logical on bools, bitwise on integers, as TensorFlow's Python operators.
    case Operator::kAnd: return a.dtype() == bool_ ? math::logical_and(a, b) : bitwise::bitwise_and(a, b);
    case Operator::kOr: return a.dtype() == bool_ ? math::logical_or(a, b) : bitwise::bitwise_or(a, b);
    case Operator::kFloorDiv: return math::floordiv(a, b);
    case Operator::kPow: return math::pow(a, b);
    case Operator::kMatMul: return matmul(a, b);
  }
  throw InvalidArgumentError("[operator] unknown operator");
}

// The name scope TensorFlow's Python opens around each operator (math_ops' binary_op_wrapper),
// or, for the comparisons it maps straight to generated ops, the op's own name.
const char* node_name(Operator op) {
  switch (op) {
    case Operator::kAdd: return "add";
    case Operator::kSub: return "sub";
    case Operator::kMul: return "mul";
    case Operator::kTrueDiv: return "truediv";
    case Operator::kMod: return "mod";
    case Operator::kLess: return "Less";
    case Operator::kLessEqual: return "LessEqual";
    case Operator::kGreater: return "Greater";
    case Operator::kGreaterEqual: return "GreaterEqual";
    case Operator::kAnd: return "and";
    case Operator::kOr: return "or";
    case Operator::kFloorDiv: return "floordiv";
    case Operator::kPow: return "pow";
    case Operator::kMatMul: return "matmul";
  }
  return "operator";
}

// An eager scalar operand of a traced operator (a number) becomes a constant named in the
// operator's scope, as TensorFlow converts a Python number there ("mul/y"); other tensors
// resolve as usual (an eager array stays one constant however often it is used).
Tensor traced_operand(graph::OpNameScope& scope, const Tensor& t, const char* name) {
  if (t.is_symbolic() || t.dtype() == DType::kResource || t.rank() != 0) return t;
  return scope.constant(t, name);
}

// Traced: TensorFlow's truediv casts integer operands inside its scope ("truediv/Cast") before
// the division takes the scope's name.
Tensor trace(graph::OpNameScope& scope, Operator op, const Tensor& x, const Tensor& y) {
  Tensor a = traced_operand(scope, x, "x"), b = traced_operand(scope, y, "y");
  if (op == Operator::kTrueDiv && is_integer(a.dtype()) && a.dtype() == b.dtype()) {
    a = cast(a, ops::math::truediv_dtype(a.dtype()));
    b = cast(b, ops::math::truediv_dtype(b.dtype()));
  }
  // TensorFlow's & and | on integers keep the bitwise op's own name inside the scope ("or/BitwiseOr").
  const bool bitwise = (op == Operator::kAnd || op == Operator::kOr) && a.dtype() != bool_;
  if (!bitwise) scope.name_next_op();
  return compute(op, a, b);
}

}  // namespace

Tensor apply_operator(Operator op, const Tensor& a, const Tensor& b) {
  graph::Tracer* tracer = ops::current_context() ? graph::Tracer::current() : nullptr;
  if (!tracer) return compute(op, a, b);
  graph::OpNameScope scope(*tracer, node_name(op));
  return trace(scope, op, a, b);
}

Tensor apply_operator(Operator op, const Tensor& a, double b) { return apply_operator(op, a, operand_scalar(a, b)); }

Tensor apply_operator(Operator op, double a, const Tensor& b) { return apply_operator(op, operand_scalar(b, a), b); }

}  // namespace tf::detail

#include "autodiff/complex_gradients.h"

#include <string_view>
#include <unordered_set>

#include "tfpp/complex_ops.h"

namespace tf::autodiff {

bool conjugates_gradient(const ops::OpDef& op, std::span<const ops::TensorInfo> inputs) {
  bool any_complex = false;
  for (const ops::TensorInfo& info : inputs) any_complex |= is_complex(info.dtype);
  if (!any_complex) return false;
  // The holomorphic ops whose gradient functions multiply by derivatives (linear ops with real
  // coefficients, such as AddV2, Sum or Transpose, need no conjugation). TensorFlow's gradients of
  // MulNoNan, Xlogy, Xdivy and Cumprod do not conjugate, so neither does tfpp for them.
  static const std::unordered_set<std::string_view> holomorphic = {
      "Mul",   "RealDiv", "DivNoNan", "Pow",  "Exp",  "Expm1", "Log",   "Log1p", "Sqrt",    "Rsqrt",
      "Square", "Reciprocal", "Sin", "Cos", "Tan",  "Sinh",  "Cosh",  "Tanh",  "Asin",    "Acos",
      "Atan",  "Asinh",   "Acosh",    "Atanh", "Sigmoid", "MatMul", "BatchMatMulV2", "Prod"};
  return holomorphic.contains(op.name);
}

Grads conjugate_all(std::span<const Tensor> ts) {
  Grads out;
  for (const Tensor& t : ts) out.push_back(t.defined() && is_complex(t.dtype()) ? math::conj(t) : t);
  return out;
}

}  // namespace tf::autodiff

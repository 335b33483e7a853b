// Softsign (x / (1 + |x|), an op in TensorFlow) and the composite log_sigmoid = -softplus(-x).
#include "tfpp/softsign_ops.h"

#include <cmath>

#include "ops/execute.h"
#include "ops/math/python_name_scope.h"
#include "ops/math/unary_kernels.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

template <class T> struct Softsign { T operator()(T x) const { return x / (T(1) + std::abs(x)); } };

const ops::OpDef& kSoftsign = ops::scalar_float_unary<Softsign>("Softsign");

}  // namespace

namespace math {

Tensor softsign(const Tensor& features) { return ops::execute1(kSoftsign, {features}); }

// Traced, TensorFlow's nodes read LogSigmoid/Neg, LogSigmoid/Softplus and LogSigmoid.
Tensor log_sigmoid(const Tensor& x) {
  return ops::with_python_scope("LogSigmoid", [&](graph::OpNameScope* s) {
    const Tensor softplus_of_negative = softplus(negative(x));
    if (s) s->name_next_op();
    return negative(softplus_of_negative);
  });
}

}  // namespace math

namespace nn {

Tensor softsign(const Tensor& features) { return math::softsign(features); }

}  // namespace nn
}  // namespace tf

// Comparisons with broadcasting, giving bool: Equal, NotEqual (also for bools and strings),
// Less, LessEqual, Greater, GreaterEqual.
#include <functional>
#include <string>

#include "kernels/cpu/broadcast.h"
#include "ops/execute.h"
#include "ops/math/elementwise_shapes.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;

template <class T, template <class> class Cmp>
void compare_kernel(KernelContext& ctx) {
  kernels::broadcast_binary<T, T, bool>(ctx.input(0), ctx.input(1), ctx.output(0), Cmp<T>{});
}

template <template <class> class Cmp>
OpBuilder ordering(const char* name) {
  OpBuilder b(name);
  b.inputs(2).shape(ops::comparison_shape).no_gradient()
      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t,
               std::uint32_t, std::uint64_t>([]<class T>() -> KernelFn { return &compare_kernel<T, Cmp>; });
  return b;
}

template <template <class> class Cmp>
OpBuilder equality(const char* name) {
  OpBuilder b = ordering<Cmp>(name);
  b.kernels<bool, std::string>([]<class T>() -> KernelFn { return &compare_kernel<T, Cmp>; });
  return b;
}

const OpDef& kEqual = equality<std::equal_to>("Equal");
const OpDef& kNotEqual = equality<std::not_equal_to>("NotEqual");
const OpDef& kLess = ordering<std::less>("Less");
const OpDef& kLessEqual = ordering<std::less_equal>("LessEqual");
const OpDef& kGreater = ordering<std::greater>("Greater");
const OpDef& kGreaterEqual = ordering<std::greater_equal>("GreaterEqual");

}  // namespace

namespace math {

Tensor equal(const Tensor& a, const Tensor& b) { return ops::execute1(kEqual, {a, b}); }
Tensor not_equal(const Tensor& a, const Tensor& b) { return ops::execute1(kNotEqual, {a, b}); }
Tensor less(const Tensor& a, const Tensor& b) { return ops::execute1(kLess, {a, b}); }
Tensor less_equal(const Tensor& a, const Tensor& b) { return ops::execute1(kLessEqual, {a, b}); }
Tensor greater(const Tensor& a, const Tensor& b) { return ops::execute1(kGreater, {a, b}); }
Tensor greater_equal(const Tensor& a, const Tensor& b) { return ops::execute1(kGreaterEqual, {a, b}); }

}  // namespace math
}  // namespace tf

// Sequences: Range (start, limit, delta) and LinSpace (start, stop, num).
#include <cmath>

#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/array_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

template <class T>
T scalar_value(const Tensor& t) {
  return *t.data<T>();
}

void check_scalars(const OpContext& ctx, std::initializer_list<const char*> names) {
  std::size_t i = 0;
  for (const char* name : names) {
    if (ctx.input(i).shape().rank() > 0)
      ctx.fail(std::string(name) + " must be a scalar, got " + ops::array::describe(ctx.input(i)));
    ++i;
  }
}

// The number of elements of range(start, limit, delta); validates the arguments.
template <class T>
std::int64_t range_size(const OpContext& ctx, T start, T limit, T delta) {
  auto str = [](T v) { return std::to_string(v); };
  if (delta == 0) ctx.fail("requires delta != 0, got " + str(delta));
  if (delta > 0 && start > limit) ctx.fail("requires start <= limit when delta > 0: " + str(start) + "/" + str(limit));
  if (delta < 0 && start < limit) ctx.fail("requires start >= limit when delta < 0: " + str(start) + "/" + str(limit));
  if constexpr (std::is_integral_v<T>) {
    const T span = limit > start ? limit - start : start - limit, step = delta > 0 ? delta : -delta;
    return static_cast<std::int64_t>((span + step - 1) / step);
  } else {
    return static_cast<std::int64_t>(std::ceil(std::abs((limit - start) / delta)));
  }
}

void range_shape(ShapeContext& ctx) {
  check_scalars(ctx, {"start", "limit", "delta"});
  const DType dtype = ctx.input(0).dtype();
  if (is_integer(dtype) && !is_index_dtype(dtype))  // TensorFlow's Range op takes them but has no CPU kernel
    throw NotFoundError("[Range] no CPU kernel for dtype " + std::string(dtype_name(dtype)) +
                        " (Range runs in float32, float64, int32 and int64)");
  if (!is_floating(dtype) && !is_index_dtype(dtype)) ctx.fail("start must be float32, float64, int32 or int64, got " + ops::array::describe(ctx.input(0)));
  for (std::size_t i = 1; i < 3; ++i)
    if (ctx.input(i).dtype() != dtype)
      ctx.fail("start, limit and delta must have one dtype, got " + std::string(dtype_name(dtype)) + ", " +
               std::string(dtype_name(ctx.input(1).dtype())) + " and " + std::string(dtype_name(ctx.input(2).dtype())));
  std::int64_t n = None;
  if (!ctx.input(0).is_symbolic() && !ctx.input(1).is_symbolic() && !ctx.input(2).is_symbolic()) {
    visit_dtype(dtype, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>)
        n = range_size<T>(ctx, scalar_value<T>(ctx.input(0)), scalar_value<T>(ctx.input(1)), scalar_value<T>(ctx.input(2)));
    });
  }
  ctx.add_output(dtype, TensorShape{n});
}

template <class T>
void range_kernel(KernelContext& ctx) {
  const T start = scalar_value<T>(ctx.input(0)), delta = scalar_value<T>(ctx.input(2));
  Tensor& out = ctx.output(0);
  T* o = out.mutable_data<T>();
  const std::int64_t n = out.num_elements();
  kernels::parallel_for(n, 1, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) o[i] = static_cast<T>(start + static_cast<T>(i) * delta);
  });
}

void linspace_shape(ShapeContext& ctx) {
  check_scalars(ctx, {"start", "stop", "num"});
  const DType dtype = ctx.input(0).dtype();
  if (!is_floating(dtype) || ctx.input(1).dtype() != dtype)
    ctx.fail("start and stop must be float32 or float64 scalars of one dtype, got " +
             ops::array::describe(ctx.input(0)) + " and " + ops::array::describe(ctx.input(1)));
  ops::array::check_int_input(ctx, 2, "num", 0);
  std::int64_t n = None;
  if (auto num = ops::array::known_int_values(ctx, 2)) {
    n = (*num)[0];
    if (n < 0) ctx.fail("requires num >= 0, got " + std::to_string(n));  // tf.linspace gives [] for 0
  }
  ctx.add_output(dtype, TensorShape{n});
}

template <class T>
void linspace_kernel(KernelContext& ctx) {
  const T start = scalar_value<T>(ctx.input(0)), stop = scalar_value<T>(ctx.input(1));
  Tensor& out = ctx.output(0);
  T* o = out.mutable_data<T>();
  const std::int64_t n = out.num_elements();
  if (n == 0) return;
  if (n == 1) {
    o[0] = start;
    return;
  }
  const T step = (stop - start) / static_cast<T>(n - 1);
  for (std::int64_t i = 0; i < n - 1; ++i) o[i] = start + step * static_cast<T>(i);
  o[n - 1] = stop;  // exact, whatever the rounding of the steps
}

const OpDef& kRange = OpBuilder("Range").inputs(3).shape(range_shape).no_gradient()
                          .kernels<float, double, std::int32_t, std::int64_t>(
                              []<class T>() -> KernelFn { return &range_kernel<T>; });
const OpDef& kLinSpace = OpBuilder("LinSpace").inputs(3).shape(linspace_shape)
                             .kernels<float, double>([]<class T>() -> KernelFn { return &linspace_kernel<T>; });

}  // namespace

Tensor range(const Tensor& start, const Tensor& limit, const Tensor& delta) {
  return ops::execute1(kRange, {start, limit, delta});
}

Tensor range(double start, double limit, double delta, DType dtype) {
  return range(constant(start, dtype), constant(limit, dtype), constant(delta, dtype));
}

Tensor linspace(const Tensor& start, const Tensor& stop, std::int64_t num) {
  return ops::execute1(kLinSpace, {start, stop, constant(static_cast<std::int32_t>(num))});
}

Tensor linspace(double start, double stop, std::int64_t num, DType dtype) {
  return linspace(constant(start, dtype), constant(stop, dtype), num);
}

}  // namespace tf

// Random ops: RandomStandardNormal, RandomUniform, RandomUniformInt, TruncatedNormal, and
// tf::random::normal / uniform / truncated_normal built on them.
//
// The output shape is an attribute of the float ops (TensorFlow passes it as a tensor);
// RandomUniformInt takes shape, minval and maxval as inputs, as TensorFlow's does, so they may be
// symbolic inside tf::function. seed and seed2 come from tf::random::get_seed, and each call
// continues its stream (Note [Random streams]). The ops are stateful so graph passes never merge
// or fold them.
#include "tfpp/random_ops.h"

#include <limits>
#include <utility>

#include "kernels/cpu/philox_fill.h"
#include "ops/array/shape_tensor.h"
#include "ops/execute.h"
#include "ops/random/random_seed.h"
#include "ops/shape_fns.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Attribute positions of the float random ops, and of RandomUniformInt (whose shape is an input
// and whose dtype is its bounds').
enum RandomAttr { kShape, kDtype, kSeed, kSeed2 };
enum UniformIntAttr { kIntSeed, kIntSeed2 };

// One output of the requested dtype and shape; `allowed` says which dtypes the op makes.
template <bool (*allowed)(DType)>
void random_shape(ShapeContext& ctx) {
  const TensorShape& shape = ctx.attr<TensorShape>(kShape);
  const DType dtype = ctx.attr<DType>(kDtype);
  if (!allowed(dtype)) ctx.fail("unsupported dtype " + std::string(dtype_name(dtype)));
  if (!shape.is_fully_defined()) ctx.fail("the shape must be fully defined, got " + shape.debug_string());
  ctx.add_output(dtype, shape);
}

// Inputs: shape (1-D int), minval and maxval (int32 or int64 scalars, the output's dtype). As in
// TensorFlow, minval < maxval is the kernel's check, made only when there are numbers to draw.
void uniform_int_shape(ShapeContext& ctx) {
  const DType dtype = ctx.input(1).dtype();
  if (!is_index_dtype(dtype)) ctx.fail("minval must be int32 or int64, got dtype " + std::string(dtype_name(dtype)));
  ops::check_same_dtype(ctx, 1, 2);
  for (std::size_t i = 1; i <= 2; ++i) {
    const TensorShape& bound = ctx.input(i).shape();
    if (!bound.has_unknown_rank() && bound.rank() != 0)
      ctx.fail(std::string(i == 1 ? "minval" : "maxval") + " must be 0-D, got shape " + bound.debug_string());
  }
  ctx.add_output(dtype, ops::array::static_shape_of(ctx, 0, "shape"));
}

// The kernel's generator, past the 256 blocks per output TensorFlow's kernels reserve; seed and
// seed2 are the attributes at `seed_attr` and after it.
kernels::Philox generator(KernelContext& ctx, std::size_t seed_attr = kSeed) {
  return ops::reserve_philox(ctx, ctx.attr<std::int64_t>(seed_attr), ctx.attr<std::int64_t>(seed_attr + 1),
                             ops::blocks_for_outputs(ctx.output(0).num_elements()));
}

template <class T>
void normal_kernel(KernelContext& ctx) {
  kernels::fill_normal(generator(ctx), ctx.output(0).mutable_data<T>(), ctx.output(0).num_elements());
}
template <class T>
void uniform_kernel(KernelContext& ctx) {
  kernels::fill_uniform(generator(ctx), ctx.output(0).mutable_data<T>(), ctx.output(0).num_elements());
}
template <class T>
void truncated_normal_kernel(KernelContext& ctx) {
  kernels::fill_truncated_normal(generator(ctx), ctx.output(0).mutable_data<T>(), ctx.output(0).num_elements());
}
template <class T>
void uniform_int_kernel(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  if (out.num_elements() == 0) return;  // TensorFlow checks the bounds only when it draws numbers
  const T lo = ctx.input(1).data<T>()[0], hi = ctx.input(2).data<T>()[0];
  if (lo >= hi) ctx.fail("Need minval < maxval, got " + std::to_string(lo) + " >= " + std::to_string(hi));
  const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  kernels::fill_uniform_int<T>(generator(ctx, kIntSeed), out.mutable_data<T>(), out.num_elements(), lo, range);
}

// Dispatch goes by input 0, the shape; the output's dtype picks the kernel.
void uniform_int_any_shape_dtype(KernelContext& ctx) {
  if (ctx.output(0).dtype() == DType::kInt32) uniform_int_kernel<std::int32_t>(ctx);
  else uniform_int_kernel<std::int64_t>(ctx);
}

OpBuilder random_op(const char* name) {
  OpBuilder b(name);
  b.inputs(0).attrs({"shape", "dtype", "seed", "seed2"}).stateful().no_gradient();
  return b;
}

const OpDef& kRandomStandardNormal = random_op("RandomStandardNormal").shape(random_shape<is_floating>)
    .kernels<float, double>([]<class T>() -> KernelFn { return &normal_kernel<T>; });
const OpDef& kRandomUniform = random_op("RandomUniform").shape(random_shape<is_floating>)
    .kernels<float, double>([]<class T>() -> KernelFn { return &uniform_kernel<T>; });
const OpDef& kTruncatedNormal = random_op("TruncatedNormal").shape(random_shape<is_floating>)
    .kernels<float, double>([]<class T>() -> KernelFn { return &truncated_normal_kernel<T>; });
const OpDef& kRandomUniformInt = OpBuilder("RandomUniformInt").inputs(3).attrs({"seed", "seed2"}).stateful().no_gradient()
    .shape(uniform_int_shape)
    .kernel(DType::kInt32, uniform_int_any_shape_dtype).kernel(DType::kInt64, uniform_int_any_shape_dtype);

// Runs a seeded random op with attrs (shape, dtype, seed, seed2, stream).
Tensor run_random(const OpDef& op, const TensorShape& shape, DType dtype, std::optional<std::int64_t> op_seed) {
  const auto [seed, seed2] = random::get_seed(op_seed);
  const ops::AttrValue attrs[] = {shape, dtype, seed, seed2, ops::random_stream(op, dtype, seed, seed2)};
  return ops::execute1(op, {}, attrs);
}

// Bounds given as numbers, as scalars of the integer dtype, whose range they must fit.
std::pair<Tensor, Tensor> int_bounds(double minval, double maxval, DType dtype) {
  const auto lo = static_cast<std::int64_t>(minval), hi = static_cast<std::int64_t>(maxval);
  if (dtype == int64) return {constant(lo), constant(hi)};
  constexpr std::int64_t lowest = std::numeric_limits<std::int32_t>::min(), highest = std::numeric_limits<std::int32_t>::max();
  if (lo < lowest || lo > highest || hi < lowest || hi > highest)
    throw InvalidArgumentError("[RandomUniformInt] minval and maxval must fit in int32, got " + std::to_string(lo) +
                               " and " + std::to_string(hi));
  return {constant(static_cast<std::int32_t>(lo)), constant(static_cast<std::int32_t>(hi))};
}

// x * stddev + mean, skipping the identity steps.
Tensor scale_and_shift(Tensor x, double scale, double shift) {
  if (scale != 1.0) x = x * scale;
  if (shift != 0.0) x = x + shift;
  return x;
}

}  // namespace

namespace random {

Tensor normal(const TensorShape& shape, const NormalOptions& options) {
  return scale_and_shift(run_random(kRandomStandardNormal, shape, options.dtype, options.seed), options.stddev,
                         options.mean);
}

Tensor truncated_normal(const TensorShape& shape, const NormalOptions& options) {
  return scale_and_shift(run_random(kTruncatedNormal, shape, options.dtype, options.seed), options.stddev,
                         options.mean);
}

Tensor uniform(const TensorShape& shape, const UniformOptions& options) {
  if (is_index_dtype(options.dtype)) {
    if (!options.maxval)
      throw InvalidArgumentError("[RandomUniformInt] maxval must be given for integer dtype " +
                                 std::string(dtype_name(options.dtype)));
    const auto [lo, hi] = int_bounds(options.minval, *options.maxval, options.dtype);
    return uniform(IntArray(std::vector<std::int64_t>(shape.dims().begin(), shape.dims().end())), lo, hi, options.seed);
  }
  const double maxval = options.maxval.value_or(1.0);
  return scale_and_shift(run_random(kRandomUniform, shape, options.dtype, options.seed), maxval - options.minval,
                         options.minval);
}

Tensor uniform(const IntArray& shape, const Tensor& minval, const Tensor& maxval, std::optional<std::int64_t> op_seed) {
  const auto [seed, seed2] = random::get_seed(op_seed);
  const ops::AttrValue attrs[] = {seed, seed2, ops::random_stream(kRandomUniformInt, minval.dtype(), seed, seed2)};
  return ops::execute1(kRandomUniformInt, {shape.tensor(), minval, maxval}, attrs);
}

}  // namespace random
}  // namespace tf

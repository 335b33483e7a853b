// Random ops: RandomStandardNormal, RandomUniform, RandomUniformInt, TruncatedNormal, and
// tf::random::normal / uniform / truncated_normal built on them.
//
// As TensorFlow's ops, they take the output shape as an input (and RandomUniformInt its bounds),
// so it may be symbolic inside tf::function. seed and seed2 come from tf::random::get_seed, and
// each call continues its stream (Note [Random streams]). The ops are stateful so graph passes
// never merge or fold them.
#include "tfpp/random_ops.h"

#include <limits>
#include <utility>

#include "kernels/cpu/philox_fill.h"
#include "ops/array/shape_tensor.h"
#include "ops/allowed_dtypes.h"
#include "ops/execute.h"
#include "ops/random/int_bounds.h"
#include "ops/random/fill_distribution.h"
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

// Attribute positions of the float random ops (whose input is the shape), and of
// RandomUniformInt (whose dtype is its bounds').
enum RandomAttr { kDtype, kSeed, kSeed2 };
enum UniformIntAttr { kIntSeed, kIntSeed2 };

constexpr DType kFloatRandomTypes[] = {DType::kFloat16, DType::kBFloat16, DType::kFloat32, DType::kFloat64};

// Input: the shape (1-D int32 / int64); one output of the `dtype` attribute.
void float_random_shape(ShapeContext& ctx) {
  const DType dtype = ctx.attr<DType>(kDtype);
  ops::check_type_attr(ctx, dtype, kFloatRandomTypes, {}, "dtype");
  ctx.add_output(dtype, ops::array::static_shape_of(ctx, 0, "shape"));
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

using ops::Distribution;

// Dispatch goes by the shape's dtype; the output's picks the numbers.
template <Distribution D>
void float_random_kernel(KernelContext& ctx) {
  ops::fill_distribution(D, generator(ctx), ctx.output(0));
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

template <Distribution D>
const OpDef& float_random_op(const char* name) {
  return OpBuilder(name).inputs(1).attrs({"dtype", "seed", "seed2"}).stateful().no_gradient()
      .shape(float_random_shape)
      .kernel(DType::kInt32, float_random_kernel<D>).kernel(DType::kInt64, float_random_kernel<D>);
}

const OpDef& kRandomStandardNormal = float_random_op<Distribution::kNormal>("RandomStandardNormal");
const OpDef& kRandomUniform = float_random_op<Distribution::kUniform>("RandomUniform");
const OpDef& kTruncatedNormal = float_random_op<Distribution::kTruncatedNormal>("TruncatedNormal");
const OpDef& kRandomUniformInt = OpBuilder("RandomUniformInt").inputs(3).attrs({"seed", "seed2"}).stateful().no_gradient()
    .shape(uniform_int_shape)
    .kernel(DType::kInt32, uniform_int_any_shape_dtype).kernel(DType::kInt64, uniform_int_any_shape_dtype);

// Runs a seeded float random op: attrs (dtype, seed, seed2, stream).
Tensor run_random(const OpDef& op, const IntArray& shape, DType dtype, std::optional<std::int64_t> op_seed) {
  const auto [seed, seed2] = random::get_seed(op_seed);
  const ops::AttrValue attrs[] = {dtype, seed, seed2, ops::random_stream(op, dtype, seed, seed2, shape.tensor().dtype())};
  return ops::execute1(op, {shape.tensor()}, attrs);
}

// x * stddev + mean, skipping the identity steps.
Tensor scale_and_shift(Tensor x, double scale, double shift) {
  if (scale != 1.0) x = x * scale;
  if (shift != 0.0) x = x + shift;
  return x;
}

}  // namespace

std::pair<Tensor, Tensor> ops::int_bounds(std::int64_t minval, std::int64_t maxval, DType dtype, std::string_view op) {
  if (dtype == int64) return {constant(minval), constant(maxval)};
  constexpr std::int64_t lowest = std::numeric_limits<std::int32_t>::min(), highest = std::numeric_limits<std::int32_t>::max();
  if (minval < lowest || minval > highest || maxval < lowest || maxval > highest)
    throw InvalidArgumentError("[" + std::string(op) + "] minval and maxval must fit in int32, got " + std::to_string(minval) +
                               " and " + std::to_string(maxval));
  return {constant(static_cast<std::int32_t>(minval)), constant(static_cast<std::int32_t>(maxval))};
}

namespace random {

Tensor normal(const IntArray& shape, const NormalOptions& options) {
  return scale_and_shift(run_random(kRandomStandardNormal, shape, options.dtype, options.seed), options.stddev,
                         options.mean);
}

Tensor truncated_normal(const IntArray& shape, const NormalOptions& options) {
  return scale_and_shift(run_random(kTruncatedNormal, shape, options.dtype, options.seed), options.stddev,
                         options.mean);
}

Tensor uniform(const IntArray& shape, const UniformOptions& options) {
  if (is_index_dtype(options.dtype)) {
    if (!options.maxval)
      throw InvalidArgumentError("[RandomUniformInt] maxval must be given for integer dtype " +
                                 std::string(dtype_name(options.dtype)));
    const auto [lo, hi] = ops::int_bounds(static_cast<std::int64_t>(options.minval),
                                          static_cast<std::int64_t>(*options.maxval), options.dtype, "RandomUniformInt");
    return uniform(shape, lo, hi, options.seed);
  }
  const double maxval = options.maxval.value_or(1.0);
  return scale_and_shift(run_random(kRandomUniform, shape, options.dtype, options.seed), maxval - options.minval,
                         options.minval);
}

Tensor uniform(const IntArray& shape, const Tensor& minval, const Tensor& maxval, std::optional<std::int64_t> op_seed) {
  const auto [seed, seed2] = random::get_seed(op_seed);
  const ops::AttrValue attrs[] = {seed, seed2,
                                  ops::random_stream(kRandomUniformInt, minval.dtype(), seed, seed2, shape.tensor().dtype())};
  return ops::execute1(kRandomUniformInt, {shape.tensor(), minval, maxval}, attrs);
}

}  // namespace random
}  // namespace tf

// Random ops: RandomStandardNormal, RandomUniform, RandomUniformInt, TruncatedNormal, and
// tf::random::normal / uniform / truncated_normal built on them.
//
// The output shape is an attribute (TensorFlow passes it as a tensor); seed and seed2 come
// from tf::random::get_seed, and each call continues its stream (Note [Random streams]). The ops
// are stateful so graph passes never merge or fold them.
#include "tfpp/random_ops.h"

#include <limits>

#include "kernels/cpu/philox_fill.h"
#include "ops/execute.h"
#include "ops/random/random_seed.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Attribute positions shared by every random op.
enum RandomAttr { kShape, kDtype, kSeed, kSeed2, kMinval, kMaxval };

// One output of the requested dtype and shape; `allowed` says which dtypes the op makes.
template <bool (*allowed)(DType)>
void random_shape(ShapeContext& ctx) {
  const TensorShape& shape = ctx.attr<TensorShape>(kShape);
  const DType dtype = ctx.attr<DType>(kDtype);
  if (!allowed(dtype)) ctx.fail("unsupported dtype " + std::string(dtype_name(dtype)));
  if (!shape.is_fully_defined()) ctx.fail("the shape must be fully defined, got " + shape.debug_string());
  ctx.add_output(dtype, shape);
}

void uniform_int_shape(ShapeContext& ctx) {
  random_shape<is_index_dtype>(ctx);
  const std::int64_t lo = ctx.attr<std::int64_t>(kMinval), hi = ctx.attr<std::int64_t>(kMaxval);
  if (lo >= hi) ctx.fail("needs minval < maxval, got minval " + std::to_string(lo) + " and maxval " + std::to_string(hi));
  if (ctx.attr<DType>(kDtype) == int32 &&
      (lo < std::numeric_limits<std::int32_t>::min() || hi - 1 > std::numeric_limits<std::int32_t>::max()))
    ctx.fail("minval and maxval must fit in int32, got " + std::to_string(lo) + " and " + std::to_string(hi));
}

// The kernel's generator, past the 256 blocks per output TensorFlow's kernels reserve.
kernels::Philox generator(KernelContext& ctx) {
  return ops::reserve_philox(ctx, ctx.attr<std::int64_t>(kSeed), ctx.attr<std::int64_t>(kSeed2),
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
  const std::int64_t lo = ctx.attr<std::int64_t>(kMinval), hi = ctx.attr<std::int64_t>(kMaxval);
  const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  kernels::fill_uniform_int<T>(generator(ctx), ctx.output(0).mutable_data<T>(), ctx.output(0).num_elements(),
                               static_cast<T>(lo), range);
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
const OpDef& kRandomUniformInt = random_op("RandomUniformInt")
    .attrs({"shape", "dtype", "seed", "seed2", "minval", "maxval"}).shape(uniform_int_shape)
    .kernels<std::int32_t, std::int64_t>([]<class T>() -> KernelFn { return &uniform_int_kernel<T>; });

// Runs a seeded random op with attrs (shape, dtype, seed, seed2[, extra...], stream).
Tensor run_random(const OpDef& op, const TensorShape& shape, DType dtype, std::optional<std::int64_t> op_seed,
                  std::initializer_list<ops::AttrValue> extra = {}) {
  const auto [seed, seed2] = random::get_seed(op_seed);
  core::SmallVector<ops::AttrValue, 7> attrs{shape, dtype, seed, seed2};
  for (const auto& a : extra) attrs.push_back(a);
  attrs.push_back(ops::random_stream(op, dtype, seed, seed2));
  return std::move(ops::execute(op, {}, std::span<const ops::AttrValue>(attrs.data(), attrs.size()))[0]);
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
    return run_random(kRandomUniformInt, shape, options.dtype, options.seed,
                      {static_cast<std::int64_t>(options.minval), static_cast<std::int64_t>(*options.maxval)});
  }
  const double maxval = options.maxval.value_or(1.0);
  return scale_and_shift(run_random(kRandomUniform, shape, options.dtype, options.seed), maxval - options.minval,
                         options.minval);
}

}  // namespace random
}  // namespace tf

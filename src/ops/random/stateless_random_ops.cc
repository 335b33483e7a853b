// Stateless random ops: StatelessRandomNormal, StatelessRandomUniform, StatelessTruncatedNormal,
// StatelessRandomUniformInt, and tf::random::stateless_* built on them; and their V2 forms, whose
// generator is an explicit Philox key and counter (tf.random.Generator draws with those).
//
// The seed is an int32/int64 input of shape [2]. As TensorFlow's GenerateKey does, one Philox
// call with a fixed key scrambles the two seed values into the generator's key and counter, and
// the samples are then drawn exactly as the stateful ops draw them: a seed gives TensorFlow's
// numbers bit for bit. As in TensorFlow, the output shape is the first input and the integer ops'
// bounds the last two, so any of them may be symbolic inside tf::function.
#include <limits>

#include "core/tensor_impl.h"
#include "kernels/cpu/philox_fill.h"
#include "ops/array/array_common.h"
#include "ops/array/shape_tensor.h"
#include "ops/execute.h"
#include "ops/random/int_bounds.h"
#include "ops/random/key_counter_ops.h"
#include "ops/random/stateless_seed.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_ops.h"
#include "tfpp/random_sampling.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

enum StatelessAttr { kDtype };

// One output of the requested dtype and shape (input 0) from the generator's inputs (Source);
// `allowed` says which dtypes the op makes.
template <bool (*allowed)(DType), class Source>
void stateless_shape(ShapeContext& ctx) {
  const DType dtype = ctx.attr<DType>(kDtype);
  if (!allowed(dtype)) ctx.fail("unsupported dtype " + std::string(dtype_name(dtype)));
  Source::check(ctx);
  ctx.add_output(dtype, ops::array::static_shape_of(ctx, 0, "shape"));
}

// The bounds follow the generator's inputs: scalars of the output's dtype.
template <class Source>
constexpr std::size_t kMinvalInput = 1 + Source::kInputs;

template <class Source>
void uniform_int_shape(ShapeContext& ctx) {
  stateless_shape<is_index_dtype, Source>(ctx);
  const DType dtype = ctx.attr<DType>(kDtype);
  for (std::size_t i : {kMinvalInput<Source>, kMinvalInput<Source> + 1}) {
    const char* what = i == kMinvalInput<Source> ? "minval" : "maxval";
    const Tensor& bound = ctx.input(i);
    if (bound.dtype() != dtype)
      ctx.fail(std::string(what) + " must have the output's dtype " + std::string(dtype_name(dtype)) + ", got " +
               ops::array::describe(bound));
    if (!bound.shape().has_unknown_rank() && bound.rank() != 0)
      ctx.fail(std::string(what) + " must be 0-D, got shape " + bound.shape().debug_string());
  }
}

// Kernels dispatch on the shape's dtype; the output dtype picks the sampler.
template <ops::Distribution D, class Source>
void float_kernel(KernelContext& ctx) {
  ops::fill_distribution(D, Source::generator(ctx), ctx.output(0));
}

template <class T, class Source>
void fill_uniform_int(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  if (out.num_elements() == 0) return;  // TensorFlow checks the bounds only when it draws numbers
  const Tensor &minval = ctx.input(kMinvalInput<Source>), &maxval = ctx.input(kMinvalInput<Source> + 1);
  const T lo = minval.data<T>()[0], hi = maxval.data<T>()[0];
  if (lo >= hi) ctx.fail("Need minval < maxval: " + std::to_string(lo) + " >= " + std::to_string(hi));
  const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  kernels::fill_uniform_int<T>(Source::generator(ctx), out.mutable_data<T>(), out.num_elements(), lo, range);
}

template <class Source>
void uniform_int_kernel(KernelContext& ctx) {
  if (ctx.output(0).dtype() == int32) fill_uniform_int<std::int32_t, Source>(ctx);
  else fill_uniform_int<std::int64_t, Source>(ctx);
}

// Inputs: the shape, the generator's, and for the integer ops the bounds. Kernels dispatch on
// the shape's dtype.
template <class Source>
OpBuilder stateless_op(const char* name, int bounds, ops::ShapeFn shape, KernelFn kernel) {
  OpBuilder b(name);
  b.inputs(1 + Source::kInputs + bounds).attrs({"dtype"}).shape(shape).no_gradient().kernel(int32, kernel).kernel(int64, kernel);
  return b;
}

// The ops of one generator source: normal, uniform, truncated normal and bounded integers.
template <class Source>
struct StatelessOps {
  static OpBuilder normal(const char* name) {
    return stateless_op<Source>(name, 0, stateless_shape<is_floating, Source>, float_kernel<ops::Distribution::kNormal, Source>);
  }
  static OpBuilder uniform(const char* name) {
    return stateless_op<Source>(name, 0, stateless_shape<is_floating, Source>, float_kernel<ops::Distribution::kUniform, Source>);
  }
  static OpBuilder truncated(const char* name) {
    return stateless_op<Source>(name, 0, stateless_shape<is_floating, Source>, float_kernel<ops::Distribution::kTruncatedNormal, Source>);
  }
  static OpBuilder uniform_int(const char* name) {
    return stateless_op<Source>(name, 2, uniform_int_shape<Source>, uniform_int_kernel<Source>);
  }
};
using V1 = StatelessOps<ops::SeedSource>;
using V2 = StatelessOps<ops::KeyCounterSource>;

const OpDef& kStatelessRandomNormal = V1::normal("StatelessRandomNormal");
const OpDef& kStatelessRandomUniform = V1::uniform("StatelessRandomUniform");
const OpDef& kStatelessTruncatedNormal = V1::truncated("StatelessTruncatedNormal");
const OpDef& kStatelessRandomUniformInt = V1::uniform_int("StatelessRandomUniformInt");
const OpDef& kStatelessRandomNormalV2 = V2::normal("StatelessRandomNormalV2");
const OpDef& kStatelessRandomUniformV2 = V2::uniform("StatelessRandomUniformV2");
const OpDef& kStatelessTruncatedNormalV2 = V2::truncated("StatelessTruncatedNormalV2");
const OpDef& kStatelessRandomUniformIntV2 = V2::uniform_int("StatelessRandomUniformIntV2");

// StatelessRandomGetKeyCounter(seed) -> (key int64 [1], counter int64 [2]): GenerateKey's
// generator for the V2 ops.
void get_key_counter_shape(ShapeContext& ctx) {
  ops::check_stateless_seed(ctx, 0);
  ctx.add_output(int64, TensorShape({1}));
  ctx.add_output(int64, TensorShape({2}));
}

void get_key_counter_kernel(KernelContext& ctx) {
  const ops::KeyCounter kc = ops::scrambled_key_counter(ctx.input(0));
  ctx.output(0).mutable_data<std::int64_t>()[0] = static_cast<std::int64_t>(kc.key);
  for (int i = 0; i < 2; ++i) ctx.output(1).mutable_data<std::int64_t>()[i] = static_cast<std::int64_t>(kc.counter[i]);
}

const OpDef& kStatelessRandomGetKeyCounter = OpBuilder("StatelessRandomGetKeyCounter")
                                                 .inputs(1)
                                                 .shape(get_key_counter_shape)
                                                 .no_gradient()
                                                 .kernel(int32, get_key_counter_kernel)
                                                 .kernel(int64, get_key_counter_kernel);

// Runs a stateless op on (shape, generator inputs..., bounds...) making `dtype`.
Tensor run_stateless(const OpDef& op, const IntArray& shape, DType dtype, std::initializer_list<Tensor> inputs) {
  core::SmallVector<Tensor, 6> all{shape.tensor()};
  for (const Tensor& t : inputs) all.push_back(t);
  const ops::AttrValue attrs[] = {dtype};
  return std::move(ops::execute(op, std::span<const Tensor>(all.data(), all.size()), attrs)[0]);
}

// x * scale + shift as TensorFlow's Python wrappers compute it, skipping identity steps.
Tensor scale_and_shift(Tensor x, double scale, double shift) {
  if (scale != 1.0) x = x * scale;
  if (shift != 0.0) x = x + shift;
  return x;
}

}  // namespace

namespace ops {

KeyCounter scrambled_key_counter(const Tensor& seed_tensor) {
  const std::vector<std::int64_t> seed = array::int_values(seed_tensor);
  const auto s0 = static_cast<std::uint64_t>(seed[0]), s1 = static_cast<std::uint64_t>(seed[1]);
  kernels::Philox scramble({0x3ec8f720u, 0x02461e29u},
                           {static_cast<std::uint32_t>(s0), static_cast<std::uint32_t>(s0 >> 32),
                            static_cast<std::uint32_t>(s1), static_cast<std::uint32_t>(s1 >> 32)});
  const kernels::Philox::Block mix = scramble();
  return {mix[0] | (std::uint64_t{mix[1]} << 32), {0, mix[2] | (std::uint64_t{mix[3]} << 32)}};
}

kernels::Philox key_counter_philox(const KeyCounter& kc) {
  const std::uint64_t c0 = kc.counter[0], c1 = kc.counter[1];
  return kernels::Philox({static_cast<std::uint32_t>(kc.key), static_cast<std::uint32_t>(kc.key >> 32)},
                         {static_cast<std::uint32_t>(c0), static_cast<std::uint32_t>(c0 >> 32),
                          static_cast<std::uint32_t>(c1), static_cast<std::uint32_t>(c1 >> 32)});
}

kernels::Philox stateless_philox(const Tensor& seed) { return key_counter_philox(scrambled_key_counter(seed)); }

void check_stateless_seed(const OpContext& ctx, std::size_t i) {
  const Tensor& seed = ctx.input(i);
  if (!is_index_dtype(seed.dtype()) || seed.rank() != 1 || seed.shape().dims()[0] != 2)
    ctx.fail("seed must be an int32 or int64 tensor of shape [2], got " + array::describe(seed));
}

void check_key_counter_alg(const OpContext& ctx, std::size_t first) {
  const Tensor &key = ctx.input(first), &counter = ctx.input(first + 1), &alg = ctx.input(first + 2);
  if (key.dtype() != int64 || key.rank() != 1 || key.shape().dims()[0] != 1)
    ctx.fail("key must be an int64 tensor of shape [1], got " + array::describe(key));
  if (counter.dtype() != int64 || counter.rank() != 1 || counter.shape().dims()[0] != 2)
    ctx.fail("counter must be an int64 tensor of shape [2], got " + array::describe(counter));
  if (alg.dtype() != int32 || alg.rank() != 0) ctx.fail("alg must be an int32 scalar, got " + array::describe(alg));
  if (!alg.is_symbolic() && alg.item<std::int32_t>() != 1 && alg.item<std::int32_t>() != 3)
    ctx.fail("unsupported algorithm id " + std::to_string(alg.item<std::int32_t>()) + " (tfpp implements Philox, 1)");
}

KeyCounter key_counter_of(const OpContext& ctx, std::size_t first) {
  const std::int64_t* counter = ctx.input(first + 1).data<std::int64_t>();
  return {static_cast<std::uint64_t>(ctx.input(first).data<std::int64_t>()[0]),
          {static_cast<std::uint64_t>(counter[0]), static_cast<std::uint64_t>(counter[1])}};
}

Tensor key_counter_draw(Distribution distribution, const TensorShape& shape, DType dtype, const Tensor& key,
                        const Tensor& counter, const Tensor& alg) {
  const OpDef& op = distribution == Distribution::kNormal    ? kStatelessRandomNormalV2
                    : distribution == Distribution::kUniform ? kStatelessRandomUniformV2
                                                             : kStatelessTruncatedNormalV2;
  return run_stateless(op, shape, dtype, {key, counter, alg});
}

std::pair<Tensor, Tensor> stateless_key_counter(const Tensor& seed) {
  Outputs key_counter = execute(kStatelessRandomGetKeyCounter, {seed});
  return {std::move(key_counter[0]), std::move(key_counter[1])};
}

Tensor key_counter_uniform_int(const TensorShape& shape, DType dtype, const Tensor& key, const Tensor& counter,
                               const Tensor& alg, std::int64_t minval, std::int64_t maxval) {
  const auto [lo, hi] = int_bounds(minval, maxval, dtype, "StatelessRandomUniformIntV2");
  return run_stateless(kStatelessRandomUniformIntV2, shape, dtype, {key, counter, alg, lo, hi});
}

}  // namespace ops

namespace random {

Tensor stateless_normal(const IntArray& shape, const IntArray& seed, const StatelessNormalOptions& options) {
  return scale_and_shift(run_stateless(kStatelessRandomNormal, shape, options.dtype, {seed.tensor()}), options.stddev,
                         options.mean);
}

Tensor stateless_truncated_normal(const IntArray& shape, const IntArray& seed, const StatelessNormalOptions& options) {
  return scale_and_shift(run_stateless(kStatelessTruncatedNormal, shape, options.dtype, {seed.tensor()}),
                         options.stddev, options.mean);
}

Tensor stateless_uniform(const IntArray& shape, const IntArray& seed, const StatelessUniformOptions& options) {
  if (options.dtype == uint32 || options.dtype == uint64) {  // full-range draws only, as in TensorFlow
    if (options.maxval)
      throw InvalidArgumentError("[StatelessRandomUniformFullInt] unsigned dtype " + std::string(dtype_name(options.dtype)) +
                                 " draws full-range integers only: give no maxval");
    return stateless_uniform_full_int(shape, seed, options.dtype);
  }
  if (is_index_dtype(options.dtype)) {
    if (!options.maxval)
      throw InvalidArgumentError("[StatelessRandomUniformInt] maxval must be given for integer dtype " +
                                 std::string(dtype_name(options.dtype)));
    const auto [lo, hi] = ops::int_bounds(static_cast<std::int64_t>(options.minval),
                                          static_cast<std::int64_t>(*options.maxval), options.dtype, "StatelessRandomUniformInt");
    return stateless_uniform(shape, seed, lo, hi);
  }
  const double maxval = options.maxval.value_or(1.0);
  return scale_and_shift(run_stateless(kStatelessRandomUniform, shape, options.dtype, {seed.tensor()}),
                         maxval - options.minval, options.minval);
}

Tensor stateless_uniform(const IntArray& shape, const IntArray& seed, const Tensor& minval, const Tensor& maxval) {
  return run_stateless(kStatelessRandomUniformInt, shape, minval.dtype(), {seed.tensor(), minval, maxval});
}

}  // namespace random
}  // namespace tf

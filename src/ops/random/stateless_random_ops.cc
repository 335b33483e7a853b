// Stateless random ops: StatelessRandomNormal, StatelessRandomUniform, StatelessTruncatedNormal,
// StatelessRandomUniformInt, and tf::random::stateless_* built on them; and their V2 forms, whose
// generator is an explicit Philox key and counter (tf.random.Generator draws with those).
//
// The seed is an int32/int64 input of shape [2]. As TensorFlow's GenerateKey does, one Philox
// call with a fixed key scrambles the two seed values into the generator's key and counter, and
// the samples are then drawn exactly as the stateful ops draw them: a seed gives TensorFlow's
// numbers bit for bit. The output shape is an attribute.
#include <limits>

#include "core/tensor_impl.h"
#include "kernels/cpu/philox_fill.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/half/half_convert.h"
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

enum StatelessAttr { kShape, kDtype, kMinval, kMaxval };

// One output of the requested dtype and shape from the generator's inputs (Source); `allowed`
// says which dtypes the op makes.
template <bool (*allowed)(DType), class Source>
void stateless_shape(ShapeContext& ctx) {
  const TensorShape& shape = ctx.attr<TensorShape>(kShape);
  const DType dtype = ctx.attr<DType>(kDtype);
  if (!allowed(dtype)) ctx.fail("unsupported dtype " + std::string(dtype_name(dtype)));
  if (!shape.is_fully_defined()) ctx.fail("the shape must be fully defined, got " + shape.debug_string());
  Source::check(ctx);
  ctx.add_output(dtype, shape);
}

template <class Source>
void uniform_int_shape(ShapeContext& ctx) {
  stateless_shape<is_index_dtype, Source>(ctx);
  const std::int64_t lo = ctx.attr<std::int64_t>(kMinval), hi = ctx.attr<std::int64_t>(kMaxval);
  if (lo >= hi) ctx.fail("needs minval < maxval, got minval " + std::to_string(lo) + " and maxval " + std::to_string(hi));
}

template <class T>
struct Uniform;

// Kernels dispatch on the seed's (or key's) dtype; the output dtype picks the sampler.
template <template <class> class Fill, class Source>
void float_kernel(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  if (out.dtype() == float32) {
    Fill<float>::run(Source::generator(ctx), out.mutable_data<float>(), out.num_elements());
  } else if (out.dtype() == float64) {
    Fill<double>::run(Source::generator(ctx), out.mutable_data<double>(), out.num_elements());
  } else {  // float16 / bfloat16 from the float32 samples, as TensorFlow makes them
    Tensor samples = core::empty(float32, out.shape());
    Fill<float>::run(Source::generator(ctx), samples.mutable_data<float>(), out.num_elements());
    if constexpr (std::is_same_v<Fill<float>, Uniform<float>>) ops::half::uniform_into(samples, out);
    else ops::half::round_into(samples, out);
  }
}
template <class T>
struct Normal {
  static void run(kernels::Philox g, T* out, std::int64_t n) { kernels::fill_normal(g, out, n); }
};
template <class T>
struct Uniform {
  static void run(kernels::Philox g, T* out, std::int64_t n) { kernels::fill_uniform(g, out, n); }
};
template <class T>
struct Truncated {
  static void run(kernels::Philox g, T* out, std::int64_t n) { kernels::fill_truncated_normal(g, out, n); }
};

template <class Source>
void uniform_int_kernel(KernelContext& ctx) {
  const std::int64_t lo = ctx.attr<std::int64_t>(kMinval), hi = ctx.attr<std::int64_t>(kMaxval);
  const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  Tensor& out = ctx.output(0);
  if (out.dtype() == int32)
    kernels::fill_uniform_int<std::int32_t>(Source::generator(ctx), out.mutable_data<std::int32_t>(), out.num_elements(),
                                            static_cast<std::int32_t>(lo), range);
  else
    kernels::fill_uniform_int<std::int64_t>(Source::generator(ctx), out.mutable_data<std::int64_t>(), out.num_elements(), lo,
                                            range);
}

template <class Source>
OpBuilder stateless_op(const char* name, ops::ShapeFn shape, KernelFn kernel) {
  OpBuilder b(name);
  b.inputs(Source::kInputs).attrs({"shape", "dtype"}).shape(shape).no_gradient().kernel(int32, kernel).kernel(int64, kernel);
  return b;
}

// The ops of one generator source: normal, uniform, truncated normal and bounded integers.
template <class Source>
struct StatelessOps {
  static OpBuilder normal(const char* name) {
    return stateless_op<Source>(name, stateless_shape<is_floating, Source>, float_kernel<Normal, Source>);
  }
  static OpBuilder uniform(const char* name) {
    return stateless_op<Source>(name, stateless_shape<is_floating, Source>, float_kernel<Uniform, Source>);
  }
  static OpBuilder truncated(const char* name) {
    return stateless_op<Source>(name, stateless_shape<is_floating, Source>, float_kernel<Truncated, Source>);
  }
  static OpBuilder uniform_int(const char* name) {
    return std::move(stateless_op<Source>(name, uniform_int_shape<Source>, uniform_int_kernel<Source>)
                         .attrs({"shape", "dtype", "minval", "maxval"}));
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

Tensor run_stateless(const OpDef& op, const TensorShape& shape, DType dtype, const IntArray& seed,
                     std::initializer_list<ops::AttrValue> extra = {}) {
  core::SmallVector<ops::AttrValue, 4> attrs{shape, dtype};
  for (const auto& a : extra) attrs.push_back(a);
  const Tensor inputs[] = {seed.tensor()};
  return std::move(ops::execute(op, inputs, std::span<const ops::AttrValue>(attrs.data(), attrs.size()))[0]);
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
  const AttrValue attrs[] = {shape, dtype};
  return execute1(op, {key, counter, alg}, attrs);
}

std::pair<Tensor, Tensor> stateless_key_counter(const Tensor& seed) {
  Outputs key_counter = execute(kStatelessRandomGetKeyCounter, {seed});
  return {std::move(key_counter[0]), std::move(key_counter[1])};
}

Tensor key_counter_uniform_int(const TensorShape& shape, DType dtype, const Tensor& key, const Tensor& counter,
                               const Tensor& alg, std::int64_t minval, std::int64_t maxval) {
  const AttrValue attrs[] = {shape, dtype, minval, maxval};
  return execute1(kStatelessRandomUniformIntV2, {key, counter, alg}, attrs);
}

}  // namespace ops

namespace random {

Tensor stateless_normal(const TensorShape& shape, const IntArray& seed, const StatelessNormalOptions& options) {
  return scale_and_shift(run_stateless(kStatelessRandomNormal, shape, options.dtype, seed), options.stddev,
                         options.mean);
}

Tensor stateless_truncated_normal(const TensorShape& shape, const IntArray& seed,
                                  const StatelessNormalOptions& options) {
  return scale_and_shift(run_stateless(kStatelessTruncatedNormal, shape, options.dtype, seed), options.stddev,
                         options.mean);
}

Tensor stateless_uniform(const TensorShape& shape, const IntArray& seed, const StatelessUniformOptions& options) {
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
    return run_stateless(kStatelessRandomUniformInt, shape, options.dtype, seed,
                         {static_cast<std::int64_t>(options.minval), static_cast<std::int64_t>(*options.maxval)});
  }
  const double maxval = options.maxval.value_or(1.0);
  return scale_and_shift(run_stateless(kStatelessRandomUniform, shape, options.dtype, seed),
                         maxval - options.minval, options.minval);
}

}  // namespace random
}  // namespace tf

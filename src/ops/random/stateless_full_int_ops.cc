// StatelessRandomUniformFullInt (and StatelessRandomUniformFullIntV2, with an explicit Philox key and
// counter) and the seed helpers built on it: tf::random::split and fold_in.
//
// Full-range integers are Philox's words themselves: one word per int32 or uint32, two (low word
// first) per int64 or uint64, as TensorFlow's UniformFullIntDistribution. The shape is the first
// input, as in TensorFlow. split and fold_in are, as in TensorFlow's Python, full-range draws from
// the seed in the seed's (or the data's) dtype.
#include "kernels/cpu/philox_fill.h"
#include "ops/array/array_common.h"
#include "ops/array/shape_tensor.h"
#include "ops/execute.h"
#include "ops/random/key_counter_ops.h"
#include "ops/random/stateless_seed.h"
#include "tfpp/random_sampling.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpDef;
using ops::ShapeContext;

enum FullIntAttr { kDtype };

template <class Source>
void full_int_shape(ShapeContext& ctx) {
  const DType dtype = ctx.attr<DType>(kDtype);
  if (!is_index_dtype(dtype) && dtype != uint32 && dtype != uint64)
    ctx.fail("unsupported dtype " + std::string(dtype_name(dtype)) + ", needs int32, int64, uint32 or uint64");
  Source::check(ctx);
  ctx.add_output(dtype, ops::array::static_shape_of(ctx, 0, "shape"));
}

template <class Source>
void full_int_kernel(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  const kernels::Philox gen = Source::generator(ctx);
  // Signed and unsigned dtypes of one width hold the same words.
  if (dtype_size(out.dtype()) == 4) {
    kernels::philox_fill<std::uint32_t, 4>(gen, static_cast<std::uint32_t*>(out.raw_mutable_data()), out.num_elements(),
                                           [](const kernels::Philox::Block& x, std::uint32_t* v) {
                                             for (int j = 0; j < 4; ++j) v[j] = x[j];
                                           });
  } else {
    kernels::philox_fill<std::uint64_t, 2>(gen, static_cast<std::uint64_t*>(out.raw_mutable_data()), out.num_elements(),
                                           [](const kernels::Philox::Block& x, std::uint64_t* v) {
                                             for (int j = 0; j < 2; ++j) v[j] = x[2 * j] | (std::uint64_t{x[2 * j + 1]} << 32);
                                           });
  }
}

template <class Source>
ops::OpBuilder full_int_op(const char* name) {
  ops::OpBuilder b(name);
  b.inputs(1 + Source::kInputs).attrs({"dtype"}).shape(full_int_shape<Source>).no_gradient()
      .kernel(int32, full_int_kernel<Source>).kernel(int64, full_int_kernel<Source>);
  return b;
}

const OpDef& kStatelessRandomUniformFullInt = full_int_op<ops::SeedSource>("StatelessRandomUniformFullInt");
const OpDef& kStatelessRandomUniformFullIntV2 = full_int_op<ops::KeyCounterSource>("StatelessRandomUniformFullIntV2");

}  // namespace

Tensor ops::key_counter_full_int(const TensorShape& shape, DType dtype, const Tensor& key, const Tensor& counter,
                                 const Tensor& alg) {
  const ops::AttrValue attrs[] = {dtype};
  return ops::execute1(kStatelessRandomUniformFullIntV2, {IntArray(shape).tensor(), key, counter, alg}, attrs);
}

namespace random {

Tensor stateless_uniform_full_int(const IntArray& shape, const IntArray& seed, DType dtype) {
  const ops::AttrValue attrs[] = {dtype};
  return ops::execute1(kStatelessRandomUniformFullInt, {shape.tensor(), seed.tensor()}, attrs);
}

Tensor split(const Tensor& seed, std::int64_t num) {
  return stateless_uniform_full_int(TensorShape({num, 2}), IntArray(seed), seed.dtype());
}

Tensor fold_in(const Tensor& seed, const Tensor& data) {
  return stack({stateless_uniform_full_int(TensorShape(), IntArray(seed), data.dtype()), data});
}

}  // namespace random
}  // namespace tf

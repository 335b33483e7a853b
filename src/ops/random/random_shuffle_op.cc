// RandomShuffle and StatelessShuffle: a tensor with its first dimension randomly permuted, and
// tf::random::shuffle / stateless_shuffle.
//
// As TensorFlow's kernels: a Fisher-Yates pass over the rows, position i swapped with position
// i + (w % (n - i)), w the next 32-bit Philox word; tensors with at most one row (or element)
// come back unchanged, scalars included. RandomShuffle's generator is the op's seeded stream,
// StatelessShuffle's the key and counter it is given.
#include <numeric>
#include <string>
#include <vector>

#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/random/key_counter_ops.h"
#include "ops/random/random_seed.h"
#include "ops/random/stateless_seed.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/random_ops.h"
#include "tfpp/random_sampling.h"
#include "tfpp/random_stateless_shuffle.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpDef;
using ops::ShapeContext;

enum ShuffleAttr { kSeed, kSeed2 };

void shuffle_shape(ShapeContext& ctx) { ctx.add_output(ctx.input(0).dtype(), ctx.input(0).shape()); }

// The row order TensorFlow's shuffle gives: row i of the output is row order[i] of the input.
std::vector<std::int64_t> shuffled_rows(std::int64_t rows, kernels::Philox gen) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(rows));
  std::iota(order.begin(), order.end(), 0);
  kernels::Philox::Block block{};
  int used = 4;
  for (std::int64_t i = 0; i + 1 < rows; ++i) {
    if (used == 4) block = gen(), used = 0;
    const std::uint32_t word = block[used++];
    std::swap(order[static_cast<std::size_t>(i)],
              order[static_cast<std::size_t>(i + word % static_cast<std::uint32_t>(rows - i))]);
  }
  return order;
}

// `generator(rows)` gives the Philox generator for a shuffle of `rows` rows.
template <class S, class Generator>
void shuffle_rows(KernelContext& ctx, Generator generator) {
  const Tensor& in = ctx.input(0);
  Tensor& out = ctx.output(0);
  const S* src = ops::array::elements<S>(in);
  S* dst = ops::array::mutable_elements<S>(out);
  const std::int64_t n = in.num_elements();
  if (n <= 1 || in.shape().dims()[0] <= 1) {
    kernels::copy_run(src, n, dst);
    return;
  }
  const std::int64_t rows = in.shape().dims()[0], row_size = n / rows;
  const std::vector<std::int64_t> order = shuffled_rows(rows, generator(rows));
  for (std::int64_t i = 0; i < rows; ++i)
    kernels::copy_run(src + order[static_cast<std::size_t>(i)] * row_size, row_size, dst + i * row_size);
}

template <class S>
void shuffle_kernel(KernelContext& ctx) {
  shuffle_rows<S>(ctx, [&ctx](std::int64_t rows) {
    return ops::reserve_philox(ctx, ctx.attr<std::int64_t>(kSeed), ctx.attr<std::int64_t>(kSeed2),
                               ops::blocks_for_samples32(rows - 1));
  });
}

ops::OpBuilder shuffle_builder() {
  ops::OpBuilder b("RandomShuffle");
  b.inputs(1).attrs({"seed", "seed2"}).shape(shuffle_shape).stateful().no_gradient();
  ops::array::all_dtypes(b, []<class S>() -> KernelFn { return &shuffle_kernel<S>; });
  return b;
}
const OpDef& kRandomShuffle = shuffle_builder();

// StatelessShuffle(value, key, counter, alg).
void stateless_shuffle_shape(ShapeContext& ctx) {
  ops::check_key_counter_alg(ctx, 1);
  shuffle_shape(ctx);
}

template <class S>
void stateless_shuffle_kernel(KernelContext& ctx) {
  shuffle_rows<S>(ctx, [&ctx](std::int64_t) { return ops::key_counter_philox(ops::key_counter_of(ctx, 1)); });
}

ops::OpBuilder stateless_shuffle_builder() {
  ops::OpBuilder b("StatelessShuffle");
  b.inputs(4).shape(stateless_shuffle_shape).no_gradient();
  ops::array::all_dtypes(b, []<class S>() -> KernelFn { return &stateless_shuffle_kernel<S>; });
  return b;
}
const OpDef& kStatelessShuffle = stateless_shuffle_builder();

}  // namespace

namespace random {

Tensor shuffle(const Tensor& value, std::optional<std::int64_t> seed) {
  const auto [seed1, seed2] = get_seed(seed);
  const ops::AttrValue attrs[] = {seed1, seed2, ops::random_stream(kRandomShuffle, value.dtype(), seed1, seed2)};
  return ops::execute1(kRandomShuffle, {value}, attrs);
}

Tensor stateless_shuffle(const Tensor& value, const Tensor& seed, Algorithm alg) {
  if (alg != Algorithm::kPhilox && alg != Algorithm::kAutoSelect)
    throw InvalidArgumentError("[StatelessShuffle] Unsupported algorithm id: " + std::to_string(static_cast<int>(alg)));
  const auto [key, counter] = ops::stateless_key_counter(seed);
  return ops::execute1(kStatelessShuffle, {value, key, counter, constant(static_cast<std::int32_t>(alg))});
}

}  // namespace random
}  // namespace tf

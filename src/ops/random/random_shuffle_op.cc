// RandomShuffle: a tensor with its first dimension randomly permuted, and tf::random::shuffle.
//
// As TensorFlow's kernel: a Fisher-Yates pass over the rows, position i swapped with position
// i + (w % (n - i)), w the next 32-bit Philox word; tensors with at most one row (or element)
// come back unchanged, scalars included.
#include <numeric>
#include <vector>

#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/random/random_seed.h"
#include "tfpp/random_ops.h"
#include "tfpp/random_sampling.h"

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

template <class S>
void shuffle_kernel(KernelContext& ctx) {
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
  const std::vector<std::int64_t> order =
      shuffled_rows(rows, ops::reserve_philox(ctx, ctx.attr<std::int64_t>(kSeed), ctx.attr<std::int64_t>(kSeed2),
                                              ops::blocks_for_samples32(rows - 1)));
  for (std::int64_t i = 0; i < rows; ++i)
    kernels::copy_run(src + order[static_cast<std::size_t>(i)] * row_size, row_size, dst + i * row_size);
}

ops::OpBuilder shuffle_builder() {
  ops::OpBuilder b("RandomShuffle");
  b.inputs(1).attrs({"seed", "seed2"}).shape(shuffle_shape).stateful().no_gradient();
  ops::array::all_dtypes(b, []<class S>() -> KernelFn { return &shuffle_kernel<S>; });
  return b;
}
const OpDef& kRandomShuffle = shuffle_builder();

}  // namespace

namespace random {

Tensor shuffle(const Tensor& value, std::optional<std::int64_t> seed) {
  const auto [seed1, seed2] = get_seed(seed);
  const ops::AttrValue attrs[] = {seed1, seed2, ops::random_stream(kRandomShuffle, value.dtype(), seed1, seed2)};
  return ops::execute1(kRandomShuffle, {value}, attrs);
}

}  // namespace random
}  // namespace tf

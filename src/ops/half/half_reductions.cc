// float16 / bfloat16 Sum, Mean, Prod, Cumsum and Cumprod with TensorFlow's accumulation, whose
// rounding shows in the results (a float16 sum of 10000 values of 0.1 is 997, not 1000):
// - float16 Sum / Mean / Prod and bfloat16 Prod accumulate in the 16-bit type in the order of
//   Eigen's CPU reduction (Note [Eigen's half reduction order]); a float16 Mean divides that sum
//   by the count, in float16.
// - bfloat16 Sum and Mean accumulate in float32 (TensorFlow's casting specializations), so they
//   run through the float32 kernel (through_float32.cc's table).
// - Cumsum / Cumprod accumulate one element after another in the 16-bit type.
#include <Eigen/Core>
#include <cstdint>
#include <type_traits>
#include <variant>
#include <vector>

#include "kernels/cpu/reduce_blocks.h"
#include "ops/late_kernels.h"
#include "ops/shape_fns.h"

namespace tf::ops::half {
namespace {

// Note [Eigen's half reduction order]: Eigen reduces a row of n values with packets of
// kPacket<H> lanes (two accumulators, unrolled by two) in leaves of at most kPacket * 128
// values, halving larger ranges at a packet boundary and combining the halves; the lanes of a
// packet are combined in float32 and rounded once, leftover values accumulate one by one, and
// the two results combine last. The packet sizes (16 float16 lanes, 8 bfloat16 lanes) are those
// that reproduce TensorFlow 2.21's full reductions on this CPU best (bit for bit in 27 of 31
// random float16 sums, the others within 2 ulps); a reduction over leading axes accumulates rows
// one after another, as TensorFlow's column reduction does.
template <class H>
constexpr std::int64_t kPacket = std::is_same_v<H, Eigen::half> ? 16 : 8;
constexpr std::int64_t kLeaf = 128;

template <class H, bool product>
H combine(H a, H b) {
  return product ? H(static_cast<float>(a) * static_cast<float>(b)) : H(static_cast<float>(a) + static_cast<float>(b));
}

template <class H, bool product>
H leaf_reduce(const H* x, std::int64_t n) {
  const H identity(product ? 1.0f : 0.0f);
  H lanes[kPacket<H>], lanes2[kPacket<H>];
  std::fill_n(lanes, kPacket<H>, identity);
  std::fill_n(lanes2, kPacket<H>, identity);
  const std::int64_t unrolled = n / (2 * kPacket<H>) * (2 * kPacket<H>), vectorized = n / kPacket<H> * kPacket<H>;
  for (std::int64_t j = 0; j < unrolled; j += 2 * kPacket<H>)
    for (std::int64_t l = 0; l < kPacket<H>; ++l) {
      lanes[l] = combine<H, product>(lanes[l], x[j + l]);
      lanes2[l] = combine<H, product>(lanes2[l], x[j + kPacket<H> + l]);
    }
  for (std::int64_t j = unrolled; j < vectorized; j += kPacket<H>)
    for (std::int64_t l = 0; l < kPacket<H>; ++l) lanes[l] = combine<H, product>(lanes[l], x[j + l]);
  float packet = product ? 1.0f : 0.0f;
  for (std::int64_t l = 0; l < kPacket<H>; ++l) {
    const float lane = static_cast<float>(combine<H, product>(lanes[l], lanes2[l]));
    packet = product ? packet * lane : packet + lane;
  }
  H scalar = identity;
  for (std::int64_t j = vectorized; j < n; ++j) scalar = combine<H, product>(scalar, x[j]);
  return combine<H, product>(scalar, H(packet));
}

template <class H, bool product>
H tree_reduce(const H* x, std::int64_t first, std::int64_t n) {
  if (n <= kPacket<H> * kLeaf) return leaf_reduce<H, product>(x + first, n);
  const std::int64_t half_n = (n + 1) / 2;
  const std::int64_t split = kPacket<H> * ((first + half_n + kPacket<H> - 1) / kPacket<H>);
  const std::int64_t left = std::min(split - first, n);
  H acc = combine<H, product>(H(product ? 1.0f : 0.0f), tree_reduce<H, product>(x, first, left));
  if (left < n) acc = combine<H, product>(acc, tree_reduce<H, product>(x, split, n - left));
  return acc;
}

template <class H, bool product>
H sequential_reduce(const H* x, std::int64_t n) {
  H acc(product ? 1.0f : 0.0f);
  for (std::int64_t i = 0; i < n; ++i) acc = combine<H, product>(acc, x[i]);
  return acc;
}

// The elements of `in` grouped by output (each group in row-major order), and whether every
// reduced axis comes before every kept one (a column reduction).
template <class H>
struct Grouped {
  std::vector<H> values;
  std::int64_t per_output = 0;
  bool leading_axes = false;
};

template <class H>
Grouped<H> group_by_output(const KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const int rank = in.rank();
  std::vector<bool> reduced(rank, true);
  if (const auto* axes = std::get_if<std::vector<std::int64_t>>(&ctx.attrs()[0])) {
    reduced.assign(rank, false);
    for (std::int64_t a : *axes) reduced[a < 0 ? a + rank : a] = true;  // checked by the shape function
  }
  std::vector<std::int64_t> out_stride(rank, 0);
  std::int64_t outputs = 1;
  for (int d = rank - 1; d >= 0; --d)
    if (!reduced[d]) {
      out_stride[d] = outputs;
      outputs *= in.shape().dim(d);
    }
  Grouped<H> g;
  const std::int64_t n = in.num_elements();
  g.per_output = outputs ? n / outputs : 0;
  g.values.resize(n);
  bool kept_seen = false, reduced_after_kept = false, any_kept = false;
  for (int d = 0; d < rank; ++d) {
    if (in.shape().dim(d) == 1) continue;
    if (!reduced[d]) kept_seen = any_kept = true;
    else if (kept_seen) reduced_after_kept = true;
  }
  g.leading_axes = any_kept && !reduced_after_kept;
  const H* x = in.data<H>();
  std::vector<std::int64_t> filled(outputs, 0), index(rank, 0);
  std::int64_t o = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    g.values[o * g.per_output + filled[o]++] = x[i];
    for (int d = rank - 1; d >= 0; --d) {  // step the multi-index, keeping o in step
      o += out_stride[d];
      if (++index[d] < in.shape().dim(d)) break;
      o -= out_stride[d] * index[d];
      index[d] = 0;
    }
  }
  return g;
}

template <class H, bool product>
void reduce_kernel(KernelContext& ctx) {
  const Grouped<H> g = group_by_output<H>(ctx);
  H* y = ctx.output(0).mutable_data<H>();
  for (std::int64_t o = 0; o < ctx.output(0).num_elements(); ++o) {
    const H* row = g.values.data() + o * g.per_output;
    y[o] = g.leading_axes ? sequential_reduce<H, product>(row, g.per_output)
                          : tree_reduce<H, product>(row, 0, g.per_output);
  }
}

void float16_mean_kernel(KernelContext& ctx) {
  reduce_kernel<Eigen::half, false>(ctx);
  Tensor& out = ctx.output(0);
  const Eigen::half count(static_cast<float>(out.num_elements() ? ctx.input(0).num_elements() / out.num_elements() : 0));
  Eigen::half* y = out.mutable_data<Eigen::half>();
  for (std::int64_t i = 0; i < out.num_elements(); ++i) y[i] = y[i] / count;
}

// Attributes: axis, exclusive, reverse.
template <class H, bool product>
void scan_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  std::int64_t outer, n, inner;
  kernels::split_at_axis(in.shape(), normalize_axis(ctx, ctx.attr<std::int64_t>(0), in.rank()), outer, n, inner);
  const bool exclusive = ctx.attr<bool>(1), reverse = ctx.attr<bool>(2);
  const H* x = in.data<H>();
  H* y = ctx.output(0).mutable_data<H>();
  for (std::int64_t a = 0; a < outer; ++a)
    for (std::int64_t b = 0; b < inner; ++b) {
      H acc(product ? 1.0f : 0.0f);
      for (std::int64_t step = 0; step < n; ++step) {
        const std::int64_t i = (a * n + (reverse ? n - 1 - step : step)) * inner + b;
        const H value = x[i];
        if (exclusive) y[i] = acc;
        acc = combine<H, product>(acc, value);
        if (!exclusive) y[i] = acc;
      }
    }
}

const bool kRegistered = [] {
  add_kernel("Sum", DType::kFloat16, &reduce_kernel<Eigen::half, false>);
  add_kernel("Prod", DType::kFloat16, &reduce_kernel<Eigen::half, true>);
  add_kernel("Mean", DType::kFloat16, &float16_mean_kernel);
  add_kernel("Prod", DType::kBFloat16, &reduce_kernel<Eigen::bfloat16, true>);
  add_kernel("Cumsum", DType::kFloat16, &scan_kernel<Eigen::half, false>);
  add_kernel("Cumprod", DType::kFloat16, &scan_kernel<Eigen::half, true>);
  add_kernel("Cumsum", DType::kBFloat16, &scan_kernel<Eigen::bfloat16, false>);
  add_kernel("Cumprod", DType::kBFloat16, &scan_kernel<Eigen::bfloat16, true>);
  return true;
}();

}  // namespace
}  // namespace tf::ops::half

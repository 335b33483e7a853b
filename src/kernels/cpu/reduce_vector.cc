// SIMD reductions, compiled once per instruction set and picked at run time (same targets as
// elementwise_unary_simd.cc). See Note [Reduction numerics] in reduce_vector.h.
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_SSE4 | HWY_AVX3_DL)
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/cpu/reduce_vector.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/cpu/reduce_simd.h"
#include "kernels/cpu/reduce_vector.h"

HWY_BEFORE_NAMESPACE();
namespace tf::kernels::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Each op: Apply combines two vectors lane-wise, Lanes folds one vector to a scalar, and
// Scalar is the matching scalar reducer (for column tails).
template <class T>
struct SumOp {
  using Scalar = SumReducer<T>;
  template <class V> static HWY_INLINE V Apply(V a, V x) { return hn::Add(a, x); }
  template <class D> static HWY_INLINE T Lanes(D d, hn::Vec<D> v) { return hn::GetLane(hn::SumOfLanes(d, v)); }
};

template <class T>
struct ProdOp {
  using Scalar = ProdReducer<T>;
  template <class V> static HWY_INLINE V Apply(V a, V x) { return hn::Mul(a, x); }
  template <class D> static HWY_INLINE T Lanes(D d, hn::Vec<D> v) {
    HWY_ALIGN T lanes[HWY_MAX_BYTES / sizeof(T)];
    hn::Store(v, d, lanes);
    T result = 1;
    for (std::size_t i = 0; i < hn::Lanes(d); ++i) result *= lanes[i];
    return result;
  }
};

// hn::Max / hn::Min leave NaN handling to the instruction set, so NaN is carried explicitly: a
// NaN in either operand wins. x86's MAXPS/MINPS return their second operand when either is NaN,
// so there Max(x, a) already keeps a NaN in a, and only a NaN in x needs a blend.
template <bool kMax, class V>
HWY_INLINE V KeepNaN(V a, V x) {
#if HWY_ARCH_X86 && HWY_TARGET != HWY_EMU128 && HWY_TARGET != HWY_SCALAR
  return hn::IfThenElse(hn::IsNaN(x), x, kMax ? hn::Max(x, a) : hn::Min(x, a));
#else
  const V combined = kMax ? hn::Max(a, x) : hn::Min(a, x);
  return hn::IfThenElse(hn::IsNaN(a), a, hn::IfThenElse(hn::IsNaN(x), x, combined));
#endif
}

template <class D, class FoldLanes>
HWY_INLINE hn::TFromD<D> FoldWithNaN(D d, hn::Vec<D> v, FoldLanes fold) {
  if (!hn::AllFalse(d, hn::IsNaN(v))) return std::numeric_limits<hn::TFromD<D>>::quiet_NaN();
  return hn::GetLane(fold(d, v));
}

template <class T>
struct MaxOp {
  using Scalar = MaxReducer<T>;
  template <class V> static HWY_INLINE V Apply(V a, V x) { return KeepNaN<true>(a, x); }
  template <class D> static HWY_INLINE T Lanes(D d, hn::Vec<D> v) {
    return FoldWithNaN(d, v, [](D d2, hn::Vec<D> w) { return hn::MaxOfLanes(d2, w); });
  }
};

template <class T>
struct MinOp {
  using Scalar = MinReducer<T>;
  template <class V> static HWY_INLINE V Apply(V a, V x) { return KeepNaN<false>(a, x); }
  template <class D> static HWY_INLINE T Lanes(D d, hn::Vec<D> v) {
    return FoldWithNaN(d, v, [](D d2, hn::Vec<D> w) { return hn::MinOfLanes(d2, w); });
  }
};

// Elements per leaf of the pairwise row reduction: 2048 floats is 32 additions per lane of
// each of the four accumulators.
constexpr std::int64_t kLeaf = 2048;

// The lane-wise reduction of x[0, n): four accumulators hide the operation's latency; longer
// ranges split in two on a leaf boundary, recursively (pairwise summation).
template <class Op, class D, class T = hn::TFromD<D>>
hn::Vec<D> ReduceRange(D d, const T* x, std::int64_t n) {
  if (n > kLeaf) {
    const std::int64_t half = (n / kLeaf + 1) / 2 * kLeaf;
    return Op::Apply(ReduceRange<Op>(d, x, half), ReduceRange<Op>(d, x + half, n - half));
  }
  const std::int64_t L = static_cast<std::int64_t>(hn::Lanes(d));
  const auto identity = hn::Set(d, Op::Scalar::identity());
  auto a0 = identity, a1 = identity, a2 = identity, a3 = identity;
  std::int64_t i = 0;
  for (; i + 4 * L <= n; i += 4 * L) {
    a0 = Op::Apply(a0, hn::LoadU(d, x + i));
    a1 = Op::Apply(a1, hn::LoadU(d, x + i + L));
    a2 = Op::Apply(a2, hn::LoadU(d, x + i + 2 * L));
    a3 = Op::Apply(a3, hn::LoadU(d, x + i + 3 * L));
  }
  for (; i + L <= n; i += L) a0 = Op::Apply(a0, hn::LoadU(d, x + i));
  if (i < n) {  // the tail, padded with the identity
    HWY_ALIGN T tail[HWY_MAX_BYTES / sizeof(T)];
    hn::Store(identity, d, tail);
    std::copy(x + i, x + n, tail);
    a1 = Op::Apply(a1, hn::Load(d, tail));
  }
  return Op::Apply(Op::Apply(a0, a1), Op::Apply(a2, a3));
}

// ReduceRange for four rows at once (row stride `stride`): four input streams keep more memory
// requests in flight than one, which is what bounds a core's bandwidth on long rows.
template <class Op, class D, class T = hn::TFromD<D>>
void ReduceFour(D d, const T* x, std::int64_t stride, std::int64_t n, hn::Vec<D>* r) {
  if (n > kLeaf) {
    const std::int64_t half = (n / kLeaf + 1) / 2 * kLeaf;
    hn::Vec<D> left[4], right[4];
    ReduceFour<Op>(d, x, stride, half, left);
    ReduceFour<Op>(d, x + half, stride, n - half, right);
    for (int k = 0; k < 4; ++k) r[k] = Op::Apply(left[k], right[k]);
    return;
  }
  const std::int64_t L = static_cast<std::int64_t>(hn::Lanes(d));
  const auto identity = hn::Set(d, Op::Scalar::identity());
  const T *x0 = x, *x1 = x + stride, *x2 = x1 + stride, *x3 = x2 + stride;
  auto a0 = identity, a1 = identity, a2 = identity, a3 = identity;
  auto b0 = identity, b1 = identity, b2 = identity, b3 = identity;
  std::int64_t i = 0;
  for (; i + 2 * L <= n; i += 2 * L) {
    a0 = Op::Apply(a0, hn::LoadU(d, x0 + i));
    a1 = Op::Apply(a1, hn::LoadU(d, x1 + i));
    a2 = Op::Apply(a2, hn::LoadU(d, x2 + i));
    a3 = Op::Apply(a3, hn::LoadU(d, x3 + i));
    b0 = Op::Apply(b0, hn::LoadU(d, x0 + i + L));
    b1 = Op::Apply(b1, hn::LoadU(d, x1 + i + L));
    b2 = Op::Apply(b2, hn::LoadU(d, x2 + i + L));
    b3 = Op::Apply(b3, hn::LoadU(d, x3 + i + L));
  }
  r[0] = Op::Apply(a0, b0);
  r[1] = Op::Apply(a1, b1);
  r[2] = Op::Apply(a2, b2);
  r[3] = Op::Apply(a3, b3);
  if (i < n)
    for (int k = 0; k < 4; ++k) r[k] = Op::Apply(r[k], ReduceRange<Op>(d, x + k * stride + i, n - i));
}

// The rows are read as four quarters of the block side by side: row i of each quarter at once, so
// each of the four input streams runs through a quarter of the block without a jump. (Four
// neighbouring rows at once made a stream only one row long: on 16 KiB rows the prefetchers
// restarted every row and the loop reached 3/4 of the bandwidth of a whole-tensor reduction.)
template <class Op, class T>
void Rows(const T* in, T* out, std::int64_t rows, std::int64_t n) {
  const hn::ScalableTag<T> d;
  const std::int64_t quarter_rows = rows / 4;
  for (std::int64_t i = 0; i < quarter_rows; ++i) {
    hn::Vec<decltype(d)> v[4];
    ReduceFour<Op>(d, in + i * n, quarter_rows * n, n, v);
    for (int k = 0; k < 4; ++k) out[k * quarter_rows + i] = Op::Lanes(d, v[k]);
  }
  for (std::int64_t r = 4 * quarter_rows; r < rows; ++r) {
    const T* x = in + r * n;
    if (n < 4 * kLeaf) {
      out[r] = Op::Lanes(d, ReduceRange<Op>(d, x, n));
      continue;
    }
    // A long row is read as four quarters side by side (then its tail), combined pairwise.
    const std::int64_t quarter = n / 4;
    hn::Vec<decltype(d)> v[4];
    ReduceFour<Op>(d, x, quarter, quarter, v);
    auto all = Op::Apply(Op::Apply(v[0], v[1]), Op::Apply(v[2], v[3]));
    if (4 * quarter < n) all = Op::Apply(all, ReduceRange<Op>(d, x + 4 * quarter, n - 4 * quarter));
    out[r] = Op::Lanes(d, all);
  }
}

// Columns per tile of a column reduction (16 KiB of partial results, in L1) and rows per block
// of sequential accumulation into the tile (see Note [Reduction numerics]).
constexpr std::int64_t kTileBytes = 16384, kRowBlock = 256;

// part[0, w) = op(part, rows [0, count) of x (row stride `stride`)), four rows per pass.
template <class Op, class D, class T = hn::TFromD<D>>
HWY_INLINE void AccumulateBlock(D d, const T* x, std::int64_t stride, T* part, std::int64_t count, std::int64_t w) {
  using S = typename Op::Scalar;
  const std::int64_t L = static_cast<std::int64_t>(hn::Lanes(d));
  std::int64_t r = 0;
  for (; r + 4 <= count; r += 4) {
    const T *x0 = x + r * stride, *x1 = x0 + stride, *x2 = x1 + stride, *x3 = x2 + stride;
    std::int64_t j = 0;
    for (; j + L <= w; j += L) {
      const auto v = Op::Apply(Op::Apply(hn::LoadU(d, x0 + j), hn::LoadU(d, x1 + j)),
                               Op::Apply(hn::LoadU(d, x2 + j), hn::LoadU(d, x3 + j)));
      hn::StoreU(Op::Apply(hn::LoadU(d, part + j), v), d, part + j);
    }
    for (; j < w; ++j) part[j] = S::apply(part[j], S::apply(S::apply(x0[j], x1[j]), S::apply(x2[j], x3[j])));
  }
  for (; r < count; ++r) {
    const T* x0 = x + r * stride;
    std::int64_t j = 0;
    for (; j + L <= w; j += L) hn::StoreU(Op::Apply(hn::LoadU(d, part + j), hn::LoadU(d, x0 + j)), d, part + j);
    for (; j < w; ++j) part[j] = S::apply(part[j], x0[j]);
  }
}

template <class Op, class T>
void Accumulate(const T* in, std::int64_t stride, T* acc, std::int64_t rows, std::int64_t n) {
  using S = typename Op::Scalar;
  const hn::ScalableTag<T> d;
  constexpr std::int64_t kTile = kTileBytes / sizeof(T);
  HWY_ALIGN T part[kTile];
  for (std::int64_t c0 = 0; c0 < n; c0 += kTile) {
    const std::int64_t w = std::min(kTile, n - c0);
    for (std::int64_t r0 = 0; r0 < rows; r0 += kRowBlock) {
      std::fill_n(part, w, S::identity());
      AccumulateBlock<Op>(d, in + r0 * stride + c0, stride, part, std::min(kRowBlock, rows - r0), w);
      AccumulateBlock<Op>(d, part, 0, acc + c0, 1, w);  // then acc += part, as one more row
    }
  }
}

template <class T>
void ReduceRowsT(int op, const T* in, T* out, std::int64_t rows, std::int64_t n) {
  switch (static_cast<ReduceOp>(op)) {
    case ReduceOp::kSum: return Rows<SumOp<T>>(in, out, rows, n);
    case ReduceOp::kProd: return Rows<ProdOp<T>>(in, out, rows, n);
    case ReduceOp::kMax: return Rows<MaxOp<T>>(in, out, rows, n);
    case ReduceOp::kMin: return Rows<MinOp<T>>(in, out, rows, n);
    default: return;  // any/all are bool reductions, never vectorized here
  }
}

template <class T>
void AccumulateRowsT(int op, const T* in, std::int64_t stride, T* acc, std::int64_t rows, std::int64_t n) {
  switch (static_cast<ReduceOp>(op)) {
    case ReduceOp::kSum: return Accumulate<SumOp<T>>(in, stride, acc, rows, n);
    case ReduceOp::kProd: return Accumulate<ProdOp<T>>(in, stride, acc, rows, n);
    case ReduceOp::kMax: return Accumulate<MaxOp<T>>(in, stride, acc, rows, n);
    case ReduceOp::kMin: return Accumulate<MinOp<T>>(in, stride, acc, rows, n);
    default: return;
  }
}

void ReduceRowsF32(int op, const float* in, float* out, std::int64_t rows, std::int64_t n) {
  ReduceRowsT(op, in, out, rows, n);
}
void ReduceRowsF64(int op, const double* in, double* out, std::int64_t rows, std::int64_t n) {
  ReduceRowsT(op, in, out, rows, n);
}
void AccumulateRowsF32(int op, const float* in, std::int64_t stride, float* acc, std::int64_t rows, std::int64_t n) {
  AccumulateRowsT(op, in, stride, acc, rows, n);
}
void AccumulateRowsF64(int op, const double* in, std::int64_t stride, double* acc, std::int64_t rows,
                       std::int64_t n) {
  AccumulateRowsT(op, in, stride, acc, rows, n);
}

}  // namespace tf::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tf::kernels {

HWY_EXPORT(ReduceRowsF32);
HWY_EXPORT(ReduceRowsF64);
HWY_EXPORT(AccumulateRowsF32);
HWY_EXPORT(AccumulateRowsF64);

void reduce_rows_vector(ReduceOp op, const float* in, float* out, std::int64_t rows, std::int64_t n) {
  HWY_DYNAMIC_DISPATCH(ReduceRowsF32)(static_cast<int>(op), in, out, rows, n);
}
void reduce_rows_vector(ReduceOp op, const double* in, double* out, std::int64_t rows, std::int64_t n) {
  HWY_DYNAMIC_DISPATCH(ReduceRowsF64)(static_cast<int>(op), in, out, rows, n);
}
void accumulate_rows_vector(ReduceOp op, const float* in, std::int64_t stride, float* acc, std::int64_t rows,
                            std::int64_t n) {
  HWY_DYNAMIC_DISPATCH(AccumulateRowsF32)(static_cast<int>(op), in, stride, acc, rows, n);
}
void accumulate_rows_vector(ReduceOp op, const double* in, std::int64_t stride, double* acc, std::int64_t rows,
                            std::int64_t n) {
  HWY_DYNAMIC_DISPATCH(AccumulateRowsF64)(static_cast<int>(op), in, stride, acc, rows, n);
}

}  // namespace tf::kernels
#endif

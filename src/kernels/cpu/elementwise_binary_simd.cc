// SIMD binary float ops over one broadcast row, compiled once per instruction set and
// picked at run time (same targets as elementwise_unary_simd.cc).
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_SSE4 | HWY_AVX3_DL)
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/cpu/elementwise_binary_simd.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include <cstdint>

#include "kernels/cpu/elementwise.h"

HWY_BEFORE_NAMESPACE();
namespace tf::kernels::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

struct AddOp {
  template <class V> static HWY_INLINE V Apply(V a, V b) { return hn::Add(a, b); }
};
struct SubOp {
  template <class V> static HWY_INLINE V Apply(V a, V b) { return hn::Sub(a, b); }
};
struct MulOp {
  template <class V> static HWY_INLINE V Apply(V a, V b) { return hn::Mul(a, b); }
};
struct DivOp {
  template <class V> static HWY_INLINE V Apply(V a, V b) { return hn::Div(a, b); }
};
struct MaxOp {
  template <class V> static HWY_INLINE V Apply(V a, V b) { return hn::Max(a, b); }
};
struct MinOp {
  template <class V> static HWY_INLINE V Apply(V a, V b) { return hn::Min(a, b); }
};
struct SquaredDifferenceOp {
  template <class V> static HWY_INLINE V Apply(V a, V b) {
    const V diff = hn::Sub(a, b);
    return hn::Mul(diff, diff);
  }
};
struct FloorDivOp {
  template <class V> static HWY_INLINE V Apply(V a, V b) { return hn::Floor(hn::Div(a, b)); }
};

// One row; kA / kB say whether that input moves (step 1) or is broadcast (step 0).
template <class Op, bool kA, bool kB, class T>
HWY_NOINLINE void Loop(const T* a, const T* b, T* out, std::int64_t n) {
  const hn::ScalableTag<T> d;
  const std::int64_t lanes = static_cast<std::int64_t>(hn::Lanes(d));
  const auto a0 = hn::Set(d, a[0]);
  const auto b0 = hn::Set(d, b[0]);
  std::int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto va = kA ? hn::LoadU(d, a + i) : a0;
    const auto vb = kB ? hn::LoadU(d, b + i) : b0;
    hn::StoreU(Op::Apply(va, vb), d, out + i);
  }
  if (i < n) {
    // The tail goes through padded buffers so that every element sees the same arithmetic.
    HWY_ALIGN T ba[HWY_MAX_BYTES / sizeof(T)] = {};
    HWY_ALIGN T bb[HWY_MAX_BYTES / sizeof(T)] = {};
    for (std::int64_t j = 0; j < lanes; ++j) {
      const std::int64_t k = j < n - i ? i + j : i;
      ba[j] = kA ? a[k] : a[0];
      bb[j] = kB ? b[k] : b[0];
    }
    hn::Store(Op::Apply(hn::Load(d, ba), hn::Load(d, bb)), d, ba);
    for (std::int64_t j = 0; j < n - i; ++j) out[i + j] = ba[j];
  }
}

template <class Op, class T>
BinaryLoop<T> PickSteps(std::int64_t sa, std::int64_t sb) {
  if (sa && sb) return &Loop<Op, true, true, T>;
  if (sa) return &Loop<Op, true, false, T>;
  if (sb) return &Loop<Op, false, true, T>;
  return &Loop<Op, false, false, T>;
}

template <class T>
BinaryLoop<T> PickBinary(int op, std::int64_t sa, std::int64_t sb) {
  switch (static_cast<BinaryOp>(op)) {
    case BinaryOp::kAdd: return PickSteps<AddOp, T>(sa, sb);
    case BinaryOp::kSub: return PickSteps<SubOp, T>(sa, sb);
    case BinaryOp::kMul: return PickSteps<MulOp, T>(sa, sb);
    case BinaryOp::kDiv: return PickSteps<DivOp, T>(sa, sb);
    case BinaryOp::kMax: return PickSteps<MaxOp, T>(sa, sb);
    case BinaryOp::kMin: return PickSteps<MinOp, T>(sa, sb);
    case BinaryOp::kSquaredDifference: return PickSteps<SquaredDifferenceOp, T>(sa, sb);
    case BinaryOp::kFloorDiv: return PickSteps<FloorDivOp, T>(sa, sb);
  }
  return nullptr;
}

template <class T>
void BinaryRow(int op, const T* a, const T* b, T* out, std::int64_t n, std::int64_t sa, std::int64_t sb) {
  if (n <= 0) return;  // empty inputs may have no buffer to read a[0] from
  PickBinary<T>(op, sa, sb)(a, b, out, n);
}

BinaryLoop<float> BinaryLoopF32(int op, std::int64_t sa, std::int64_t sb) { return PickBinary<float>(op, sa, sb); }
BinaryLoop<double> BinaryLoopF64(int op, std::int64_t sa, std::int64_t sb) { return PickBinary<double>(op, sa, sb); }

void BinaryRowF32(int op, const float* a, const float* b, float* out, std::int64_t n, std::int64_t sa,
                  std::int64_t sb) {
  BinaryRow(op, a, b, out, n, sa, sb);
}
void BinaryRowF64(int op, const double* a, const double* b, double* out, std::int64_t n, std::int64_t sa,
                  std::int64_t sb) {
  BinaryRow(op, a, b, out, n, sa, sb);
}

}  // namespace tf::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tf::kernels {

HWY_EXPORT(BinaryRowF32);
HWY_EXPORT(BinaryRowF64);
HWY_EXPORT(BinaryLoopF32);
HWY_EXPORT(BinaryLoopF64);

template <>
BinaryLoop<float> binary_loop<float>(BinaryOp op, std::int64_t a_step, std::int64_t b_step) {
  return HWY_DYNAMIC_DISPATCH(BinaryLoopF32)(static_cast<int>(op), a_step, b_step);
}
template <>
BinaryLoop<double> binary_loop<double>(BinaryOp op, std::int64_t a_step, std::int64_t b_step) {
  return HWY_DYNAMIC_DISPATCH(BinaryLoopF64)(static_cast<int>(op), a_step, b_step);
}

void binary_row(BinaryOp op, const float* a, const float* b, float* out, std::int64_t n, std::int64_t a_step,
                std::int64_t b_step) {
  HWY_DYNAMIC_DISPATCH(BinaryRowF32)(static_cast<int>(op), a, b, out, n, a_step, b_step);
}
void binary_row(BinaryOp op, const double* a, const double* b, double* out, std::int64_t n, std::int64_t a_step,
                std::int64_t b_step) {
  HWY_DYNAMIC_DISPATCH(BinaryRowF64)(static_cast<int>(op), a, b, out, n, a_step, b_step);
}

}  // namespace tf::kernels
#endif

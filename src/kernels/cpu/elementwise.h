// Elementwise CPU kernels: SIMD rows for float32/float64 (Highway, dispatched at run time to
// the best instruction set of this CPU, AVX-512 included) and tensor-level drivers that split
// big tensors across threads and route broadcasting through kernels/cpu/broadcast.h.
//
// Ops without a SIMD form (integers, pow, floormod, ...) use the same drivers with a scalar
// functor instead of an op code.
#pragma once

#include <cstdint>

#include "kernels/cpu/broadcast.h"
#include "kernels/cpu/parallel.h"
#include "tfpp/tensor.h"

namespace tf::kernels {

/// Unary float ops with a SIMD form.
enum class UnaryOp : int {
  kNeg, kAbs, kSign, kSquare, kSqrt, kRsqrt, kReciprocal, kRound, kFloor, kCeil,
  kExp, kExpm1, kLog, kLog1p, kSin, kCos, kTanh, kSigmoid,
  kRelu, kRelu6, kElu, kSelu, kSoftplus, kGeluTanh, kGeluErf,
};

/// Binary float ops with a SIMD form.
enum class BinaryOp : int { kAdd, kSub, kMul, kDiv, kMax, kMin, kSquaredDifference, kFloorDiv };

/// out[i] = op(in[i]) for i < n, on the best SIMD target of this CPU.
void unary_row(UnaryOp op, const float* in, float* out, std::int64_t n);
void unary_row(UnaryOp op, const double* in, double* out, std::int64_t n);

/// out[i] = op(a[i * a_step], b[i * b_step]) for i < n; steps are 0 (broadcast) or 1.
void binary_row(BinaryOp op, const float* a, const float* b, float* out, std::int64_t n, std::int64_t a_step,
                std::int64_t b_step);
void binary_row(BinaryOp op, const double* a, const double* b, double* out, std::int64_t n, std::int64_t a_step,
                std::int64_t b_step);

/// The SIMD loop of one op on this CPU's best target, resolved once, for callers that run the
/// same op on many short rows (fused regions): out[i] = op(in[i]) for 0 < n.
template <class T>
using UnaryLoop = void (*)(const T* in, T* out, std::int64_t n);
/// out[i] = op(a[i * a_step], b[i * b_step]) for 0 < n, for the steps it was resolved for.
template <class T>
using BinaryLoop = void (*)(const T* a, const T* b, T* out, std::int64_t n);
/// The loop of `op` (T is float or double).
template <class T>
UnaryLoop<T> unary_loop(UnaryOp op);
/// The loop of `op` for these steps (0 or 1) (T is float or double).
template <class T>
BinaryLoop<T> binary_loop(BinaryOp op, std::int64_t a_step, std::int64_t b_step);

/// Relative cost per element of a unary op (1 for an add), for deciding when to use threads.
constexpr std::int64_t unary_cost(UnaryOp op) { return op >= UnaryOp::kExp ? 8 : 1; }

/// out = op(in) over a whole float tensor, in parallel chunks when it is big.
template <class T>
void unary_tensor(UnaryOp op, const Tensor& in, Tensor& out) {
  const T* src = in.data<T>();
  T* dst = out.mutable_data<T>();
  parallel_for(in.num_elements(), unary_cost(op),
               [&](std::int64_t begin, std::int64_t end) { unary_row(op, src + begin, dst + begin, end - begin); });
}

/// out = f(in) over a whole tensor with a scalar functor.
template <class In, class Out, class F>
void map_tensor(const Tensor& in, Tensor& out, F f, std::int64_t cost = 1) {
  const In* src = in.data<In>();
  Out* dst = out.mutable_data<Out>();
  parallel_for(in.num_elements(), cost, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) dst[i] = f(src[i]);
  });
}

/// out = op(a, b) with broadcasting over float tensors.
template <class T>
void binary_tensor(BinaryOp op, const Tensor& a, const Tensor& b, Tensor& out) {
  const BroadcastPlan plan = plan_broadcast(a.shape(), b.shape(), out.shape());
  broadcast_rows(a.data<T>(), b.data<T>(), out.mutable_data<T>(), plan,
                 [op](T* o, const T* x, const T* y, std::int64_t n, std::int64_t sx, std::int64_t sy) {
                   binary_row(op, x, y, o, n, sx, sy);
                 });
}

}  // namespace tf::kernels

// ReluGrad. Composing it as where(y > 0, dy, 0) made three passes and a bool temporary, and
// took about 8% of the docs' MLP training step; this is one vectorized pass.
#include "ops/math/relu_grad_op.h"

#include <string>

#include "kernels/cpu/parallel.h"
#include "ops/execute.h"
#include "ops/math/elementwise_shapes.h"
#include "ops/shape_fns.h"

namespace tf::ops {
namespace {

void relu_grad_shape(ShapeContext& ctx) {
  check_same_dtype(ctx, 0, 1);
  check_supported_dtype(ctx, ctx.input(0).dtype(), "gradients");
  const TensorShape &g = ctx.input(0).shape(), &f = ctx.input(1).shape();
  if (!g.is_compatible_with(f))
    ctx.fail("gradients " + g.debug_string() + " and features " + f.debug_string() + " must have the same shape");
  ctx.add_output(ctx.input(0).dtype(), g.has_unknown_rank() ? f : g);
}

template <class T>
inline void relu_grad_loop(const T* g, const T* f, T* out, std::int64_t n) {
#pragma omp simd
  for (std::int64_t i = 0; i < n; ++i) out[i] = f[i] > T(0) ? g[i] : T(0);
}

// AVX-512 where the CPU has it, chosen at load time (no -march=native).
__attribute__((target_clones("avx512f", "avx2", "default"))) void relu_grad_row(const float* g, const float* f,
                                                                               float* out, std::int64_t n) {
  relu_grad_loop(g, f, out, n);
}
__attribute__((target_clones("avx512f", "avx2", "default"))) void relu_grad_row(const double* g, const double* f,
                                                                               double* out, std::int64_t n) {
  relu_grad_loop(g, f, out, n);
}

template <class T>
void relu_grad_kernel(KernelContext& ctx) {
  const T *g = ctx.input(0).data<T>(), *f = ctx.input(1).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  kernels::parallel_for(ctx.input(0).num_elements(), 1,
                        [&](std::int64_t begin, std::int64_t end) { relu_grad_row(g + begin, f + begin, out + begin, end - begin); });
}

const OpDef& kReluGrad = OpBuilder("ReluGrad").inputs(2).shape(relu_grad_shape).kernels<float, double>(
    []<class T>() -> KernelFn { return &relu_grad_kernel<T>; });

}  // namespace

const OpDef& relu_grad_op() { return kReluGrad; }

}  // namespace tf::ops

// float32 matrix product with a bias row and an activation, in one oneDNN matmul primitive
// (bias and eltwise post-op), for the MatMul + BiasAdd + activation fusion of graphs.
#pragma once

#include <cstdint>

#include "kernels/cpu/matmul.h"

namespace tf::kernels {

/// The activation applied after the bias (oneDNN eltwise post-ops).
enum class MatMulActivation : std::int64_t { kNone, kRelu, kRelu6, kSigmoid, kTanh, kElu, kGeluTanh, kGeluErf };

/// out[m, n] = act(a @ b + bias[n]) for 2-D a and b (possibly stored transposed) and a bias of
/// g.n elements. Primitives are cached per (geometry, activation).
void onednn_matmul_bias_activation(const float* a, const float* b, const float* bias, float* out, const MatMulGeometry& g,
                                   MatMulActivation activation);

}  // namespace tf::kernels

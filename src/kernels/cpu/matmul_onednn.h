// float32 matrix products on oneDNN, split into pieces that tfpp's threads compute apart
// (matmul_split.h).
#pragma once

#include "kernels/cpu/matmul.h"

namespace tf::kernels {

/// out = a @ b on oneDNN with plain row-major memory (transposes expressed as strides, batch
/// broadcasting native to the primitive). Primitives are cached per piece geometry.
void onednn_matmul(const float* a, const float* b, float* out, const MatMulGeometry& g);
/// out += alpha * a @ b for one product (no batch dimensions), updating out in place.
void onednn_matmul_accumulate(const float* a, const float* b, float* out, const MatMulGeometry& g, float alpha);

}  // namespace tf::kernels

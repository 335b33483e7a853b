// _FusedMatMul: MatMul + bias + activation as one op (TensorFlow's remapper name), created by
// the matmul fusion pass for graphs' inference path.
#pragma once

#include "kernels/cpu/matmul_fused_onednn.h"
#include "ops/op_def.h"

namespace tf::ops {

/// Inputs a [m,k], b [k,n], bias [n] (float32); attrs transpose_a, transpose_b (bool) and
/// activation (int64, a kernels::MatMulActivation). Has no gradient: graphs with it run untaped.
const OpDef& fused_matmul_op();

}  // namespace tf::ops

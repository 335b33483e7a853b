// Filling a float tensor with samples of one of the distributions the random ops draw, as
// TensorFlow's kernels draw them from a Philox generator.
#pragma once

#include "kernels/cpu/philox.h"
#include "tfpp/tensor.h"

namespace tf::ops {

enum class Distribution { kNormal, kUniform, kTruncatedNormal };

/// Fills `out` (float16, bfloat16, float32 or float64) from `gen`. TensorFlow makes float16 and
/// bfloat16 numbers from its float32 samples: normal ones rounded, uniform ones from the same
/// random bits (half::uniform_into).
void fill_distribution(Distribution distribution, kernels::Philox gen, Tensor& out);

}  // namespace tf::ops

// Note [Custom gradients in traced graphs]: a custom gradient's function lives in the process
// that traced it, not in the graph. A tape recording inside the traced function holds it and
// uses it; but a gradient through a *call* of the function replays the graph's ops under a tape
// (Note [Gradients through a call]) and would differentiate the forward ops instead, silently
// ignoring the custom gradient. So while tracing, custom_gradient's outputs pass through
// IdentityN (the op TensorFlow marks a custom gradient with in graphs), whose gradient raises.
#pragma once

#include "tfpp/tensor.h"

namespace tf::autodiff {

/// `t` itself eagerly; while tracing, `t` through an IdentityN node no tape records.
Tensor custom_gradient_boundary(const Tensor& t);

}  // namespace tf::autodiff

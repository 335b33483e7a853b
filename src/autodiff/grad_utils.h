// Helpers shared by gradient functions, written with ops.
//
// Note [Gradients with unknown dimensions]: inside a tf::function traced with tf::None
// dimensions, static shapes are only partly known. Each helper uses the static shape when it
// decides the answer (the fast path: no extra ops, as eagerly) and otherwise reads the shape at
// run time (tf.shape) from the forward tensor, which the tape keeps for any tensor whose static
// shape is not fully defined (a symbolic tensor: keeping it costs no memory).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "autodiff/gradient_registry.h"
#include "tfpp/tensor.h"

namespace tf::autodiff {

/// Sums `grad` down to forward input i's shape, undoing NumPy broadcasting; the last
/// `core_dims` dimensions never broadcast (2 for matmul's matrices).
Tensor unbroadcast(const Tensor& grad, const GradientContext& ctx, std::size_t i, int core_dims = 0);
/// Repeats `t` (of `x`'s rank, with size 1 where `x` is larger) up to the shape of `x`, whose static shape is `known`.
Tensor broadcast_up(const Tensor& t, const Tensor& x, const TensorShape& known);
/// The shape of `t` (static shape `known`) as a 1-D int tensor: a constant when `known` is fully
/// defined, else tf.shape(t); `what` names the tensor in the error raised when `t` was not kept.
Tensor shape_tensor(const Tensor& t, const TensorShape& known, const std::string& what);
/// Forward input i's shape as a 1-D int tensor (see shape_tensor).
Tensor input_shape_tensor(const GradientContext& ctx, std::size_t i);
/// Zeros of dtype `dtype` shaped like `t`, whose static shape is `known`.
Tensor zeros_shaped(const Tensor& t, const TensorShape& known, DType dtype);
/// Zeros shaped like forward input i.
Tensor zeros_like_input(const GradientContext& ctx, std::size_t i);
/// `t` reshaped to forward input i's shape.
Tensor reshape_to_input(const Tensor& t, const GradientContext& ctx, std::size_t i);
/// -t.
Tensor neg(const Tensor& t);
/// The dimensions of a fully known shape, as a vector.
std::vector<std::int64_t> dims_of(const TensorShape& shape);
/// Whether forward input i's value is known while building the gradient (always eagerly; when
/// tracing, if it is a constant).
bool has_value(const GradientContext& ctx, std::size_t i);
/// The values of forward int input i (named `what` in the error raised when only the run time knows them).
std::vector<std::int64_t> input_ints(const GradientContext& ctx, std::size_t i, const std::string& what);
/// Throws UnimplementedError: the gradient of `op` needs static sizes that `shape` does not know.
[[noreturn]] void fail_unknown_shape(const GradientContext& ctx, const TensorShape& shape, const std::string& needs);

}  // namespace tf::autodiff

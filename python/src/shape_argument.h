// The `shape` argument of the ops that take an output shape as a tensor (tf.random.*, tf.zeros,
// tf.fill): inside a tf.function it may hold values known only when the function runs.
#pragma once

#include "bindings.h"

namespace tfpp_python {

/// `shape` as TensorFlow's Python converts it: a TensorShape (fully defined), a list or tuple of
/// ints and scalar int tensors (packed into one tensor, as TensorFlow's auto-packing does), or a
/// 1-D int32 / int64 tensor.
tf::IntArray shape_argument(nb::handle shape);

/// Whether `shape` is, or is a list holding, a tensor computed inside a tf.function.
bool holds_symbolic(nb::handle shape);

}  // namespace tfpp_python

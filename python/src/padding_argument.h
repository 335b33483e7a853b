// The `padding` argument of tf.nn's convolutions, converted as TensorFlow's Python converts it
// (nn_ops.convert_padding): "SAME" or "VALID", or, where the op takes explicit padding, a list of
// 4 (before, after) pairs, one per dimension of the input in its data format.
#pragma once

#include "bindings.h"

namespace tfpp_python {

/// `padding` as a tf::nn::Padding: a string, or 4 pairs. Raises TensorFlow's ValueError for a bad
/// list or the string "EXPLICIT", and TypeError for anything else.
tf::nn::Padding explicit_or_named_padding(nb::handle padding);

/// `padding` of a function that takes only "SAME" or "VALID" (conv1d, convolution, conv3d, the
/// average pools): a string, or TensorFlow's TypeError.
std::string named_padding(nb::handle padding);

}  // namespace tfpp_python

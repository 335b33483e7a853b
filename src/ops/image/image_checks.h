// The argument checks TensorFlow's tf.image functions share (image_ops_impl.py's
// _CheckAtLeast3DImage and the 3-or-4-dimensions rule), raising InvalidArgumentError named by
// the function, which the Python bindings turn back into ValueError.
#pragma once

#include <string>

#include "tfpp/tensor.h"

namespace tf::image::detail {

/// Throws "[function] message" as InvalidArgumentError.
[[noreturn]] void fail(const std::string& function, const std::string& message);
/// Checks `image` has rank >= 3 (known) and no zero among its last three static dims.
void check_at_least_3d(const std::string& function, const TensorShape& shape);
/// Checks `image` has a known rank of 3 or 4; `space` reproduces TensorFlow's message, which
/// for some functions lacks the space before "must".
void check_3d_or_4d(const std::string& function, const TensorShape& shape, bool space = true);

}  // namespace tf::image::detail

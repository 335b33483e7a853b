// The PrintV2 op (tfpp internals): front ends that build tf.print's text themselves write it
// through here.
#pragma once

#include <string>

#include "tfpp/tensor.h"

namespace tf::ops {

/// Writes the string scalar `text`, then `end`, to `output_stream` ("stdout", "stderr" or
/// "file://<path>") when the op runs: now eagerly, at every call inside a tf::function.
void print_v2(const Tensor& text, const std::string& output_stream, const std::string& end);

}  // namespace tf::ops

// tf.strings.unsorted_segment_join: the strings of each segment joined in input order.
//
//   tf::strings::unsorted_segment_join(tf::constant({"a", "b", "c"}), {1, 0, 1}, 3, ":");  // ["b", "a:c", ""]
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::strings {

/// Row i of the result joins, with `separator`, every slice inputs[j...] whose segment_ids[j...]
/// is i, in row-major order of j (UnsortedSegmentJoin). segment_ids' shape starts inputs' shape;
/// the result is [num_segments] + the rest of inputs' shape; empty segments give "". An id
/// below 0 or at least num_segments raises InvalidArgumentError.
Tensor unsorted_segment_join(const Tensor& inputs, const IntArray& segment_ids, const Tensor& num_segments,
                             const std::string& separator = "");
/// The same, with the number of segments given as a C++ integer.
Tensor unsorted_segment_join(const Tensor& inputs, const IntArray& segment_ids, std::int64_t num_segments,
                             const std::string& separator = "");

}  // namespace tf::strings

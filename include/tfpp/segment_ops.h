// Segment reductions (tf.math.segment_* and tf.math.unsorted_segment_*): rows of `data` that
// share a segment id are combined into one output row.
//
//   tf::math::segment_sum(data, {0, 0, 1});              // ids sorted, output rows = last id + 1
//   tf::math::unsorted_segment_max(data, ids, 4);        // any order; negative ids are dropped
//
// The sorted forms take a 1-D id vector as long as data's first dimension; empty segments give 0
// (1 for prod). The unsorted forms take ids whose shape starts data's shape and the number of
// segments; empty segments give 0 for sum and mean, 1 for prod, the dtype's lowest value for max
// and its highest for min. Ids are int32 or int64; an id out of range is an InvalidArgumentError.
#pragma once

#include <cstdint>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::math {

/// Sum of each segment (ids sorted ascending, non-negative).
Tensor segment_sum(const Tensor& data, const IntArray& segment_ids);
/// Mean of each segment (integer means truncate toward zero; empty segments give 0).
Tensor segment_mean(const Tensor& data, const IntArray& segment_ids);
/// Maximum of each segment (empty segments give 0).
Tensor segment_max(const Tensor& data, const IntArray& segment_ids);
/// Minimum of each segment (empty segments give 0).
Tensor segment_min(const Tensor& data, const IntArray& segment_ids);
/// Product of each segment (empty segments give 1).
Tensor segment_prod(const Tensor& data, const IntArray& segment_ids);

/// Sum of each of `num_segments` segments (a scalar int32/int64 tensor).
Tensor unsorted_segment_sum(const Tensor& data, const IntArray& segment_ids, const Tensor& num_segments);
/// The same, with the number of segments given as a C++ integer.
Tensor unsorted_segment_sum(const Tensor& data, const IntArray& segment_ids, std::int64_t num_segments);
/// Maximum of each segment (empty segments give the dtype's lowest value).
Tensor unsorted_segment_max(const Tensor& data, const IntArray& segment_ids, const Tensor& num_segments);
/// The same, with the number of segments given as a C++ integer.
Tensor unsorted_segment_max(const Tensor& data, const IntArray& segment_ids, std::int64_t num_segments);
/// Minimum of each segment (empty segments give the dtype's highest value).
Tensor unsorted_segment_min(const Tensor& data, const IntArray& segment_ids, const Tensor& num_segments);
/// The same, with the number of segments given as a C++ integer.
Tensor unsorted_segment_min(const Tensor& data, const IntArray& segment_ids, std::int64_t num_segments);
/// Product of each segment (empty segments give 1).
Tensor unsorted_segment_prod(const Tensor& data, const IntArray& segment_ids, const Tensor& num_segments);
/// The same, with the number of segments given as a C++ integer.
Tensor unsorted_segment_prod(const Tensor& data, const IntArray& segment_ids, std::int64_t num_segments);
/// Sum / max(count, 1) of each segment (floating-point data; a composite, as in TensorFlow).
Tensor unsorted_segment_mean(const Tensor& data, const IntArray& segment_ids, const Tensor& num_segments);
/// The same, with the number of segments given as a C++ integer.
Tensor unsorted_segment_mean(const Tensor& data, const IntArray& segment_ids, std::int64_t num_segments);
/// Sum / sqrt(max(count, 1)) of each segment (floating-point data; a composite).
Tensor unsorted_segment_sqrt_n(const Tensor& data, const IntArray& segment_ids, const Tensor& num_segments);
/// The same, with the number of segments given as a C++ integer.
Tensor unsorted_segment_sqrt_n(const Tensor& data, const IntArray& segment_ids, std::int64_t num_segments);

}  // namespace tf::math

// tf.dynamic_partition and tf.dynamic_stitch: splitting a tensor's rows by a partition index, and
// interleaving rows back by position (each is the other's gradient).
//
//   auto parts = tf::dynamic_partition(tf::constant({10, 20, 30, 40}), tf::constant({1, 0, 1, 2}), 3);
//   // parts: [20], [10, 30], [40]
//   tf::dynamic_stitch({tf::constant({1}), tf::constant({0, 2})}, {tf::constant({20}), tf::constant({10, 30})});
//   // [10, 20, 30]
#pragma once

#include <cstdint>
#include <vector>

#include "tfpp/tensor.h"

namespace tf {

/// The rows of `data` (its slices along the dimensions `partitions` covers) whose partition index
/// is i, in order, for each i in [0, num_partitions) (DynamicPartition). `partitions` is int32
/// and its shape starts data's shape.
std::vector<Tensor> dynamic_partition(const Tensor& data, const Tensor& partitions, std::int64_t num_partitions);

/// merged[indices[m][i...]] = data[m][i...], later tensors winning where indices repeat
/// (DynamicStitch). merged has max(indices) + 1 rows; rows no index names are zeros.
Tensor dynamic_stitch(const std::vector<Tensor>& indices, const std::vector<Tensor>& data);

}  // namespace tf

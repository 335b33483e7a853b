// What a checkpoint keeps of a lookup table, in TensorFlow's layout (lookup_ops.py's
// _serialize_to_tensors): a mutable table's keys and values under "<key>-keys" and
// "<key>-values". Static tables keep nothing: their initializer rebuilds them.
#pragma once

#include <string>
#include <utility>

#include "tfpp/tensor.h"

namespace tf::ops {

/// Whether the table behind `handle` has entries a checkpoint keeps (a mutable or dense table).
bool table_is_saveable(const Tensor& handle);

/// The keys and values a checkpoint saves: a MutableHashTable's entries as two [n] vectors; a
/// DenseHashTable's buckets as [B, 1] matrices placed as TensorFlow's MutableDenseHashTable
/// places them (empty buckets hold the empty key), since TensorFlow imports buckets as they are.
std::pair<Tensor, Tensor> table_checkpoint_tensors(const Tensor& handle);

/// Replaces the table's entries with saved ones (either layout; a dense table's empty and
/// deleted keys are skipped). InvalidArgumentError naming `where` if dtypes or shapes do not fit.
void restore_table_entries(const Tensor& handle, const Tensor& keys, const Tensor& values, const std::string& where);

}  // namespace tf::ops

// The graph ops that make a dataset (a variant scalar, data/dataset_variant.h) of files' records:
// TextLineDataset, TFRecordDataset and FixedLengthRecordDatasetV2, as TensorFlow's are. Inside a
// traced function they become nodes, so that files named by tensors the function computes are
// read at every call (as in `files.interleave(tf.data.TFRecordDataset)`).
#pragma once

#include "data/dataset_variant.h"

namespace tf::data::detail {

/// The lines of `filenames` (a string scalar or vector), decompressed as `compression_type` (a
/// string scalar: "", "GZIP" or "ZLIB") says; `buffer_size` (an int64 scalar) is accepted as
/// TensorFlow's read-buffer size.
Tensor text_line_dataset(const Tensor& filenames, const Tensor& compression_type, const Tensor& buffer_size);
/// The records of the TFRecord files `filenames`.
Tensor tfrecord_dataset(const Tensor& filenames, const Tensor& compression_type, const Tensor& buffer_size);
/// The `record_bytes`-byte records of `filenames` between each file's `header_bytes` and
/// `footer_bytes` (int64 scalars).
Tensor fixed_length_record_dataset(const Tensor& filenames, const Tensor& header_bytes, const Tensor& record_bytes,
                                   const Tensor& footer_bytes, const Tensor& buffer_size,
                                   const Tensor& compression_type);

}  // namespace tf::data::detail

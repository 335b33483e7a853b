// SparseTensors as serialized TensorProtos and back (tf.io.serialize_sparse, serialize_many_sparse,
// deserialize_many_sparse): the bytes TensorFlow writes, so either side reads the other's.
//
//   tf::Tensor rows = tf::io::serialize_many_sparse(sp);          // [N, 3] strings, one row per batch entry
//   tf::SparseTensor back = tf::io::deserialize_many_sparse(rows, tf::float32);
#pragma once

#include "tfpp/sparse_tensor.h"

namespace tf::io {

/// [indices, values, dense_shape] as three serialized TensorProtos, a [3] string tensor (op SerializeSparse).
Tensor serialize_sparse(const SparseTensor& sp_input);

/// Each entry of the first dimension serialized alone, an [N, 3] string tensor; the indices must be
/// in row-major order and inside dense_shape, of rank 2 or more (op SerializeManySparse).
Tensor serialize_many_sparse(const SparseTensor& sp_input);

/// The SparseTensors of an [N, 3] (or [..., 3]) string tensor as one, batched along new leading
/// dimensions, the others the largest of theirs (op DeserializeManySparse).
SparseTensor deserialize_many_sparse(const Tensor& serialized_sparse, DType dtype);

}  // namespace tf::io

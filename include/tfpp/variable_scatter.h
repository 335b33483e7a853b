// Sparse writes to a tf::Variable and reads of parts of it: TensorFlow's tf.Variable.scatter_add,
// scatter_nd_update, sparse_read, ... (and tf.compat.v1.scatter_add(ref, indices, updates), whose
// argument order these follow). Each write is one op on the variable's handle, so it runs eagerly
// or as a node of a traced tf::function, and returns the variable.
//
//   tf::Variable counts(tf::zeros({4}));
//   tf::scatter_add(counts, tf::constant({1, 1, 3}), tf::constant({1.0f, 1.0f, 5.0f}));  // [0, 2, 0, 5]
#pragma once

#include "tfpp/array_ops.h"
#include "tfpp/variable.h"

namespace tf {

/// Row indices[i] of `ref` becomes updates[i] (ref.scatter_update(indices, updates)).
Variable& scatter_update(Variable& ref, const Tensor& indices, const Tensor& updates);
/// Row indices[i] of `ref` plus updates[i] (updates.shape == indices.shape + ref.shape[1:]); each
/// update of a repeated index applies. Indices outside [0, ref.shape[0]) are InvalidArgumentError.
Variable& scatter_add(Variable& ref, const Tensor& indices, const Tensor& updates);
/// Row indices[i] of `ref` minus updates[i].
Variable& scatter_sub(Variable& ref, const Tensor& indices, const Tensor& updates);
/// Row indices[i] of `ref` times updates[i].
Variable& scatter_mul(Variable& ref, const Tensor& indices, const Tensor& updates);
/// Row indices[i] of `ref` divided by updates[i]. A repeated index divides once by the product of its
/// updates, which may round differently from TensorFlow's one division after another.
Variable& scatter_div(Variable& ref, const Tensor& indices, const Tensor& updates);
/// Row indices[i] of `ref` becomes its elementwise maximum with updates[i].
Variable& scatter_max(Variable& ref, const Tensor& indices, const Tensor& updates);
/// Row indices[i] of `ref` becomes its elementwise minimum with updates[i].
Variable& scatter_min(Variable& ref, const Tensor& indices, const Tensor& updates);

/// The elements or slices of `ref` named by the index tuples indices[..., :] become updates
/// (updates.shape == indices.shape[:-1] + ref.shape[indices.shape[-1]:]).
Variable& scatter_nd_update(Variable& ref, const Tensor& indices, const Tensor& updates);
/// The named elements or slices plus updates.
Variable& scatter_nd_add(Variable& ref, const Tensor& indices, const Tensor& updates);
/// The named elements or slices minus updates.
Variable& scatter_nd_sub(Variable& ref, const Tensor& indices, const Tensor& updates);
/// The named elements or slices become their maximum with updates.
Variable& scatter_nd_max(Variable& ref, const Tensor& indices, const Tensor& updates);
/// The named elements or slices become their minimum with updates.
Variable& scatter_nd_min(Variable& ref, const Tensor& indices, const Tensor& updates);

/// Rows `indices` of the variable's value (tf.Variable.sparse_read).
Tensor sparse_read(const Variable& ref, const IntArray& indices);
/// The elements or slices of the variable's value that the index tuples name (tf.Variable.gather_nd).
Tensor gather_nd(const Variable& ref, const IntArray& indices);

}  // namespace tf

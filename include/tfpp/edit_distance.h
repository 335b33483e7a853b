// tf.edit_distance: the Levenshtein distance between sequences held in sparse form.
//
// tfpp's C++ API has no SparseTensor type, so each side is given as TensorFlow's sparse
// components: indices [n, R] (int64, in row-major order), values [n] and dense_shape [R]. The
// last dimension runs along each sequence; the others pick the sequence:
//
//   // hypothesis [[a], [b]] vs truth [[a], [b, c]] -> [0, 0.5]
//   tf::edit_distance({h_idx, h_vals, h_shape}, {t_idx, t_vals, t_shape});
#pragma once

#include "tfpp/tensor.h"

namespace tf {

/// One side of edit_distance: a SparseTensor's indices, values and dense_shape.
struct SparseSequences {
  Tensor indices;      ///< int64 [n, R]
  Tensor values;       ///< [n], any dtype (both sides alike)
  Tensor dense_shape;  ///< int64 [R]
};

/// Options of edit_distance.
struct EditDistanceOptions {
  bool normalize = true;  ///< divide by the truth's length (inf when it is empty and the hypothesis is not)
};

/// float32 distances of shape max(hypothesis.dense_shape[:-1], truth.dense_shape[:-1]) (EditDistance).
Tensor edit_distance(const SparseSequences& hypothesis, const SparseSequences& truth,
                     const EditDistanceOptions& options = {});

}  // namespace tf

// tf.bitcast: the same bytes read as another dtype, values not converted. Between
// dtypes of one size the shape stays; to a narrower dtype a last dimension of the size ratio is
// added ([2] float32 -> [2, 2] uint16); to a wider one the last dimension must be that ratio and
// goes away. Not for bool or string (as in TensorFlow); not differentiable.
#pragma once

#include "tfpp/dtype.h"
#include "tfpp/tensor.h"

namespace tf {

/// The elements of `input` reinterpreted as `type` (tf.bitcast).
Tensor bitcast(const Tensor& input, DType type);

}  // namespace tf

// List inputs whose elements share one dtype (Pack's and ConcatV2's `values`, DynamicStitch's
// `data`, Einsum's `inputs`), converted as TensorFlow's op wrappers convert them.
#pragma once

#include <vector>

#include "bindings.h"

namespace tfpp_python {

/// The elements of `values` as tensors of one dtype where Python values allow it: Python values
/// take the dtype of the first tensor in the list. Eagerly a value that does not fit it raises
/// TypeError, and with no tensor in the list the first element's dtype carries to the rest; while
/// tracing such values keep their own dtype (the op then reports the mismatch), as in TensorFlow's
/// graph mode.
std::vector<tf::Tensor> matching_tensors(nb::handle values);

}  // namespace tfpp_python

// The functions the conformance cases call, by the name of TensorFlow's Python function
// ("tf.math.add", "tf.strided_slice"): each takes the case's tensors and keyword attributes
// and returns the result tensors, calling tfpp's public API as a user would.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "conformance/wire_format.h"
#include "tfpp/tensor.h"

namespace tf::conformance {

/// One callable case function.
using CaseFn = std::function<std::vector<Tensor>(const std::vector<Tensor>& inputs, const Attrs& attrs)>;
/// The table of case functions, by TensorFlow's name.
using CaseFunctions = std::map<std::string, CaseFn>;

/// Elementwise math, comparisons, logical ops, casts.
void add_math_functions(CaseFunctions& table);
/// Shapes, slicing, gather/scatter, padding, tiling.
void add_array_functions(CaseFunctions& table);
/// Reductions, scans, arg-reductions, sorting, matmul.
void add_reduce_functions(CaseFunctions& table);
/// Convolution, pooling, softmax, cross-entropies, activations.
void add_nn_functions(CaseFunctions& table);
/// tf.image: flips, crops, colour conversions and adjustments.
void add_image_functions(CaseFunctions& table);
/// String and decode ops, random ops.
void add_misc_functions(CaseFunctions& table);

/// tf.linalg's factorizations, determinants and solvers.
void add_linalg_functions(CaseFunctions& table);

/// Complex numbers and tf.signal.
void add_complex_functions(CaseFunctions& table);

/// Variables and stop_gradient.
void add_state_functions(CaseFunctions& table);
/// tf.sparse and tf.sets, SparseTensors as their three components.
void add_sparse_functions(CaseFunctions& table);

/// Every case function.
const CaseFunctions& case_functions();

}  // namespace tf::conformance

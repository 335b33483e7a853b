// Higher-order functions over the first dimension of tensors: tf::map_fn, tf::scan, tf::foldl
// and tf::foldr, as TensorFlow builds them: the elements are unstacked into TensorArrays, a
// while loop applies the function to one slice per iteration, and results are written to
// TensorArrays and stacked. Eagerly the loop is a C++ loop; inside tf::function it is one
// While node (so gradients flow through it either way).
//
// The general forms take and return flat lists of tensors (TensorFlow's nested structures,
// flattened); the single-tensor overloads cover the common case.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "tfpp/tensor.h"

namespace tf {

/// A function of one slice of each element tensor, returning a list of tensors.
using SliceFn = std::function<std::vector<Tensor>(const std::vector<Tensor>& slices)>;
/// A function of the accumulator and one slice of each element tensor, returning the next accumulator.
using AccumulateFn = std::function<std::vector<Tensor>(const std::vector<Tensor>& acc, const std::vector<Tensor>& slices)>;

/// Options of tf::map_fn.
struct MapFnOptions {
  /// The dtypes of fn's results (TensorFlow's fn_output_signature); empty: the elements' dtypes.
  std::vector<DType> fn_output_signature = {};
  /// Refine the results' static shapes from fn's results.
  bool infer_shape = true;
};

/// [fn(slices i) for i] stacked: fn sees row i of every tensor in `elems` (which share their
/// first dimension), and result k is its k-th outputs stacked (tf.map_fn).
std::vector<Tensor> map_fn(const SliceFn& fn, const std::vector<Tensor>& elems, const MapFnOptions& options = {});
/// tf.map_fn of one tensor to one tensor of dtype `fn_output_signature` (default: elems' dtype).
Tensor map_fn(const std::function<Tensor(const Tensor&)>& fn, const Tensor& elems,
              std::optional<DType> fn_output_signature = std::nullopt);

/// Every accumulator acc_i = fn(acc_{i-1}, slices i), stacked (tf.scan). Without an initializer,
/// acc_0 is the first slice of each element and the scan starts from the second; with `reverse`,
/// the slices are taken from the last one back and results are stored in that position.
std::vector<Tensor> scan(const AccumulateFn& fn, const std::vector<Tensor>& elems,
                         const std::optional<std::vector<Tensor>>& initializer = std::nullopt, bool reverse = false);
/// tf.scan of one tensor with a one-tensor accumulator.
Tensor scan(const std::function<Tensor(const Tensor&, const Tensor&)>& fn, const Tensor& elems,
            const std::optional<Tensor>& initializer = std::nullopt, bool reverse = false);

/// The final accumulator of fn applied over the slices from first to last (tf.foldl); without an
/// initializer, the first slices start it.
std::vector<Tensor> foldl(const AccumulateFn& fn, const std::vector<Tensor>& elems,
                          const std::optional<std::vector<Tensor>>& initializer = std::nullopt);
/// tf.foldl of one tensor with a one-tensor accumulator.
Tensor foldl(const std::function<Tensor(const Tensor&, const Tensor&)>& fn, const Tensor& elems,
             const std::optional<Tensor>& initializer = std::nullopt);
/// As foldl, from the last slice to the first (tf.foldr).
std::vector<Tensor> foldr(const AccumulateFn& fn, const std::vector<Tensor>& elems,
                          const std::optional<std::vector<Tensor>>& initializer = std::nullopt);
/// tf.foldr of one tensor with a one-tensor accumulator.
Tensor foldr(const std::function<Tensor(const Tensor&, const Tensor&)>& fn, const Tensor& elems,
             const std::optional<Tensor>& initializer = std::nullopt);

}  // namespace tf

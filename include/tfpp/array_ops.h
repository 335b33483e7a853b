// Shape manipulation and indexing: reshape, transpose, concat/stack/split, slicing (including
// NumPy-style strided slices), gather/scatter, padding, tiling, one_hot, range and friends.
//
// Where TensorFlow takes "a list or a tensor" of integers (a shape, a permutation, axes,
// indices), tfpp takes a tf::IntArray, which is written inline (`tf::reshape(t, {2, -1})`),
// passed as a std::vector, or given as an int32/int64 tensor (`tf::reshape(t, tf::shape(u))`).
// reshape, expand_dims, squeeze and identity share the input's buffer instead of copying it.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "tfpp/math_ops.h"
#include "tfpp/tensor.h"

namespace tf {

/// Integers given inline ({2, -1}), as a std::vector, or as an int32/int64 tensor, wherever
/// TensorFlow accepts a list or a tensor. Lists become int32 tensors (int64 if a value needs it).
class IntArray {
 public:
  /// The empty list.
  IntArray();
  /// Inline values: {2, -1}.
  IntArray(std::initializer_list<std::int64_t> values);
  /// Values from a vector.
  IntArray(const std::vector<std::int64_t>& values);
  /// Values from a vector of int.
  IntArray(const std::vector<int>& values);
  /// An int32 or int64 tensor of any shape (checked by the op that reads it).
  IntArray(Tensor values);
  /// The dims of a fully defined shape (InvalidArgumentError for unknown dims).
  IntArray(const TensorShape& shape);
  /// The values as a tensor.
  const Tensor& tensor() const { return tensor_; }

 private:
  Tensor tensor_;
};

/// A tensor with `t`'s elements and the given shape, which may hold one -1 to infer (shares the buffer).
Tensor reshape(const Tensor& t, const IntArray& shape);
/// Removes the size-1 dimensions listed in `axis`, or all size-1 dimensions if it is empty.
Tensor squeeze(const Tensor& t, const std::vector<std::int64_t>& axis = {});
/// Inserts a size-1 dimension at `axis` (negative counts from the end, -1 appends).
Tensor expand_dims(const Tensor& t, std::int64_t axis);
/// Permutes the dimensions: output dimension i is input dimension perm[i].
Tensor transpose(const Tensor& t, const IntArray& perm);
/// Reverses the order of the dimensions.
Tensor transpose(const Tensor& t);
/// Joins tensors of one dtype and rank along an existing dimension.
Tensor concat(const std::vector<Tensor>& values, std::int64_t axis);
/// Joins tensors of one dtype and shape along a new dimension at `axis`.
Tensor stack(const std::vector<Tensor>& values, std::int64_t axis = 0);
/// Splits `t` along `axis` into its slices, each without that dimension.
std::vector<Tensor> unstack(const Tensor& t, std::int64_t axis = 0);
namespace detail {
/// Splits `t` along `axis` into `num_splits` equal parts.
std::vector<Tensor> split_evenly(const Tensor& t, std::int64_t num_splits, std::int64_t axis);
}  // namespace detail
/// tf.split(t, num_splits): `num_splits` equal parts (a template so that `{3}` means sizes, as [3] does in TensorFlow).
template <std::integral I>
std::vector<Tensor> split(const Tensor& t, I num_splits, std::int64_t axis = 0) {
  return detail::split_evenly(t, static_cast<std::int64_t>(num_splits), axis);
}
/// Splits `t` along `axis` into parts of the given sizes (one size may be -1: the rest).
std::vector<Tensor> split(const Tensor& t, const IntArray& size_splits, std::int64_t axis = 0);
/// Repeats `t` multiples[i] times along dimension i.
Tensor tile(const Tensor& t, const IntArray& multiples);

/// Options of tf::pad.
struct PadOptions {
  std::string mode = "CONSTANT";  ///< "CONSTANT", "REFLECT" or "SYMMETRIC" (any case)
  double constant_values = 0;     ///< the fill value of CONSTANT mode, in t's dtype
};
/// Pads dimension i with paddings[i][0] elements before and paddings[i][1] after.
Tensor pad(const Tensor& t, const std::vector<std::array<std::int64_t, 2>>& paddings, const PadOptions& options = {});
/// Pads with an int32/int64 paddings tensor of shape [rank, 2].
Tensor pad(const Tensor& t, const Tensor& paddings, const PadOptions& options = {});

/// The block of `size` elements starting at `begin` (a size of -1 takes the rest of the dimension).
Tensor slice(const Tensor& t, const IntArray& begin, const IntArray& size);

/// The masks of tf::strided_slice; bit i refers to entry i of begin/end/strides.
struct StridedSliceOptions {
  std::int64_t begin_mask = 0;        ///< ignore begin[i]: start at the first (or, striding backwards, last) element
  std::int64_t end_mask = 0;          ///< ignore end[i]: run to the end of the dimension
  std::int64_t ellipsis_mask = 0;     ///< entry i is `...` (at most one bit)
  std::int64_t new_axis_mask = 0;     ///< entry i inserts a size-1 dimension (tf.newaxis)
  std::int64_t shrink_axis_mask = 0;  ///< entry i indexes a single element and removes the dimension
};
/// NumPy-style slicing t[begin:end:strides] with TensorFlow's masks; negative indices count from the end.
Tensor strided_slice(const Tensor& t, const IntArray& begin, const IntArray& end, const IntArray& strides = {},
                     const StridedSliceOptions& options = {});

/// Options of tf::gather.
struct GatherOptions {
  std::int64_t axis = 0;        ///< the dimension of params that indices select from
  std::int64_t batch_dims = 0;  ///< leading dimensions shared by params and indices
};
/// Slices of `params` along `axis` at `indices`; output shape params[:axis] + indices + params[axis+1:].
Tensor gather(const Tensor& params, const IntArray& indices, const GatherOptions& options = {});
/// Slices of `params` addressed by the last dimension of `indices` (index tuples).
Tensor gather_nd(const Tensor& params, const IntArray& indices);
/// A zero tensor of `shape` into which `updates` are added at the index tuples `indices` (duplicates add).
Tensor scatter_nd(const IntArray& indices, const Tensor& updates, const IntArray& shape);
/// The elements (or slices) of `t` where the boolean `mask` is true, mask covering dimensions axis..axis+mask.rank-1.
Tensor boolean_mask(const Tensor& t, const Tensor& mask, std::int64_t axis = 0);
/// The coordinates of the true (non-zero) elements of `condition`, as an int64 [count, rank] tensor.
Tensor where(const Tensor& condition);
/// Reverses `t` along each listed axis.
Tensor reverse(const Tensor& t, const IntArray& axis);

/// Options of tf::one_hot.
struct OneHotOptions {
  double on_value = 1;      ///< the value at each index
  double off_value = 0;     ///< the value everywhere else
  std::int64_t axis = -1;   ///< where the new depth dimension goes
  DType dtype = float32;    ///< the output dtype
};
/// One-hot vectors of length `depth` for each index; indices outside [0, depth) give all-off rows, as in TensorFlow.
Tensor one_hot(const IntArray& indices, std::int64_t depth, const OneHotOptions& options = {});

/// start, start+delta, ... up to but excluding limit, in `dtype`.
Tensor range(double start, double limit, double delta, DType dtype);
/// tf.range(start, limit, delta): int32 for integer arguments, float32 if any is floating point.
template <Number A, Number B, Number C = int>
Tensor range(A start, B limit, C delta = 1) {
  constexpr bool any_float = std::is_floating_point_v<A> || std::is_floating_point_v<B> || std::is_floating_point_v<C>;
  return range(static_cast<double>(start), static_cast<double>(limit), static_cast<double>(delta),
               any_float ? float32 : int32);
}
/// tf.range(limit): 0, 1, ..., limit-1 (int32, or float32 for a floating-point limit).
template <Number A>
Tensor range(A limit) {
  return range(A(0), limit, A(1));
}
/// tf.range over scalar tensors of one dtype.
Tensor range(const Tensor& start, const Tensor& limit, const Tensor& delta);
/// `num` evenly spaced values from start to stop inclusive (float32 or float64 scalars).
Tensor linspace(const Tensor& start, const Tensor& stop, std::int64_t num);
/// `num` evenly spaced values from start to stop inclusive, in `dtype` (float32 by default).
Tensor linspace(double start, double stop, std::int64_t num, DType dtype = float32);

/// The shape of `t` as a 1-D int32 (or int64) tensor.
Tensor shape(const Tensor& t, DType out_type = int32);
/// The number of elements of `t` as a scalar int32 (or int64) tensor.
Tensor size(const Tensor& t, DType out_type = int32);
/// The rank of `t` as a scalar int32 tensor.
Tensor rank(const Tensor& t);
/// A tensor with the same value (sharing the buffer).
Tensor identity(const Tensor& t);

}  // namespace tf

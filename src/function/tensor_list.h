// TensorList: the immutable list of tensors a tf::variant scalar holds, and the TensorList*
// ops on it (TensorFlow's names). In graphs a tf::TensorArray is such a list: every write
// returns a new list (sharing the element tensors), so a while_loop carries it as a loop
// variable. The same lists hold the per-iteration values a While gradient needs.
//
// Elements that were never written are undefined; reading them gives zeros when the
// element shape is known (from the list, the op's static shape, or a written element), as
// TensorFlow does, so a gradient list only holds the elements that received a gradient.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "ops/op_def.h"

namespace tf::function_ops {

/// The value inside a tf::variant tensor.
struct TensorList {
  DType element_dtype = DType::kFloat32;
  TensorShape element_shape = TensorShape::unknown_rank();  ///< what every element must match
  std::vector<Tensor> items;                                ///< undefined: never written
};

/// A concrete variant scalar holding `list`.
Tensor make_list_tensor(TensorList list);
/// The list a concrete variant scalar holds; throws naming `op` for anything else.
const TensorList& list_of(const Tensor& t, const std::string& op);
/// `shape` without its first dimension (the shape of one row); unknown rank stays unknown.
TensorShape row_shape(const TensorShape& shape);
/// The most specific shape compatible with both, or nullopt-like unknown rank with ok=false.
bool merge_shapes(const TensorShape& a, const TensorShape& b, TensorShape& merged);

/// A list of `num_elements` unwritten elements.
Tensor list_reserve(const Tensor& num_elements, DType element_dtype, const TensorShape& element_shape);
/// The list with element `index` set to `item`; past the end it grows if `resize`, else fails.
Tensor list_set_item(const Tensor& list, const Tensor& index, const Tensor& item, bool resize);
/// Element `index`.
Tensor list_get_item(const Tensor& list, const Tensor& index, DType element_dtype, const TensorShape& element_shape);
/// All elements stacked along a new first dimension.
Tensor list_stack(const Tensor& list, DType element_dtype, const TensorShape& element_shape);
/// A list of the slices of `t` along its first dimension.
Tensor list_from_tensor(const Tensor& t, const TensorShape& element_shape);
/// The elements at `indices`, stacked.
Tensor list_gather(const Tensor& list, const Tensor& indices, DType element_dtype, const TensorShape& element_shape);
/// The list with element indices[k] set to t[k]; grows past the end if `resize`.
Tensor list_scatter(const Tensor& list, const Tensor& t, const Tensor& indices, bool resize);
/// All elements concatenated along their first dimension, and each element's length (int64).
std::pair<Tensor, Tensor> list_concat(const Tensor& list, DType element_dtype, const TensorShape& element_shape);
/// A list of consecutive slices of `t` along its first dimension with the given lengths.
Tensor list_split(const Tensor& t, const Tensor& lengths, const TensorShape& element_shape);
/// The number of elements (int32 scalar).
Tensor list_length(const Tensor& list);
/// A list as long as `list` with no element written (a zero gradient).
Tensor list_zeros_like(const Tensor& list);
/// Elementwise sum of two lists of gradients (an unwritten element counts as zero).
Tensor list_add(const Tensor& a, const Tensor& b);

}  // namespace tf::function_ops

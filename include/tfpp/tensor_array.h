// tf::TensorArray: a list of tensors of one dtype, written one index at a time and read back
// one by one, stacked, gathered or concatenated — the way to accumulate loop results.
//
//   tf::TensorArray ta(tf::float32, {.size = 0, .dynamic_size = true});
//   ta = ta.write(i, x);          // returns the TensorArray to use from now on
//   tf::Tensor all = ta.stack();  // [size, ...element_shape]
//
// Eagerly it is a vector of tensors (shared by copies, as TensorFlow's eager TensorArray is),
// and a GradientTape records the stack/unstack/concat/split ops it runs. Inside tf::function
// its state is a tf::variant tensor holding an immutable list (its flow()): every write
// returns a TensorArray with a new flow, and tf::while_loop carries it as a loop variable.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf {

class TensorArray;
namespace detail {
TensorArray branch_array(const char* op, const std::vector<TensorArray>& branches, const Tensor& flow);
}  // namespace detail

/// Options of a tf::TensorArray (TensorFlow's constructor arguments).
struct TensorArrayOptions {
  /// The initial number of elements.
  std::int64_t size = 0;
  /// Writes past the end grow the array instead of failing.
  bool dynamic_size = false;
  /// Eagerly, an element can be read only once (TensorFlow's default); ignored in graphs, as there.
  bool clear_after_read = true;
  /// The shape every element has (unknown dims allowed); unwritten elements read as zeros when it is fully defined.
  TensorShape element_shape = TensorShape::unknown_rank();
  /// Refine element_shape from the written values and check later writes against it.
  bool infer_shape = true;
};

/// A list of tensors of one dtype, usable eagerly and inside tf::function (see the overview).
class TensorArray {
 public:
  /// An array of `options.size` unwritten elements of `dtype`.
  explicit TensorArray(DType dtype, TensorArrayOptions options = {});

  /// The element dtype.
  DType dtype() const;
  /// The shape known for every element (refined by writes when infer_shape).
  const TensorShape& element_shape() const;
  /// True if writes past the end grow the array.
  bool dynamic_size() const;

  /// The array with element `index` (a scalar int tensor) set to `value`.
  TensorArray write(const Tensor& index, const Tensor& value) const;
  /// The array with element `index` set to `value`.
  TensorArray write(std::int64_t index, const Tensor& value) const;
  /// Element `index`; an unwritten element reads as zeros when element_shape is fully defined.
  Tensor read(const Tensor& index) const;
  /// Element `index`.
  Tensor read(std::int64_t index) const;
  /// All elements stacked along a new first dimension.
  Tensor stack() const;
  /// The array holding the slices of `value` along its first dimension.
  TensorArray unstack(const Tensor& value) const;
  /// The elements at `indices`, stacked.
  Tensor gather(const IntArray& indices) const;
  /// The array with element indices[k] set to value[k].
  TensorArray scatter(const IntArray& indices, const Tensor& value) const;
  /// All elements concatenated along their first dimension.
  Tensor concat() const;
  /// The array holding consecutive slices of `value` (along its first dimension) of the given lengths.
  TensorArray split(const Tensor& value, const IntArray& lengths) const;
  /// The number of elements (an int32 scalar).
  Tensor size() const;

  /// The state as a tensor: inside tf::function a tf::variant scalar holding the list.
  Tensor flow() const;
  /// This array's options with the state `flow` (how tf::while_loop rebuilds loop variables).
  TensorArray with_flow(const Tensor& flow) const;

  struct Impl;

 private:
  friend TensorArray detail::branch_array(const char*, const std::vector<TensorArray>&, const Tensor&);

  explicit TensorArray(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  // The traced form of this array (converting an eager one).
  std::shared_ptr<Impl> traced() const;

  std::shared_ptr<Impl> impl_;
};

}  // namespace tf

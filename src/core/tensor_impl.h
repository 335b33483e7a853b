// The object behind a tf::Tensor handle, and helpers to create concrete tensors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/buffer.h"
#include "tfpp/tensor.h"

namespace tf {
namespace detail {

/// What a symbolic tensor stands for: output `index` of node `node` of the graph being traced.
struct SymbolicValue {
  std::uint64_t graph_id;
  int node;
  int index;
  std::string name;  ///< "scope/Op:0", as TensorFlow names graph tensors
};

/// Either a concrete value (buffer + element offset) or a symbolic graph value.
struct TensorImpl {
  DType dtype;
  TensorShape shape;
  std::shared_ptr<core::Buffer> buffer;  // null for symbolic tensors
  std::size_t offset = 0;                // in elements, for views into a shared buffer
  std::shared_ptr<const SymbolicValue> symbolic;
};

}  // namespace detail

namespace core {

/// A new concrete tensor with uninitialized elements (strings are empty).
Tensor empty(DType dtype, const TensorShape& shape);
/// A tensor sharing `source`'s buffer with another shape of the same element count.
Tensor view(const Tensor& source, const TensorShape& shape);

}  // namespace core
}  // namespace tf

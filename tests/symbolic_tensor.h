// A symbolic tensor with a static shape and no value or graph, for shape-function tests.
#pragma once

#include <memory>

#include "core/tensor_impl.h"

namespace tf::testing {

inline Tensor symbolic(DType dtype, const TensorShape& shape) {
  auto impl = std::make_shared<detail::TensorImpl>();
  impl->dtype = dtype;
  impl->shape = shape;
  impl->symbolic = std::make_shared<const detail::SymbolicValue>(detail::SymbolicValue{0, 0, 0, "input:0"});
  return Tensor(std::move(impl));
}

}  // namespace tf::testing

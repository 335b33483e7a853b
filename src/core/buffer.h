// A reference-counted block of tensor elements, owned through std::shared_ptr.
// Several tensors may view one buffer (reshape shares it).
#pragma once

#include <cstddef>
#include <memory>

#include "tfpp/dtype.h"

namespace tf::core {

/// One element of a tf::variant tensor: a type-erased, immutable, shared value (a TensorList).
using Variant = std::shared_ptr<const void>;

/// Storage for `size` elements of one dtype; string, resource and variant elements are constructed and destroyed.
class Buffer {
 public:
  Buffer(DType dtype, std::size_t size);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  void* data() { return data_; }
  const void* data() const { return data_; }
  std::size_t size() const { return size_; }
  DType dtype() const { return dtype_; }

 private:
  DType dtype_;
  std::size_t size_;
  void* data_;
};

}  // namespace tf::core

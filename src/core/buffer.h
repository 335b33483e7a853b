// A reference-counted block of tensor elements, owned through std::shared_ptr.
// Several tensors may view one buffer (reshape shares it).
#pragma once

#include <cstddef>

#include "tfpp/dtype.h"

namespace tf::core {

/// Storage for `size` elements of one dtype; string and resource elements are constructed and destroyed.
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

#include "core/buffer.h"

#include <memory>
#include <string>

#include "core/allocator.h"

namespace tf::core {

Buffer::Buffer(DType dtype, std::size_t size)
    : dtype_(dtype), size_(size), data_(allocate(size * dtype_size(dtype))) {
  if (dtype_ == DType::kString) std::uninitialized_value_construct_n(static_cast<std::string*>(data_), size_);
  if (dtype_ == DType::kResource) std::uninitialized_value_construct_n(static_cast<std::shared_ptr<void>*>(data_), size_);
  if (dtype_ == DType::kVariant) std::uninitialized_value_construct_n(static_cast<Variant*>(data_), size_);
}

Buffer::~Buffer() {
  if (dtype_ == DType::kString) std::destroy_n(static_cast<std::string*>(data_), size_);
  if (dtype_ == DType::kResource) std::destroy_n(static_cast<std::shared_ptr<void>*>(data_), size_);
  if (dtype_ == DType::kVariant) std::destroy_n(static_cast<Variant*>(data_), size_);
  deallocate(data_, size_ * dtype_size(dtype_));
}

}  // namespace tf::core

#include "core/resource_handle.h"

#include "core/tensor_impl.h"

namespace tf::core {
namespace {

// Owns the heap copy of the resource's shared_ptr that a handle stores; its type marks the handle.
struct ResourceOwner {
  void operator()(void* p) const { delete static_cast<std::shared_ptr<Resource>*>(p); }
};

}  // namespace

Tensor make_resource_handle(std::shared_ptr<Resource> resource) {
  Tensor handle = empty(DType::kResource, TensorShape{});
  *static_cast<std::shared_ptr<void>*>(handle.raw_mutable_data()) =
      std::shared_ptr<void>(new std::shared_ptr<Resource>(std::move(resource)), ResourceOwner{});
  return handle;
}

std::shared_ptr<Resource> resource_of(const Tensor& handle) {
  const auto& stored = *static_cast<const std::shared_ptr<void>*>(handle.raw_data());
  if (!stored || !std::get_deleter<ResourceOwner>(stored)) return nullptr;
  return *static_cast<const std::shared_ptr<Resource>*>(stored.get());
}

}  // namespace tf::core

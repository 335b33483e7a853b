#include "core/tensor_impl.h"

#include <ostream>

#include "core/allocator.h"
#include "core/symbolic_bool.h"
#include "core/visit_every_dtype.h"
#include "tfpp/errors.h"

namespace tf {

DType Tensor::dtype() const {
  if (!impl_) throw InvalidArgumentError("[Tensor] dtype of an undefined tensor");
  return impl_->dtype;
}

const TensorShape& Tensor::shape() const {
  if (!impl_) throw InvalidArgumentError("[Tensor] shape of an undefined tensor");
  return impl_->shape;
}

bool Tensor::is_symbolic() const { return impl_ && impl_->symbolic != nullptr; }

const void* Tensor::raw_data() const {
  if (!impl_ || !impl_->buffer)
    throw InvalidArgumentError(impl_ ? "[Tensor] a symbolic tensor has no value until its graph runs"
                                     : "[Tensor] an undefined tensor has no value");
  return static_cast<const char*>(impl_->buffer->data()) + impl_->offset * dtype_size(impl_->dtype);
}

void* Tensor::raw_mutable_data() { return const_cast<void*>(raw_data()); }

void Tensor::check_access(DType requested) const {
  if (impl_ && impl_->dtype == requested) return;  // every kernel's data<T>() passes here
  if (dtype() != requested)
    throw InvalidArgumentError("[Tensor] requested elements as " + std::string(dtype_name(requested)) +
                               " but the tensor's dtype is " + std::string(dtype_name(dtype())));
}

void Tensor::check_single_element(const char* what) const {
  if (num_elements() != 1)
    throw InvalidArgumentError(std::string("[Tensor] ") + what + " needs exactly one element, but the shape is " +
                               shape().to_string());
}

// Kept out of line: the return address names the caller's `if` (Note [AutoGraph paths]).
__attribute__((noinline)) Tensor::operator bool() const {
  if (is_symbolic()) {
    if (core::SymbolicBoolHandler* handler = core::symbolic_bool_handler())
      return handler->decide(*this, __builtin_return_address(0));
    throw InvalidArgumentError(
        "[Tensor] using a symbolic tf::Tensor as a C++ bool is only possible in the code tf::function traces: "
        "there, branch with tf::cond or loop with tf::while_loop");
  }
  check_single_element("conversion to bool");
  return visit_every_dtype(dtype(), [&](auto tag) -> bool {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, std::string>) return !data<std::string>()->empty();
    else return *data<T>() != T{};
  });
}

std::ostream& operator<<(std::ostream& os, const Tensor& t) { return os << t.to_string(); }

namespace core {

Tensor empty(DType dtype, const TensorShape& shape) {
  if (!shape.is_fully_defined())
    throw InvalidArgumentError("[Tensor] a concrete tensor needs a fully defined shape, got " + shape.debug_string());
  auto impl = std::allocate_shared<detail::TensorImpl>(CachingAllocator<detail::TensorImpl>());
  impl->dtype = dtype;
  impl->shape = shape;
  impl->buffer = std::allocate_shared<Buffer>(CachingAllocator<Buffer>(), dtype, static_cast<std::size_t>(shape.num_elements()));
  return Tensor(std::move(impl));
}

Tensor view(const Tensor& source, const TensorShape& shape) {
  auto impl = std::allocate_shared<detail::TensorImpl>(CachingAllocator<detail::TensorImpl>(), *source.impl());
  impl->shape = shape;
  return Tensor(std::move(impl));
}

}  // namespace core
}  // namespace tf

#include "tfpp/dtype.h"

#include <memory>
#include <ostream>

#include "core/visit_every_dtype.h"
#include "tfpp/errors.h"

namespace tf {

std::string_view dtype_name(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return "float32";
    case DType::kFloat64: return "float64";
    case DType::kInt32: return "int32";
    case DType::kInt64: return "int64";
    case DType::kUInt8: return "uint8";
    case DType::kBool: return "bool";
    case DType::kString: return "string";
    case DType::kResource: return "resource";
    case DType::kVariant: return "variant";
    case DType::kInt8: return "int8";
    case DType::kInt16: return "int16";
    case DType::kUInt16: return "uint16";
    case DType::kUInt32: return "uint32";
    case DType::kUInt64: return "uint64";
    case DType::kFloat16: return "float16";
    case DType::kBFloat16: return "bfloat16";
    case DType::kComplex64: return "complex64";
    case DType::kComplex128: return "complex128";
  }
  return "invalid";
}

void throw_no_element_type(DType dtype) {
  throw InvalidArgumentError("[Tensor] a " + std::string(dtype_name(dtype)) +
                             " tensor holds lists of tensors; only the TensorList ops read its elements");
}

void throw_dtype_not_visited(DType dtype) {
  throw InvalidArgumentError("[Tensor] this operation does not take " + std::string(dtype_name(dtype)) + " tensors");
}

std::size_t dtype_size(DType dtype) {
  if (dtype == DType::kResource) return sizeof(std::shared_ptr<void>);
  if (dtype == DType::kVariant) return sizeof(std::shared_ptr<const void>);
  return visit_every_dtype(dtype, [](auto tag) { return sizeof(tag); });
}

void throw_resource_has_no_values() {
  throw InvalidArgumentError("[Tensor] a tf.resource tensor holds a variable handle, not values; read the variable instead");
}

std::ostream& operator<<(std::ostream& os, DType dtype) { return os << "tf." << dtype_name(dtype); }

}  // namespace tf

#include "tfpp/dtype.h"

#include <ostream>

namespace tf {

std::string_view dtype_name(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return "float32";
    case DType::kFloat64: return "float64";
    case DType::kInt32: return "int32";
    case DType::kInt64: return "int64";
    case DType::kBool: return "bool";
    case DType::kString: return "string";
  }
  return "invalid";
}

std::size_t dtype_size(DType dtype) {
  return visit_dtype(dtype, [](auto tag) { return sizeof(tag); });
}

std::ostream& operator<<(std::ostream& os, DType dtype) { return os << "tf." << dtype_name(dtype); }

}  // namespace tf

#include "ops/allowed_dtypes.h"

#include <algorithm>
#include <string>

namespace tf::ops {

std::string tensorflow_type_name(DType dtype) {
  switch (dtype) {
    case DType::kFloat16: return "half";
    case DType::kFloat32: return "float";
    case DType::kFloat64: return "double";
    default: return std::string(dtype_name(dtype));
  }
}

void check_type_attr(const OpContext& ctx, DType dtype, std::span<const DType> allowed, std::string_view unlisted,
                     std::string_view attr) {
  if (std::find(allowed.begin(), allowed.end(), dtype) != allowed.end()) return;
  std::string names;
  for (DType d : allowed) names += (names.empty() ? "" : ", ") + tensorflow_type_name(d);
  if (!unlisted.empty()) names += ", " + std::string(unlisted);
  ctx.fail("Value for attr '" + std::string(attr) + "' of " + tensorflow_type_name(dtype) + " is not in the list of allowed values: " + names);
}

}  // namespace tf::ops

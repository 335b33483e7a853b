#include "ops/strings/string_inputs.h"

namespace tf::ops {

void check_string_input(const OpContext& ctx, std::size_t i, const std::string& what) {
  const DType dtype = ctx.input(i).dtype();
  if (dtype != string) ctx.fail(what + " has dtype " + std::string(dtype_name(dtype)) + "; expected string");
}

}  // namespace tf::ops

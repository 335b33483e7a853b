// Kernels registered apart from an op's declaration: the float16 / bfloat16 kernels of many op
// families are listed in one table (ops/half/), as TensorFlow's registrations for those dtypes
// are, and the complex kernels live with complex arithmetic (ops/complex/), instead of touching
// every op's builder and bringing the heavy element types into its file.
#pragma once

#include <string_view>

#include "ops/op_def.h"

namespace tf::ops {

/// Sets the kernel of the op named `name` for `dtype`, now or when the op registers later
/// (static registrations run in any order). Returns true, for static initializers.
bool add_kernel(std::string_view name, DType dtype, KernelFn fn);

/// Replaces the kernel of the op named `name` for `dtype` by `wrapper`, now or when the op
/// registers, first storing the kernel it replaces in `*original` (which the wrapper calls).
void wrap_kernel(std::string_view name, DType dtype, KernelFn wrapper, KernelFn* original);

}  // namespace tf::ops

// Adding kernels for more dtypes to ops declared elsewhere, from the files that own those
// dtypes' arithmetic (complex numbers): the op's declaration stays in one place, and the
// heavy element types stay out of its file.
#pragma once

#include <string_view>

#include "ops/op_def.h"

namespace tf::ops {

/// Registers `fn` as the kernel of the op named `name` for `dtype`, now or when the op
/// registers later (static registrations run in any order). Returns true, for static initializers.
bool add_kernel(std::string_view name, DType dtype, KernelFn fn);

}  // namespace tf::ops

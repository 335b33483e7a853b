// The check every string op's shape function makes of its string inputs.
#pragma once

#include <cstddef>
#include <string>

#include "ops/op_def.h"

namespace tf::ops {

/// Fails the op unless input `i` holds strings: "<what> has dtype <dtype>; expected string".
void check_string_input(const OpContext& ctx, std::size_t i, const std::string& what = "input");

}  // namespace tf::ops

// Ops that, as in TensorFlow, come without a gradient for users to register: not marked
// not differentiable (gradients would stop there silently) but left empty, so a tape raises
// LookupError through them until tf::RegisterGradient gives them one.
#pragma once

#include <string_view>

namespace tf::autodiff {

/// Records that op `name` has no gradient until a user registers one; returns true (for static initializers).
bool leave_gradient_to_users(std::string_view name);
/// Whether op `name` was left without a gradient for users to register.
bool gradient_left_to_users(std::string_view name);

}  // namespace tf::autodiff

// Handles to resources other than variables (lookup tables). A tf::resource tensor holds a
// std::shared_ptr<void>; a variable's points at its VariableImpl, another resource's is owned
// through a deleter of its own type, which is how code that handles variables tells them apart.
#pragma once

#include <memory>

#include "tfpp/tensor.h"

namespace tf::core {

/// Base of resources that are not variables.
struct Resource {
  virtual ~Resource() = default;
};

/// A new scalar tf::resource tensor referring to `resource`.
Tensor make_resource_handle(std::shared_ptr<Resource> resource);

/// The resource a concrete handle refers to, or null when it is a variable's handle.
std::shared_ptr<Resource> resource_of(const Tensor& handle);

}  // namespace tf::core

// The object behind a tf::Variable handle.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "tfpp/variable.h"

namespace tf::detail {

struct VariableImpl {
  std::string name;  // without ":0"
  bool trainable = true;
  DType dtype = DType::kFloat32;
  TensorShape shape;
  std::uint64_t id = 0;
  mutable std::mutex mutex;  // guards `value`: variables may be shared across threads
  Tensor value;              // immutable; assignments replace it (copy-on-write)

  /// The current value, without recording on tapes.
  Tensor load() const {
    std::lock_guard lock(mutex);
    return value;
  }
};

}  // namespace tf::detail

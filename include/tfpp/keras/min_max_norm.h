// tf::keras::constraints::MinMaxNorm: keeps the L2 norm of each slice of a weight within
// [min_value, max_value], moving it there at `rate` per update.
//
//   layers::Dense(64, {.kernel_constraint = constraints::MinMaxNorm(0.5, 2.0)});
#pragma once

#include <cstdint>

#include "tfpp/keras/constraints.h"

namespace tf::keras::constraints {

/// Rescales slices along `axis` toward norms in [min_value, max_value]: the new norm is
/// rate * clip(norm, min, max) + (1 - rate) * norm (Keras' MinMaxNorm, axis 0 by default).
Constraint MinMaxNorm(double min_value = 0.0, double max_value = 1.0, double rate = 1.0, std::int64_t axis = 0);

}  // namespace tf::keras::constraints

// tf::keras::initializers::Identity: gain times the identity matrix, for 2-D weights.
//
//   layers::Dense(4, {.kernel_initializer = initializers::Identity(2.0)});
#pragma once

#include "tfpp/keras/initializers.h"

namespace tf::keras::initializers {

/// gain * eye(rows, cols) (rectangular shapes get the leading diagonal); other ranks raise
/// InvalidArgumentError when called.
Initializer Identity(double gain = 1.0);

}  // namespace tf::keras::initializers

// Keras 3's activity regularization (Layer.__call__): a layer's penalty on one of its outputs.
#pragma once

#include "tfpp/keras/regularizers.h"
#include "tfpp/tensor.h"

namespace tf::keras::detail {

/// regularizer(output) divided by the output's batch size (its first dimension; none for a
/// scalar), the loss Keras adds for each output of a call.
Tensor activity_loss(const regularizers::Regularizer& regularizer, const Tensor& output);

}  // namespace tf::keras::detail

// keras.optimizers.Lion (Chen et al., "Symbolic Discovery of Optimization Algorithms"): the
// update is the sign of an interpolation of the momentum and the gradient, so every element moves
// by exactly the learning rate. One slot per variable, "<name>/<variable path>_momentum".
//
//   tf::keras::optimizers::Lion opt({.learning_rate = 1e-4, .beta_1 = 0.9, .beta_2 = 0.99});
#pragma once

#include <optional>
#include <string>

#include "tfpp/keras/optimizers.h"

namespace tf::keras::optimizers {

/// Options of Lion.
struct LionOptions {
  LearningRate learning_rate = 0.001;  ///< a number or a schedule
  double beta_1 = 0.9;                 ///< interpolation of momentum and gradient in the update, in (0, 1]
  double beta_2 = 0.99;                ///< decay of the momentum
  std::optional<double> weight_decay = {};    ///< decoupled decay: var -= var * wd * lr
  std::optional<double> clipnorm = {};        ///< clip each gradient to this L2 norm
  std::optional<double> clipvalue = {};       ///< clip each gradient element to [-v, v]
  std::optional<double> global_clipnorm = {}; ///< clip all gradients to this joint norm
  std::string name = {};                      ///< the optimizer's name ("" picks "lion", "lion_1", ...)
};

/// Lion: var -= lr * sign(beta_1 * m + (1 - beta_1) * g); m = beta_2 * m + (1 - beta_2) * g.
class Lion : public Optimizer {
 public:
  /// A Lion optimizer; throws InvalidArgumentError for beta_1 outside (0, 1], as Keras does.
  explicit Lion(LionOptions options = {});
};

}  // namespace tf::keras::optimizers

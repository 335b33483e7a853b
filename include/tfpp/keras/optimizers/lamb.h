// keras.optimizers.Lamb (You et al., "Large Batch Optimization for Deep Learning"): Adam's
// bias-corrected step, scaled per variable by the trust ratio ||var|| / ||step||. Slots
// "<name>/<variable path>_momentum" and "_velocity", as Adam's.
//
//   tf::keras::optimizers::Lamb opt({.learning_rate = 1e-3});
#pragma once

#include <optional>
#include <string>

#include "tfpp/keras/optimizers.h"

namespace tf::keras::optimizers {

/// Options of Lamb.
struct LambOptions {
  LearningRate learning_rate = 0.001;  ///< a number or a schedule
  double beta_1 = 0.9;                 ///< decay of the first-moment estimates
  double beta_2 = 0.999;               ///< decay of the second-moment estimates
  double epsilon = 1e-7;               ///< added to the root of the second moment
  std::optional<double> weight_decay = {};    ///< decoupled decay: var -= var * wd * lr
  std::optional<double> clipnorm = {};        ///< clip each gradient to this L2 norm
  std::optional<double> clipvalue = {};       ///< clip each gradient element to [-v, v]
  std::optional<double> global_clipnorm = {}; ///< clip all gradients to this joint norm
  std::string name = {};                      ///< the optimizer's name ("" picks "lamb", "lamb_1", ...)
};

/// Lamb: Adam's step times ||var|| / ||step|| (1 when either norm is zero).
class Lamb : public Optimizer {
 public:
  /// A Lamb optimizer.
  explicit Lamb(LambOptions options = {});
};

}  // namespace tf::keras::optimizers

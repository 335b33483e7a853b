// keras.optimizers.ScheduleFreeAdamW (Defazio et al., "The Road Less Scheduled"): AdamW steps on a
// "momentum" sequence z (which starts as a copy of the variable), an average x of it weighted
// 1 / step, and the variable kept at their interpolation y = (1 - beta_1) z + beta_1 x, so that no
// learning-rate schedule is needed. Slots "<name>/<variable path>_momentum" and "_velocity".
//
//   tf::keras::optimizers::ScheduleFreeAdamW opt({.learning_rate = 2.5e-3, .warmup_steps = 100});
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tfpp/keras/optimizers.h"

namespace tf::keras::optimizers {

/// Options of ScheduleFreeAdamW.
struct ScheduleFreeAdamWOptions {
  LearningRate learning_rate = 0.0025;  ///< a number or a schedule
  double beta_1 = 0.9;                  ///< the interpolation between the momentum sequence and its average
  double beta_2 = 0.999;                ///< decay of the second-moment estimates
  double epsilon = 1e-8;                ///< added to the root of the second moment
  std::int64_t warmup_steps = 0;        ///< the rate rises linearly from 0 over these steps
  std::optional<double> weight_decay = {};    ///< decoupled decay: var -= var * wd * lr
  std::optional<double> clipnorm = {};        ///< clip each gradient to this L2 norm
  std::optional<double> clipvalue = {};       ///< clip each gradient element to [-v, v]
  std::optional<double> global_clipnorm = {}; ///< clip all gradients to this joint norm
  std::string name = {};                      ///< the optimizer's name ("" picks "schedule_free_adam_w", ...)
};

/// Schedule-free AdamW, as Keras 3 computes it.
class ScheduleFreeAdamW : public Optimizer {
 public:
  /// A ScheduleFreeAdamW optimizer.
  explicit ScheduleFreeAdamW(ScheduleFreeAdamWOptions options = {});
};

}  // namespace tf::keras::optimizers

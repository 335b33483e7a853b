// keras.optimizers.Adafactor (Shazeer and Stern, "Adafactor: Adaptive Learning Rates with
// Sublinear Memory Cost"): for a variable of rank >= 2 the second moment is kept as its row and
// column means, whose outer product (normalized) stands in for the full matrix; the step is
// scaled by the variable's RMS and clipped by its own RMS.
//
// Keras' optimizer variables, in its order, per model variable: the row and column factors
// ("<name>/<variable's last name part>", shapes var.shape[:-1] and var.shape[:-2] + [last]) or,
// for rank < 2, two unused int32 scalars of the same names (Keras creates them so); then
// "<name>/<variable path>_velocity". Checkpoints and .keras files hold them in this order.
//
//   tf::keras::optimizers::Adafactor opt({.learning_rate = 1e-2});
#pragma once

#include <optional>
#include <string>

#include "tfpp/keras/optimizers.h"

namespace tf::keras::optimizers {

/// Options of Adafactor.
struct AdafactorOptions {
  LearningRate learning_rate = 0.001;  ///< a number or a schedule
  double beta_2_decay = -0.8;          ///< the second moment's decay is 1 - step^beta_2_decay
  double epsilon_1 = 1e-30;            ///< added to the squared gradient
  double epsilon_2 = 1e-3;             ///< lower bound of the variable's RMS in the step size
  double clip_threshold = 1.0;         ///< the update's RMS is clipped to this
  bool relative_step = true;           ///< a constant rate is capped by 1 / sqrt(step)
  std::optional<double> weight_decay = {};    ///< decoupled decay: var -= var * wd * lr
  std::optional<double> clipnorm = {};        ///< clip each gradient to this L2 norm
  std::optional<double> clipvalue = {};       ///< clip each gradient element to [-v, v]
  std::optional<double> global_clipnorm = {}; ///< clip all gradients to this joint norm
  std::string name = {};                      ///< the optimizer's name ("" picks "adafactor", ...)
};

/// Adafactor, as Keras 3 computes it.
class Adafactor : public Optimizer {
 public:
  /// An Adafactor optimizer.
  explicit Adafactor(AdafactorOptions options = {});
};

}  // namespace tf::keras::optimizers

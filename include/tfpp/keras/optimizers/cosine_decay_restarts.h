// CosineDecayRestarts (keras.optimizers.schedules.CosineDecayRestarts, SGDR): cosine decay that
// restarts from the top every period, each period t_mul times longer and m_mul times lower.
//
//   namespace schedules = tf::keras::optimizers::schedules;
//   schedules::CosineDecayRestarts lr({.initial_learning_rate = 0.1, .first_decay_steps = 100});
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/keras/optimizers/schedules.h"

namespace tf::keras::optimizers::schedules {

/// Options of CosineDecayRestarts (Keras' defaults).
struct CosineDecayRestartsOptions {
  double initial_learning_rate = 0.01;  ///< the rate at the start of the first period
  std::int64_t first_decay_steps = 1000;  ///< length of the first period (must be > 0)
  double t_mul = 2.0;                   ///< each period is t_mul times longer than the last
  double m_mul = 1.0;                   ///< each restart starts m_mul times lower than the last
  double alpha = 0.0;                   ///< the rate's floor as a fraction of initial_learning_rate
  std::string name = "SGDRDecay";
};

/// initial * ((1 - alpha) * 0.5 * m_mul^i * (1 + cos(pi * f)) + alpha), with i the restart and f
/// the fraction of the current period completed.
class CosineDecayRestarts : public LearningRateSchedule {
 public:
  /// A schedule; throws InvalidArgumentError for first_decay_steps <= 0.
  explicit CosineDecayRestarts(CosineDecayRestartsOptions options = {});
  Tensor operator()(const Tensor& step) const override;
  std::string class_name() const override { return "CosineDecayRestarts"; }
  Config get_config() const override;

 private:
  CosineDecayRestartsOptions options_;
};

}  // namespace tf::keras::optimizers::schedules

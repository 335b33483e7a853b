// CosineDecayRestarts: Keras 3's SGDR formula as float32 ops on the step.
#include "tfpp/keras/optimizers/cosine_decay_restarts.h"

#include <numbers>

#include "tfpp/errors.h"
#include "tfpp/math_ops.h"

namespace tf::keras::optimizers::schedules {

CosineDecayRestarts::CosineDecayRestarts(CosineDecayRestartsOptions options) : options_(std::move(options)) {
  if (options_.first_decay_steps <= 0)
    throw InvalidArgumentError("[CosineDecayRestarts] first_decay_steps must be > 0, got " +
                               std::to_string(options_.first_decay_steps));
}

Tensor CosineDecayRestarts::operator()(const Tensor& step) const {
  const auto f32 = [](double value) { return constant(value, float32); };
  const Tensor s = step.dtype() == float32 ? step : cast(step, float32);
  Tensor fraction = s / f32(static_cast<double>(options_.first_decay_steps));
  Tensor restart;
  if (options_.t_mul == 1.0) {  // equal periods: the restart is the whole part of the fraction
    restart = floor(fraction);
    fraction = fraction - restart;
  } else {  // geometric periods: sum_{k<i} t_mul^k = (1 - t_mul^i) / (1 - t_mul) steps precede restart i
    const Tensor t_mul = f32(options_.t_mul);
    restart = tf::math::floor(tf::math::log(1.0f - fraction * (1.0f - t_mul)) / tf::math::log(t_mul));
    const Tensor periods_before = (1.0f - pow(t_mul, restart)) / (1.0f - t_mul);
    fraction = (fraction - periods_before) / pow(t_mul, restart);
  }
  const Tensor cosine = 0.5f * pow(f32(options_.m_mul), restart) * (1.0f + cos(f32(std::numbers::pi) * fraction));
  const double alpha = options_.alpha;
  return f32(options_.initial_learning_rate) * ((1.0f - f32(alpha)) * cosine + f32(alpha));
}

Config CosineDecayRestarts::get_config() const {
  return {{"initial_learning_rate", options_.initial_learning_rate},
          {"first_decay_steps", options_.first_decay_steps},
          {"t_mul", options_.t_mul},
          {"m_mul", options_.m_mul},
          {"alpha", options_.alpha},
          {"name", options_.name}};
}

}  // namespace tf::keras::optimizers::schedules

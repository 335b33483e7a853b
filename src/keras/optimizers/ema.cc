// set_ema, swap_ema_weights and finalize_ema_values over the optimizer's EMA state.
#include "tfpp/keras/optimizers/ema.h"

#include "keras/optimizers/optimizer_state.h"
#include "tfpp/errors.h"

namespace tf::keras::optimizers {
namespace {

detail::OptimizerState& with_ema(Optimizer& optimizer, const char* who) {
  if (!optimizer.defined()) throw FailedPreconditionError(std::string("[") + who + "] the optimizer handle is undefined");
  detail::OptimizerState& s = *optimizer.state();
  if (!s.options.use_ema)
    throw InvalidArgumentError(s.prefix() + "SwapEMAWeights must be used when `use_ema=True` is set on the optimizer. "
                                            "Received: use_ema=False");
  return s;
}

}  // namespace

void set_ema(Optimizer& optimizer, const EmaOptions& options) {
  if (!optimizer.defined()) throw FailedPreconditionError("[set_ema] the optimizer handle is undefined");
  optimizer.state()->set_ema(options.use_ema, options.momentum, options.overwrite_frequency);
}

void swap_ema_weights(Optimizer& optimizer) {
  detail::OptimizerState& s = with_ema(optimizer, "swap_ema_weights");
  for (std::size_t i = 0; i < s.averages.size(); ++i) {
    const Tensor value = s.trainable[i].read_value();
    s.trainable[i].assign(s.averages[i].read_value());
    s.averages[i].assign(value);
  }
}

void finalize_ema_values(Optimizer& optimizer) {
  detail::OptimizerState& s = with_ema(optimizer, "finalize_ema_values");
  for (std::size_t i = 0; i < s.averages.size(); ++i) s.averages[i].assign(s.trainable[i].read_value());
}

}  // namespace tf::keras::optimizers

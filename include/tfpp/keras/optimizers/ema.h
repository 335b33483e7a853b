// Keras' optimizer EMA (use_ema): an exponential moving average of each trained variable, kept in
// the optimizer's "<name>/<variable path>_average" slots (created before the optimizer's own slots,
// as Keras orders them), updated after every step, copied into the variables every
// ema_overwrite_frequency steps and when fit ends. The config keys use_ema, ema_momentum and
// ema_overwrite_frequency turn it on in optimizers::deserialize (and Python's keyword arguments).
//
//   auto opt = tf::keras::optimizers::Adam();
//   tf::keras::optimizers::set_ema(opt, {.momentum = 0.9});       // before the optimizer is built
//   ...
//   tf::keras::optimizers::swap_ema_weights(opt);  // evaluate with the averages, swap back after
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/keras/optimizers.h"

namespace tf::keras::optimizers {

/// Options of set_ema.
struct EmaOptions {
  bool use_ema = true;                                 ///< keep the moving averages
  double momentum = 0.99;                              ///< in [0, 1]
  std::optional<std::int64_t> overwrite_frequency = {}; ///< copy the averages into the variables every n steps (0: never)
};

/// Turns EMA on (or off) for `optimizer`, which must not be built yet; throws InvalidArgumentError
/// for a momentum outside [0, 1] or a negative frequency.
void set_ema(Optimizer& optimizer, const EmaOptions& options);
/// Exchanges the values of the trained variables and their moving averages (SwapEMAWeights);
/// throws InvalidArgumentError for an optimizer without use_ema.
void swap_ema_weights(Optimizer& optimizer);
/// Copies the trained variables into their moving averages (SwapEMAWeights' last epoch).
void finalize_ema_values(Optimizer& optimizer);

}  // namespace tf::keras::optimizers

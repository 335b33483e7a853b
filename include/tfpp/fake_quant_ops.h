// tf.quantization's fake quantization, as TensorFlow 2.21's FakeQuantWithMinMaxArgs / Vars /
// VarsPerChannel ops and their *Gradient ops: float32 values are clamped to [min, max] nudged so
// that 0.0 is exactly one of the 2^num_bits levels, rounded to the nearest level and mapped back
// to float32. The gradient passes straight through inside the nudged range; with Vars, what falls
// below or above it flows to min or max.
//
//   tf::Tensor q = tf::quantization::fake_quant_with_min_max_args(x, {.min = -1, .max = 1, .num_bits = 4});
//   tf::Tensor v = tf::quantization::fake_quant_with_min_max_vars(x, min_var, max_var);  // trainable range
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::quantization {

/// The quantization grid of the Vars ops.
struct FakeQuantOptions {
  std::int64_t num_bits = 8;  ///< 2 to 16
  bool narrow_range = false;  ///< levels 1 .. 2^num_bits - 1 instead of 0 .. 2^num_bits - 1
};

/// The range (attributes, float32) and grid of fake_quant_with_min_max_args.
struct FakeQuantArgsOptions {
  double min = -6.0;           ///< must be smaller than max
  double max = 6.0;
  std::int64_t num_bits = 8;   ///< 2 to 16
  bool narrow_range = false;   ///< levels 1 .. 2^num_bits - 1 instead of 0 .. 2^num_bits - 1
};

/// The gradients a Vars *Gradient op returns.
struct FakeQuantGradients {
  Tensor backprops_wrt_input;  ///< the gradients where the input lies in the nudged range, else 0
  Tensor backprop_wrt_min;     ///< the sum of the gradients of inputs below the range (per channel: [d])
  Tensor backprop_wrt_max;     ///< the sum of the gradients of inputs above the range (per channel: [d])
};

/// tf.quantization.fake_quant_with_min_max_args: fake-quantizes float32 `inputs` into [min, max] (FakeQuantWithMinMaxArgs).
Tensor fake_quant_with_min_max_args(const Tensor& inputs, const FakeQuantArgsOptions& options = {});
/// tf.quantization.fake_quant_with_min_max_args_gradient: `gradients` where `inputs` lie in the nudged range, else 0.
Tensor fake_quant_with_min_max_args_gradient(const Tensor& gradients, const Tensor& inputs,
                                             const FakeQuantArgsOptions& options = {});

/// tf.quantization.fake_quant_with_min_max_vars: fake-quantizes into [min, max] given as float32 scalars.
Tensor fake_quant_with_min_max_vars(const Tensor& inputs, const Tensor& min, const Tensor& max,
                                    const FakeQuantOptions& options = {});
/// tf.quantization.fake_quant_with_min_max_vars_gradient: the gradients for the inputs, min and max.
FakeQuantGradients fake_quant_with_min_max_vars_gradient(const Tensor& gradients, const Tensor& inputs, const Tensor& min,
                                                         const Tensor& max, const FakeQuantOptions& options = {});

/// tf.quantization.fake_quant_with_min_max_vars_per_channel: one range per element of the last
/// dimension; min and max are float32 vectors of that size.
Tensor fake_quant_with_min_max_vars_per_channel(const Tensor& inputs, const Tensor& min, const Tensor& max,
                                                const FakeQuantOptions& options = {});
/// tf.quantization.fake_quant_with_min_max_vars_per_channel_gradient: the gradients for the inputs and each channel's min and max.
FakeQuantGradients fake_quant_with_min_max_vars_per_channel_gradient(const Tensor& gradients, const Tensor& inputs,
                                                                     const Tensor& min, const Tensor& max,
                                                                     const FakeQuantOptions& options = {});

}  // namespace tf::quantization

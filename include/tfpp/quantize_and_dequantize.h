// tf.quantization.quantize_and_dequantize_v2 (QuantizeAndDequantizeV4) and the deprecated
// quantize_and_dequantize (QuantizeAndDequantizeV2), as TensorFlow 2.21's: values are scaled to
// signed or unsigned num_bits integers so that 0 stays 0 and the wider side of the range just
// fits, rounded, and scaled back, for the whole tensor or per slice along an axis. The range is
// the input's own minimum and maximum unless range_given. Float32 and float64.
//
//   tf::Tensor y = tf::quantization::quantize_and_dequantize_v2(x, tf::constant(-1.0f), tf::constant(1.0f),
//                                                               {.num_bits = 4, .range_given = true});
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tfpp/tensor.h"

namespace tf::quantization {

/// Options of the quantize-and-dequantize ops (TensorFlow's defaults).
struct QuantizeAndDequantizeOptions {
  bool signed_input = true;                ///< signed integers (-2^(num_bits-1) ..) or unsigned (0 ..)
  std::int64_t num_bits = 8;               ///< at least 1, below 62 (signed) or 63 (unsigned)
  bool range_given = false;                ///< use input_min / input_max (scalars) instead of the input's range
  std::string round_mode = "HALF_TO_EVEN"; ///< or "HALF_UP"
  bool narrow_range = false;               ///< signed: -2^(num_bits-1) + 1 .. instead of -2^(num_bits-1) ..
  std::optional<std::int64_t> axis;        ///< quantize each slice along this axis (negative counts from the end)
};

/// tf.quantization.quantize_and_dequantize_v2: its gradient passes where the input lies in [input_min, input_max].
Tensor quantize_and_dequantize_v2(const Tensor& input, const Tensor& input_min, const Tensor& input_max,
                                  const QuantizeAndDequantizeOptions& options = {});
/// tf.quantization.quantize_and_dequantize (deprecated in TensorFlow): the same values, its gradient passes everywhere.
Tensor quantize_and_dequantize(const Tensor& input, const Tensor& input_min, const Tensor& input_max,
                               const QuantizeAndDequantizeOptions& options = {});

/// The gradients QuantizeAndDequantizeV4Grad returns.
struct QuantizeAndDequantizeGradients {
  Tensor input_backprop;      ///< the gradients where the input lies in [input_min, input_max], else 0
  Tensor input_min_backprop;  ///< zeros shaped like input_min
  Tensor input_max_backprop;  ///< zeros shaped like input_max
};
/// The gradient op of quantize_and_dequantize_v2 (QuantizeAndDequantizeV4Grad); `axis` as the forward op's (-1: none).
QuantizeAndDequantizeGradients quantize_and_dequantize_v4_grad(const Tensor& gradients, const Tensor& input,
                                                               const Tensor& input_min, const Tensor& input_max,
                                                               std::int64_t axis = -1);

}  // namespace tf::quantization

// tf.signal's Kaiser, Kaiser-Bessel-derived and Vorbis windows (window_ops.py), composed of ops
// in TensorFlow's order so that float32 windows round as TensorFlow's do.
#include <cmath>
#include <numbers>
#include <string>

#include "tfpp/activation_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/signal_windows.h"
#include "tfpp/special_functions.h"

namespace tf::signal {
namespace {

void check_window(std::int64_t window_length, DType dtype, const char* op) {
  if (!is_floating(dtype))
    throw InvalidArgumentError(std::string("[") + op + "] dtype must be a floating point type. Found " +
                               std::string(dtype_name(dtype)));
  if (window_length < 0)
    throw InvalidArgumentError(std::string("[") + op + "] window_length must be non-negative, got " +
                               std::to_string(window_length));
}

// TensorFlow casts Python numbers to dtype through a float32 tensor.
Tensor python_float(double value, DType dtype) { return cast(constant(static_cast<float>(value)), dtype); }

}  // namespace

Tensor kaiser_window(std::int64_t window_length, const KaiserWindowOptions& options) {
  const DType dtype = options.dtype;
  check_window(window_length, dtype, "kaiser_window");
  if (window_length == 1) return ones({1}, dtype);
  // The positions -halflen .. halflen, computed in float32 whatever the dtype, as TensorFlow's.
  const float halflen = (static_cast<float>(window_length) - 1.0f) / 2.0f;
  const Tensor arg = cast(range(-halflen, halflen + 0.1f, 1.0, float32), dtype);
  const Tensor beta = python_float(options.beta, dtype);
  const Tensor one = python_float(1.0, dtype);
  const Tensor half = cast(constant(halflen), dtype);
  const Tensor num = multiply(beta, math::sqrt(nn::relu(subtract(one, math::square(divide(arg, half))))));
  return multiply(math::exp(subtract(num, beta)), divide(math::bessel_i0e(num), math::bessel_i0e(beta)));
}

Tensor kaiser_bessel_derived_window(std::int64_t window_length, const KaiserWindowOptions& options) {
  check_window(window_length, options.dtype, "kaiser_bessel_derived_window");
  const std::int64_t halflen = window_length / 2;
  const Tensor sums = cumsum(kaiser_window(halflen + 1, options));
  const Tensor halfw = math::sqrt(divide(slice(sums, {0}, {halflen}), reshape(slice(sums, {halflen}, {1}), {})));
  return concat({halfw, reverse(halfw, {0})}, 0);
}

Tensor vorbis_window(std::int64_t window_length, DType dtype) {
  check_window(window_length, dtype, "vorbis_window");
  const Tensor arg = cast(range(static_cast<std::int32_t>(window_length)), dtype);
  const Tensor step = divide(constant(std::numbers::pi, dtype), cast(constant(static_cast<std::int32_t>(window_length)), dtype));
  const Tensor inner = math::pow(math::sin(multiply(step, add(arg, scalar_like(arg, 0.5)))), scalar_like(arg, 2.0));
  return math::sin(multiply(scalar_like(inner, std::numbers::pi / 2.0), inner));
}

}  // namespace tf::signal

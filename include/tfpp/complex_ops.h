// Complex numbers: tf::complex64 (two float32) and tf::complex128 (two float64), as TensorFlow
// has them. Build them with tf::complex(real, imag), a cast of a real tensor, or a constant of
// std::complex values; take them apart with tf::math::real / imag / angle / abs.
//
//   tf::Tensor z = tf::complex(tf::constant({1.0f, 0.0f}), tf::constant({0.0f, 2.0f}));
//   std::cout << z;   // tf.Tensor([1.+0.j 0.+2.j], shape=(2,), dtype=complex64)
//   tf::math::abs(z); // float32 [1, 2]
//
// Arithmetic, the exponential, logarithmic, trigonometric and hyperbolic functions, matmul,
// sum / prod / mean and the array ops accept complex tensors where TensorFlow does; ordering
// comparisons, max / min and friends raise. Gradients follow TensorFlow's convention: for a
// real loss L, the gradient of a complex z is dL/dRe(z) + i dL/dIm(z).
#pragma once

#include <complex>

#include "tfpp/tensor.h"

namespace tf {

/// A complex64 scalar.
Tensor constant(std::complex<float> value);
/// A complex128 scalar (Python's complex numbers are complex128 in TensorFlow).
Tensor constant(std::complex<double> value);

/// tf.complex: real + i imag, elementwise with broadcasting; float32 gives complex64 and
/// float64 complex128.
Tensor complex(const Tensor& real, const Tensor& imag);

namespace math {

/// tf.math.real: the real parts (float32 of complex64, float64 of complex128); a real tensor as is.
Tensor real(const Tensor& x);
/// tf.math.imag: the imaginary parts; zeros for a real tensor.
Tensor imag(const Tensor& x);
/// tf.math.conj: the complex conjugates; a real tensor as is.
Tensor conj(const Tensor& x);
/// tf.math.angle: the arguments atan2(imag, real); for a real tensor, pi where it is negative, else 0.
Tensor angle(const Tensor& x);
/// The magnitudes |x| of complex numbers (TensorFlow's ComplexAbs; tf::math::abs calls it).
Tensor complex_abs(const Tensor& x);

}  // namespace math
}  // namespace tf

"""Prints what TensorFlow 2.21's tf.quantization.quantize_and_dequantize_v2 (QuantizeAndDequantizeV4)
and quantize_and_dequantize (V2) give for the cases of tests/ops/array/quantize_and_dequantize_test.cc,
in the format of tests/ops/complex/complex_reference.py (whose helpers it uses)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "complex"))
from complex_reference import case, grad, real_pattern  # noqa: E402

import tensorflow as tf  # noqa: E402

q = tf.quantization


def flat(parts):
    return tf.concat([tf.reshape(p, [-1]) for p in parts], 0)


def quantize_and_dequantize_cases():
    x = real_pattern([4, 6], tf.float32) * 3.0  # [-3.375, 4.125]
    f = q.quantize_and_dequantize_v2
    case("own_range", lambda: f(x, 0.0, 0.0))
    case("given_3bit", lambda: f(x, -1.0, 2.0, range_given=True, num_bits=3))
    case("half_up", lambda: f(x, -1.0, 2.0, range_given=True, num_bits=3, round_mode="HALF_UP"))
    case("unsigned_narrow", lambda: f(x, -1.0, 2.0, range_given=True, num_bits=3, narrow_range=True, signed_input=False))
    case("signed_narrow", lambda: f(x, -1.5, 0.5, range_given=True, num_bits=4, narrow_range=True))
    case("axis0", lambda: f(x, 0.0, 0.0, num_bits=4, axis=0))
    case("axis_last", lambda: f(tf.reshape(x, [2, 3, 4]), 0.0, 0.0, num_bits=5, axis=-1))
    case("axis_middle", lambda: f(tf.reshape(x, [2, 3, 4]), 0.0, 0.0, num_bits=3, axis=1, round_mode="HALF_UP"))
    case("zero_range", lambda: f(x, -0.0, 0.0, range_given=True))
    case("one_bit", lambda: f(x, 0.0, 0.0, num_bits=1))
    case("float64", lambda: f(tf.cast(x, tf.float64), -1.0, 2.0, range_given=True, num_bits=7))
    case("v1", lambda: q.quantize_and_dequantize(x, -1.0, 2.0, range_given=True, num_bits=3))
    case("grad_given", lambda: grad(lambda v, lo, hi: f(v, lo, hi, range_given=True), x, tf.constant(-1.0), tf.constant(2.0)))
    case("grad_own_range", lambda: grad(lambda v, lo, hi: f(v, lo, hi, num_bits=4), x, tf.constant(-1.0), tf.constant(2.0)))
    case("grad_axis0", lambda: grad(lambda v, lo, hi: f(v, lo, hi, num_bits=4, axis=0), x, tf.constant([-1.0, 0.0, -2.0, 0.5]),
                                    tf.constant([1.0, 0.2, 3.0, 4.0])))
    case("grad_v1", lambda: grad(lambda v: q.quantize_and_dequantize(v, -1.0, 2.0, range_given=True, num_bits=3), x))
    case("v4_grad_op", lambda: flat(tf.raw_ops.QuantizeAndDequantizeV4Grad(
        gradients=real_pattern([4, 6], tf.float32, 29, 13, 6), input=x, input_min=tf.constant([-1.0, 0.0, -2.0, 0.5]),
        input_max=tf.constant([1.0, 0.2, 3.0, 4.0]), axis=0)))
    case("err_range", lambda: f(x, 2.0, 1.0, range_given=True))
    case("err_bits_0", lambda: f(x, 0.0, 0.0, num_bits=0))
    case("err_bits_62", lambda: f(x, 0.0, 0.0, num_bits=62))
    case("err_axis", lambda: f(x, 0.0, 0.0, axis=2))
    case("err_round_mode", lambda: f(x, 0.0, 0.0, round_mode="HALF_AWAY"))
    case("err_given_axis", lambda: f(x, [-1.0] * 4, [1.0] * 4, range_given=True, axis=0))
    case("err_half", lambda: f(tf.cast(x, tf.float16), -1.0, 1.0))


if __name__ == "__main__":
    quantize_and_dequantize_cases()

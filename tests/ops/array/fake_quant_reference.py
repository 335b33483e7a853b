"""Prints what TensorFlow 2.21's tf.quantization fake quantization gives for the cases of
tests/ops/array/fake_quant_ops_test.cc, in the format of tests/ops/complex/complex_reference.py
(whose helpers it uses)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "complex"))
from complex_reference import case, grad, real_pattern  # noqa: E402

import tensorflow as tf  # noqa: E402

q = tf.quantization
# Values at and around the default range's edges and its levels, 0, NaN and infinities.
SPECIAL = [-7.0, -6.1, -6.0, -3.3, -0.01, 0.0, 0.02, 1.7, 5.95, 6.0, 6.2, 100.0, float("nan"), float("inf"), float("-inf")]


def flat(parts):
    return tf.concat([tf.reshape(p, [-1]) for p in parts], 0)


def fake_quant_cases():
    special = tf.constant(SPECIAL, tf.float32)
    x = real_pattern([4, 6], tf.float32) * 3.0            # [-3.375, 4.125]
    g = real_pattern([4, 6], tf.float32, 29, 13, 6) + 0.5  # upstream gradients
    case("args_default", lambda: q.fake_quant_with_min_max_args(special))
    case("args_4bit_narrow", lambda: q.fake_quant_with_min_max_args(x, min=-1.3, max=2.1, num_bits=4, narrow_range=True))
    case("args_16bit", lambda: q.fake_quant_with_min_max_args(x, min=-1.3, max=2.1, num_bits=16))
    case("args_positive_range", lambda: q.fake_quant_with_min_max_args(x, min=0.5, max=2.1, num_bits=7))
    case("args_negative_range", lambda: q.fake_quant_with_min_max_args(x, min=-300.0, max=-2.0, num_bits=16))
    case("args_gradient", lambda: q.fake_quant_with_min_max_args_gradient(g, x, min=-1.3, max=2.1))
    case("args_gradient_special", lambda: q.fake_quant_with_min_max_args_gradient(tf.ones_like(special), special))
    case("vars", lambda: q.fake_quant_with_min_max_vars(x, -1.1, 1.3, num_bits=7))
    case("vars_narrow", lambda: q.fake_quant_with_min_max_vars(x, -2.0, 3.7, num_bits=5, narrow_range=True))
    case("vars_special", lambda: q.fake_quant_with_min_max_vars(special, -6.0, 6.0))
    case("vars_zero_range", lambda: q.fake_quant_with_min_max_vars(special, 0.0, 0.0))
    case("vars_inverted", lambda: q.fake_quant_with_min_max_vars(x, 2.0, 1.0))
    case("vars_gradient", lambda: flat(q.fake_quant_with_min_max_vars_gradient(g, x, -1.1, 1.3, num_bits=7)))
    case("vars_gradient_zero_range", lambda: flat(q.fake_quant_with_min_max_vars_gradient(g, x, 0.0, 0.0)))
    mins, maxs = tf.constant([-1.0, -2.0, 0.3]), tf.constant([1.0, 3.0, 2.5])
    case("per_channel", lambda: q.fake_quant_with_min_max_vars_per_channel(tf.reshape(x, [8, 3]), mins, maxs))
    case("per_channel_rank4", lambda: q.fake_quant_with_min_max_vars_per_channel(
        tf.reshape(x, [2, 2, 2, 3]), mins, maxs, num_bits=3, narrow_range=True))
    case("per_channel_rank1", lambda: q.fake_quant_with_min_max_vars_per_channel(x[0, :3], mins, maxs, num_bits=4))
    case("per_channel_gradient", lambda: flat(q.fake_quant_with_min_max_vars_per_channel_gradient(
        tf.reshape(g, [8, 3]), tf.reshape(x, [8, 3]), mins, maxs, num_bits=6)))
    # The tape's gradients through the forward ops.
    case("grad_args", lambda: grad(lambda v: q.fake_quant_with_min_max_args(v, min=-1.3, max=2.1), x))
    case("grad_vars", lambda: grad(lambda v, lo, hi: q.fake_quant_with_min_max_vars(v, lo, hi), x, tf.constant(-1.1),
                                   tf.constant(1.3)))
    case("grad_per_channel", lambda: grad(lambda v, lo, hi: q.fake_quant_with_min_max_vars_per_channel(v, lo, hi, num_bits=5),
                                          tf.reshape(x, [8, 3]), mins, maxs))
    # Errors (their class).
    case("err_args_min_max", lambda: q.fake_quant_with_min_max_args(x, min=2.0, max=1.0))
    case("err_args_bits", lambda: q.fake_quant_with_min_max_args(x, num_bits=17))
    case("err_vars_bits", lambda: q.fake_quant_with_min_max_vars(x, -1.0, 1.0, num_bits=1))
    case("err_vars_rank", lambda: q.fake_quant_with_min_max_vars(x, [-1.0, -2.0], 1.0))
    case("err_args_gradient_shape", lambda: q.fake_quant_with_min_max_args_gradient(g[:2], x))
    case("err_vars_gradient_shape", lambda: q.fake_quant_with_min_max_vars_gradient(g[:2], x, -1.0, 1.0))
    case("err_per_channel_size", lambda: q.fake_quant_with_min_max_vars_per_channel(x, mins, maxs))
    case("err_per_channel_rank", lambda: q.fake_quant_with_min_max_vars_per_channel(x, -1.0, 1.0))
    case("err_dtype", lambda: q.fake_quant_with_min_max_args(tf.cast(x, tf.float64)))


if __name__ == "__main__":
    fake_quant_cases()

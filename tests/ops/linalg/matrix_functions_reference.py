"""Prints what TensorFlow 2.21's tf.linalg.sqrtm and tf.linalg.logm give for the cases of
tests/ops/linalg/matrix_functions_test.cc, in the format of tests/ops/complex/complex_reference.py
(whose helpers it uses)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "complex"))
from complex_reference import case, complex_pattern, grad, real_pattern  # noqa: E402

import tensorflow as tf  # noqa: E402


def shifted(shape, dtype=tf.float64):
    """real_pattern (or complex_pattern) plus 3 I: eigenvalues near 3, so principal roots and logs exist."""
    base = complex_pattern(shape, dtype) if dtype.is_complex else real_pattern(shape, dtype)
    return base + 3 * tf.eye(shape[-1], dtype=dtype)


def value_cases():
    case("sqrtm", lambda: tf.linalg.sqrtm(shifted([2, 3, 3])))
    case("sqrtm32", lambda: tf.linalg.sqrtm(shifted([4, 4], tf.float32)))
    case("sqrtm_complex", lambda: tf.linalg.sqrtm(complex_pattern([3, 3])))
    case("sqrtm_complex64", lambda: tf.linalg.sqrtm(shifted([2, 2, 2], tf.complex64)))
    case("sqrtm_negative", lambda: tf.linalg.sqrtm(tf.constant([[-1.0, 0.0], [0.0, 4.0]], tf.float64)))
    case("sqrtm_empty", lambda: tf.linalg.sqrtm(tf.zeros([2, 0, 0])))
    case("logm", lambda: tf.linalg.logm(shifted([2, 3, 3], tf.complex128)))
    case("logm_complex", lambda: tf.linalg.logm(complex_pattern([3, 3])))
    case("logm64", lambda: tf.linalg.logm(shifted([4, 4], tf.complex64)))
    case("logm_of_real", lambda: tf.linalg.logm(tf.complex(shifted([3, 3]), tf.zeros([3, 3], tf.float64))))


def gradient_cases():
    case("grad_sqrtm", lambda: grad(tf.linalg.sqrtm, shifted([2, 3, 3])))
    case("grad_sqrtm_complex", lambda: grad(tf.linalg.sqrtm, shifted([3, 3], tf.complex128)))
    case("grad_logm", lambda: grad(tf.linalg.logm, shifted([2, 2], tf.complex128)))


def error_cases():
    case("err_logm_real", lambda: tf.linalg.logm(tf.eye(2)))
    case("err_square", lambda: tf.linalg.sqrtm(tf.ones([2, 3])))
    case("err_rank", lambda: tf.linalg.sqrtm(tf.ones([3])))
    case("err_int", lambda: tf.linalg.sqrtm(tf.ones([2, 2], tf.int32)))
    case("err_logm_square", lambda: tf.linalg.logm(tf.ones([2, 3], tf.complex64)))


value_cases()
gradient_cases()
error_cases()

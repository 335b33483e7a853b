"""Prints what TensorFlow 2.21's tf.linalg.banded_triangular_solve gives for the cases of
tests/ops/linalg/banded_triangular_solve_test.cc, in the format of
tests/ops/complex/complex_reference.py (whose helpers it uses)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "complex"))
from complex_reference import case, complex_pattern, grad, real_pattern  # noqa: E402

import tensorflow as tf  # noqa: E402

solve = tf.linalg.banded_triangular_solve


def bands_of(shape, dtype=tf.float64):
    """A pattern whose diagonal row is kept away from zero: 2 + the pattern's magnitude."""
    base = complex_pattern(shape, dtype) if dtype.is_complex else real_pattern(shape, dtype)
    return base + tf.cast(2.0, dtype)


def cases():
    b = bands_of([3, 5])
    rhs = real_pattern([5, 2], seed=29, mod=13, offset=6)
    for lower in (True, False):
        for adjoint in (False, True):
            suffix = ("_lower" if lower else "_upper") + ("_adjoint" if adjoint else "")
            case("solve" + suffix, lambda: solve(b, rhs, lower=lower, adjoint=adjoint))
            case("grad" + suffix, lambda: grad(lambda x, y: solve(x, y, lower=lower, adjoint=adjoint), b, rhs))
    case("one_band", lambda: solve(b[:1], rhs))
    case("float32", lambda: solve(tf.cast(b, tf.float32), tf.cast(rhs, tf.float32), lower=False))
    bb = bands_of([2, 1, 2, 4])
    rb = real_pattern([3, 4, 3], seed=23, mod=7, offset=3)
    case("broadcast", lambda: solve(bb, rb))
    case("grad_broadcast", lambda: grad(solve, bb, rb))
    bc = bands_of([2, 4], tf.complex128)
    rc = complex_pattern([4, 2])
    for lower in (True, False):
        for adjoint in (False, True):
            suffix = ("_lower" if lower else "_upper") + ("_adjoint" if adjoint else "")
            case("complex" + suffix, lambda: solve(bc, rc, lower=lower, adjoint=adjoint))
            case("grad_complex" + suffix, lambda: grad(lambda x, y: solve(x, y, lower=lower, adjoint=adjoint), bc, rc))
    case("complex64", lambda: solve(tf.cast(bc, tf.complex64), tf.cast(rc, tf.complex64)))
    case("more_bands", lambda: solve(tf.ones([4, 3]), tf.ones([3, 1])))
    case("singular_later", lambda: solve(tf.stack([tf.ones([2, 3]), tf.zeros([2, 3])]), tf.ones([3, 1])))
    case("err_rank", lambda: solve(b, tf.ones([5], tf.float64)))
    case("err_size", lambda: solve(b, tf.ones([4, 1], tf.float64)))
    case("err_singular", lambda: solve(tf.zeros([2, 3]), tf.ones([3, 1])))
    case("err_empty", lambda: solve(tf.ones([2, 3]), tf.ones([3, 0])))
    case("err_batch", lambda: solve(tf.ones([2, 2, 3]), tf.ones([3, 3, 1])))
    case("err_dtype", lambda: solve(tf.ones([2, 3]), tf.ones([3, 1], tf.float64)))
    case("err_int", lambda: solve(tf.ones([2, 3], tf.int32), tf.ones([3, 1], tf.int32)))
    case("err_traced_bands", lambda: tf.function(solve).get_concrete_function(tf.TensorSpec([5, 3]), tf.TensorSpec([3, 2])))


cases()

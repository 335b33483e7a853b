"""Prints what TensorFlow 2.21's tf.linalg.tridiagonal_solve gives for the cases of
tests/ops/linalg/tridiagonal_solve_test.cc, in the format of tests/ops/complex/complex_reference.py
(whose helpers it uses)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "complex"))
from complex_reference import case, complex_pattern, grad, real_pattern  # noqa: E402

import tensorflow as tf  # noqa: E402

solve = tf.linalg.tridiagonal_solve


def value_cases():
    d = real_pattern([3, 5])
    rhs = real_pattern([5, 2], seed=29, mod=13, offset=6)
    case("compact", lambda: solve(d, rhs))
    case("thomas", lambda: solve(d, rhs, partial_pivoting=False))
    case("perturb", lambda: solve(d, rhs, perturb_singular=True))
    case("vector", lambda: solve(d, rhs[:, 0]))
    case("float32", lambda: solve(tf.cast(d, tf.float32), tf.cast(rhs, tf.float32)))
    db = real_pattern([2, 3, 4], seed=41, mod=9, offset=4)
    rb = real_pattern([2, 3, 4], seed=23, mod=7, offset=3)
    case("batch_transpose", lambda: solve(db, rb, transpose_rhs=True))
    case("batch_vector", lambda: solve(db, rb[:, 0, :]))
    dc = complex_pattern([3, 4])
    rc = complex_pattern([2, 4])
    case("complex_transpose_conjugate", lambda: solve(dc, rc, transpose_rhs=True, conjugate_rhs=True))
    case("complex_conjugate_vector", lambda: solve(dc, rc[0], conjugate_rhs=True))
    case("complex64_thomas", lambda: solve(tf.cast(dc, tf.complex64), tf.cast(tf.transpose(rc), tf.complex64),
                                           partial_pivoting=False))
    case("complex_perturb", lambda: solve(dc, tf.transpose(rc), perturb_singular=True))
    case("sequence", lambda: solve([d[0, :-1], d[1], d[2, 1:]], rhs, diagonals_format="sequence"))
    case("sequence_full", lambda: solve([d[0], d[1], d[2]], rhs, diagonals_format="sequence"))
    m = real_pattern([2, 4, 4], seed=31, mod=17, offset=8)
    case("matrix", lambda: solve(m, tf.transpose(rb, [0, 2, 1]), diagonals_format="matrix"))
    singular = tf.constant([[2.0, 0.0, 0.0], [1.0, 2.0, 1.0], [0.0, 1.0, 1.0]], tf.float64)  # rows 0 and 1 equal
    ones = tf.ones([3], tf.float64)
    case("singular", lambda: solve(singular, ones))
    case("singular_thomas", lambda: solve(singular, ones, partial_pivoting=False))
    case("singular_perturbed", lambda: solve(singular, ones, perturb_singular=True))
    case("singular_complex", lambda: solve(tf.complex(singular, singular), tf.complex(ones, ones)))
    case("one", lambda: solve(tf.constant([[1.0], [4.0], [2.0]]), tf.constant([[3.0, 1.0]])))
    case("one_zero", lambda: solve(tf.constant([[1.0], [0.0], [2.0]]), tf.constant([3.0])))
    case("one_zero_perturbed", lambda: solve(tf.constant([[1.0], [0.0], [2.0]]), tf.constant([3.0]), perturb_singular=True))
    case("empty", lambda: solve(tf.zeros([3, 0]), tf.zeros([0, 2])))


def gradient_cases():
    d = real_pattern([2, 3, 4], seed=41, mod=9, offset=4)
    rhs = real_pattern([2, 4, 3], seed=23, mod=7, offset=3)
    case("grad", lambda: grad(solve, d, rhs))
    case("grad_thomas", lambda: grad(lambda a, b: solve(a, b, partial_pivoting=False), d, rhs))
    case("grad_vector", lambda: grad(solve, d, rhs[:, :, 0]))
    case("grad_transpose", lambda: grad(lambda a, b: solve(a, b, transpose_rhs=True), d, tf.transpose(rhs, [0, 2, 1])))
    dc = complex_pattern([3, 4])
    rc = complex_pattern([4, 2])
    case("grad_complex", lambda: grad(lambda a, b: solve(a, b, conjugate_rhs=True), dc, rc))
    case("grad_sequence", lambda: grad(lambda a, b, c, r: solve([a, b, c], r, diagonals_format="sequence"),
                                       d[0, 0, :-1], d[0, 1], d[0, 2, 1:], rhs[0]))
    m = real_pattern([4, 4], seed=31, mod=17, offset=8)
    case("grad_matrix", lambda: grad(lambda a, b: solve(a, b, diagonals_format="matrix"), m, rhs[0]))


def error_cases():
    d = tf.ones([3, 3])
    case("err_rhs_rows", lambda: solve(d, tf.ones([2])))
    case("err_batch", lambda: solve(tf.ones([2, 3, 3]), tf.ones([3, 3, 1])))
    case("err_three", lambda: solve(tf.ones([4, 3]), tf.ones([3, 1])))
    case("err_rank", lambda: solve(tf.ones([3]), tf.ones([3])))
    case("err_rhs_rank", lambda: solve(tf.ones([2, 3, 3]), tf.ones([2, 2, 3, 1])))
    case("err_dtype", lambda: solve(d, tf.ones([3, 1], tf.float64)))
    case("err_int", lambda: solve(tf.ones([3, 3], tf.int32), tf.ones([3, 1], tf.int32)))
    case("err_perturb", lambda: solve(d, tf.ones([3]), partial_pivoting=False, perturb_singular=True))
    case("err_format", lambda: solve(d, tf.ones([3]), diagonals_format="banded"))
    case("err_sequence_length", lambda: solve([tf.ones([1]), tf.ones([3]), tf.ones([2])], tf.ones([3]),
                                              diagonals_format="sequence"))
    case("err_sequence_count", lambda: solve([tf.ones([3]), tf.ones([3])], tf.ones([3]), diagonals_format="sequence"))
    case("err_matrix_square", lambda: solve(tf.ones([3, 4]), tf.ones([3]), diagonals_format="matrix"))
    case("err_op_rank", lambda: tf.raw_ops.TridiagonalSolve(diagonals=tf.ones([2, 3, 3]), rhs=tf.ones([3, 1])))
    case("err_op_batch", lambda: tf.raw_ops.TridiagonalSolve(diagonals=tf.ones([2, 3, 3]), rhs=tf.ones([3, 3, 1])))


value_cases()
gradient_cases()
error_cases()

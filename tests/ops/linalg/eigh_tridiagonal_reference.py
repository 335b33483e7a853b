"""Prints what TensorFlow 2.21's tf.linalg.eigh_tridiagonal gives for the cases of
tests/ops/linalg/eigh_tridiagonal_test.cc, in the format of tests/ops/complex/complex_reference.py
(whose helpers it uses)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "complex"))
from complex_reference import case, complex_pattern, real_pattern  # noqa: E402

import tensorflow as tf  # noqa: E402

eigh = tf.linalg.eigh_tridiagonal
alpha = real_pattern([6])
beta = real_pattern([5], seed=29, mod=13, offset=6)
case("all", lambda: eigh(alpha, beta))
case("all32", lambda: eigh(tf.cast(alpha, tf.float32), tf.cast(beta, tf.float32)))
case("values", lambda: eigh(alpha, beta, select="v", select_range=[-0.5, 1.0]))
case("indices", lambda: eigh(alpha, beta, select="i", select_range=[1, 3]))
case("tol", lambda: eigh(alpha, beta, tol=1e-3))
case("vectors", lambda: eigh(alpha, beta, eigvals_only=False)[1])
case("vectors_values", lambda: eigh(alpha, beta, eigvals_only=False)[0])
case("vectors32", lambda: eigh(tf.cast(alpha, tf.float32), tf.cast(beta, tf.float32), eigvals_only=False)[1])
case("vectors_indices", lambda: eigh(alpha, beta, eigvals_only=False, select="i", select_range=[2, 4])[1])
case("complex", lambda: eigh(tf.complex(alpha, 0.0 * alpha), complex_pattern([5])))
case("complex_vectors", lambda: eigh(tf.complex(alpha, 0.0 * alpha), complex_pattern([5]), eigvals_only=False)[1])
ones = tf.ones([5], tf.float64)
case("cluster", lambda: eigh(ones * 2.0, tf.constant([1.0, 0.0, 1.0, 0.0], tf.float64)))
case("cluster_vectors", lambda: eigh(ones * 2.0, tf.constant([1.0, 0.0, 1.0, 0.0], tf.float64), eigvals_only=False)[1])
case("one", lambda: eigh(tf.constant([3.0]), tf.constant([], tf.float32)))
case("err_dtypes", lambda: eigh(alpha, tf.cast(beta, tf.float32)))
case("err_select", lambda: eigh(alpha, beta, select="x"))
case("err_indices", lambda: eigh(alpha, beta, select="i", select_range=[3, 1]))
case("err_values", lambda: eigh(alpha, beta, select="v", select_range=[1.0, -1.0]))

"""Prints what TensorFlow 2.21's tf.nn.isotonic_regression gives for the cases of
tests/ops/nn/isotonic_regression_test.cc: per case a line "== NAME", then the output's dtype and
values, the segments and, for float matrices, the gradient of sum(output * w) with w = 1, 2, 3, ...
(values "%.17g"; TensorFlow's gradient has the input's shape for matrices only)."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf

VALUES = [3, 1, 2, 5, 4, 0, 1, 2, 3, 1, 1, 9]


def text(t):
    return " ".join("%.17g" % v for v in np.asarray(t, dtype=np.float64).ravel().tolist())


def case(name, shape, dtype, gradient=False, **kwargs):
    print("== " + name)
    x = tf.cast(tf.reshape(tf.constant(VALUES[:int(np.prod(shape))], tf.float64), shape), dtype)
    if dtype == tf.float16:
        x = x + tf.constant(0.1, tf.float16)
    with tf.GradientTape() as tape:
        tape.watch(x)
        out, segments = tf.nn.isotonic_regression(x, **kwargs)
        w = tf.cast(tf.reshape(tf.range(1, tf.size(out) + 1), tf.shape(out)), out.dtype)
        loss = tf.reduce_sum(out * w)
    print(out.dtype.name + " " + text(out))
    print(segments.dtype.name + " " + text(segments))
    if gradient:
        print(text(tape.gradient(loss, x)))


case("matrix", [2, 6], tf.float32, gradient=True)
case("increasing_axis0", [4, 3], tf.float64, gradient=True, decreasing=False, axis=0)
case("increasing_last", [3, 4], tf.float32, gradient=True, decreasing=False, axis=1)
case("rank1", [12], tf.float32)
case("rank3_axis1", [2, 3, 2], tf.float64, axis=1)
case("int32", [2, 6], tf.int32)
case("int64", [2, 6], tf.int64, decreasing=False)
case("int8", [2, 6], tf.int8)
case("int16", [12], tf.int16, decreasing=False)
case("float16", [2, 6], tf.float16)
case("bfloat16", [2, 6], tf.bfloat16, decreasing=False)

"""Prints what TensorFlow 2.21's tf.nn.fractional_max_pool / fractional_avg_pool give for the cases of
tests/ops/nn/fractional_pool_test.cc: per case a line "== NAME", then the row and column pooling
sequences, the pooled values and, for float cases, the gradient of sum(output * w) with w = 1, 2, 3, ...
(values "%.17g")."""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf


def pattern(shape, dtype):
    """((i * 37) % 11) - 5 for the i-th element: many ties, as the C++ test makes it."""
    n = int(np.prod(shape))
    return tf.cast(tf.constant([float((i * 37) % 11 - 5) for i in range(n)], shape=shape), dtype)


def text(t):
    return " ".join("%.17g" % v for v in np.asarray(t, dtype=np.float64).ravel().tolist())


def case(name, pool, shape, dtype, ratio, global_seed=None, **kwargs):
    print("== " + name)
    tf.random.set_seed(global_seed)
    x = pattern(shape, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        out, rows, cols = getattr(tf.nn, pool)(x, ratio, **kwargs)
        w = tf.cast(tf.reshape(tf.range(1, tf.size(out) + 1), tf.shape(out)), out.dtype)
        loss = tf.reduce_sum(out * w)
    print(text(rows))
    print(text(cols))
    print(text(out))
    if dtype.is_floating:
        print(text(tape.gradient(loss, x)))


for pool in ("fractional_max_pool", "fractional_avg_pool"):
    short = pool.split("_")[1]
    case(short + "_random", pool, [2, 7, 9, 3], tf.float32, [1.0, 1.5, 1.7, 1.0], seed=7)
    case(short + "_pseudo", pool, [2, 7, 9, 3], tf.float32, [1.0, 1.5, 1.7, 1.0], pseudo_random=True, seed=7)
    case(short + "_overlapping", pool, [1, 10, 11, 2], tf.float64, [1.0, 1.44, 1.73, 1.0], overlapping=True, seed=3)
    case(short + "_pseudo_overlapping", pool, [1, 10, 11, 2], tf.float64, [1.0, 1.44, 1.73, 1.0], pseudo_random=True,
         overlapping=True, seed=3)
    case(short + "_long", pool, [1, 40, 33, 1], tf.float32, [1.0, 1.3, 2.6, 1.0], seed=11)
    case(short + "_long_pseudo", pool, [1, 40, 33, 1], tf.float32, [1.0, 1.3, 2.6, 1.0], pseudo_random=True, seed=11)
    case(short + "_whole_ratio", pool, [1, 8, 8, 1], tf.float64, [1.0, 2.0, 2.0, 1.0], seed=5)
    case(short + "_global_seed", pool, [1, 9, 9, 1], tf.float32, [1.0, 1.4, 1.4, 1.0], global_seed=5, seed=9)
    case(short + "_int32", pool, [1, 7, 7, 2], tf.int32, [1.0, 1.6, 1.3, 1.0], seed=2)
    case(short + "_int64", pool, [1, 7, 7, 2], tf.int64, [1.0, 1.6, 1.3, 1.0], pseudo_random=True, seed=2)
sys.stdout.flush()

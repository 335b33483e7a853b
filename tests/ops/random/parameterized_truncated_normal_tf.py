"""Prints what TensorFlow 2.21 draws for the cases of tests/ops/random/parameterized_truncated_normal_test.cc:
per case a line "== NAME", then the samples ("%.17g") and, for cases with gradients, the tape gradients of
sum(samples * w), w = 1, 2, 3, ..., for means, stddevs, minvals and maxvals, one line each."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf

inf = float("inf")


def text(t):
    return " ".join("%.17g" % v for v in np.asarray(t, dtype=np.float64).ravel().tolist())


def stateless(name, shape, seed, dtype, means, stddevs, minvals, maxvals, gradient=False):
    print("== " + name)
    params = [tf.constant(p, dtype) for p in (means, stddevs, minvals, maxvals)]
    with tf.GradientTape() as tape:
        tape.watch(params)
        x = tf.random.stateless_parameterized_truncated_normal(shape, seed, *params)
        w = tf.cast(tf.reshape(tf.range(1, tf.size(x) + 1), tf.shape(x)), dtype)
        loss = tf.reduce_sum(x * w)
    print(text(x))
    if gradient:
        for g in tape.gradient(loss, params):
            print(text(g))


def stateful(name, shape, seed, seed2, dtype, means, stddevs, minvals, maxvals):
    print("== " + name)
    params = [tf.constant(p, dtype) for p in (means, stddevs, minvals, maxvals)]
    print(text(tf.raw_ops.ParameterizedTruncatedNormal(shape=shape, means=params[0], stdevs=params[1],
                                                       minvals=params[2], maxvals=params[3], seed=seed, seed2=seed2)))


stateless("shards_float", [2000], [1, 2], tf.float32, 0.5, 1.5, -1.0, 2.0)
stateless("shards_double", [1500], [3, 4], tf.float64, 0.5, 1.5, -1.0, 2.0)
stateless("one_shard", [700], [5, 6], tf.float32, 0.0, 1.0, -2.0, 2.0)
stateless("broadcast", [10, 2, 3], [7, 17], tf.float64, 0.0, [[1.0, 2.0, 3.0], [0.5, 1.0, 1.5]], [-1.0, -2.0, -1000.0],
          [[10000.0], [1.0]], gradient=True)
stateless("uniform_sampler", [40, 3], [8, 9], tf.float32, [1.0, 0.0, -1.0], 1.0, [0.1], [0.3], gradient=True)
stateless("exponential_sampler", [50, 2], [10, 11], tf.float64, [0.0, 1.0], [1.0, 2.0], 3.0, 10.0, gradient=True)
stateless("lower_tail", [41], [12, 13], tf.float32, 0.0, 2.0, -inf, -3.0)
stateless("big_broadcast", [700, 3], [14, 15], tf.float64, [0.0, 1.0, 2.0], 1.0, -0.5, [0.5, 3.0, 9.0])
stateful("v1_one_shard", [1000], 3, 5, tf.float32, 0.5, 2.0, -1.0, 3.0)
stateful("v1_shards", [5000], 3, 5, tf.float64, 0.0, 1.0, 0.2, 0.4)
stateful("v1_vectors", [4, 30], 7, 1, tf.float32, [0.0, 1.0, 2.0, 3.0], [1.0], 1.5, 10.0)

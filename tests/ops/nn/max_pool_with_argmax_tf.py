"""Prints what TensorFlow 2.21's tf.nn.max_pool_with_argmax gives for the cases of
tests/ops/nn/max_pool_with_argmax_test.cc: per case a line "== NAME", then the pooled values, the
argmax (its dtype first) and, for float cases, the gradient of sum(output * w) with w = 1, 2, 3, ...
(values "%.17g", NaN as "nan"); for error cases the error's class."""
import math
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf

nan, inf = float("nan"), float("inf")


def pattern(shape, dtype=tf.float32):
    """((i * 37) % 11) - 5 for the i-th element: many ties, as the C++ test makes it."""
    n = int(np.prod(shape))
    return tf.cast(tf.constant([float((i * 37) % 11 - 5) for i in range(n)], shape=shape), dtype)


def text(values):
    return " ".join("nan" if isinstance(v, float) and math.isnan(v) else "%.17g" % v for v in values)


def case(name, x, ksize, strides, padding, **kwargs):
    print("== " + name)
    try:
        out, argmax = tf.nn.max_pool_with_argmax(x, ksize, strides, padding, **kwargs)
        print(text(out.numpy().ravel().tolist()))
        print(argmax.dtype.name + " " + text(argmax.numpy().ravel().tolist()))
        if out.dtype.is_floating:  # through an int64 argmax: TensorFlow has no CPU gradient kernel for int32
            kwargs.pop("output_dtype", None)
            with tf.GradientTape() as tape:
                tape.watch(x)
                out = tf.nn.max_pool_with_argmax(x, ksize, strides, padding, **kwargs)[0]
                w = tf.reshape(tf.range(1, tf.size(out) + 1), out.shape)
                loss = tf.reduce_sum(out * tf.cast(w, out.dtype))
            print(text(tape.gradient(loss, x).numpy().ravel().tolist()))
    except Exception as e:  # the class only: messages differ (Python's front end checks first)
        print(type(e).__name__)


case("same", pattern([2, 5, 6, 3]), 2, 2, "SAME")
case("valid_batch_index", pattern([2, 5, 6, 3]), 2, 2, "VALID", include_batch_in_index=True)
case("overlapping_int32", pattern([2, 4, 5, 2]), 3, 1, "SAME", output_dtype=tf.int32)
case("rectangular_float64", pattern([1, 5, 7, 2], tf.float64), [1, 2, 3, 1], [1, 2, 1, 1], "VALID")
case("int32_input", pattern([1, 4, 4, 2], tf.int32), 2, 2, "SAME")
case("nan_and_inf", tf.constant([nan, 1., -inf, -inf, 3., nan, nan, nan, 2., nan, 5., -inf], shape=[1, 3, 4, 1]),
     2, 2, "SAME")
case("ties", tf.ones([1, 3, 3, 2]), 2, 1, "VALID")
case("nchw", pattern([1, 2, 4, 4]), 2, 2, "SAME", data_format="NCHW")
case("rank3", pattern([4, 4, 2]), 2, 2, "SAME")
case("batch_window", pattern([2, 4, 4, 1]), [2, 2, 2, 1], 1, "SAME")

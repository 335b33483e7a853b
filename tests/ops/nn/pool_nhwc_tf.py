"""Prints what TensorFlow 2.21's MaxPool, AvgPool and AvgPoolGrad give for the NHWC cases of
tests/ops/nn/pool_nhwc_test.cc: per case the lines "== NAME/max", "== NAME/avg" and
"== NAME/avg_grad", each followed by the values ("%.17g", NaN as "nan", so -0 shows its sign).
AvgPoolGrad's gradient is grad_pattern's, shaped like the pooling's output."""
import math
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf


def pattern(shape, dtype):
    """As the C++ test makes it: ((i * 37) % 11) - 5 for the i-th element (many ties), with NaN at
    every 13th, -inf at every 17th, -0 at every 19th and +inf at every 101st element."""
    values = []
    for i in range(int(np.prod(shape))):
        v = float((i * 37) % 11 - 5)
        if i % 13 == 5:
            v = float("nan")
        elif i % 17 == 3:
            v = float("-inf")
        elif i % 19 == 7:
            v = -0.0
        elif i % 101 == 50:
            v = float("inf")
        values.append(v)
    return tf.cast(tf.constant(values, tf.float64, shape=shape), dtype)


def special(shape, dtype):
    """As the C++ test makes it: per pixel (y, x) and channel c, NaN in columns 0-1, -inf in 2-3,
    NaN or -inf in 4-5 and zeros of either sign in 6-7 (so windows of 2 columns give the lowest
    value, or tie between signed zeros)."""
    n, h, w, channels = shape
    values = []
    for _ in range(n):
        for y in range(h):
            for x in range(w):
                for c in range(channels):
                    kind = x % 8 // 2
                    if kind == 0:
                        values.append(float("nan"))
                    elif kind == 1:
                        values.append(float("-inf"))
                    elif kind == 2:
                        values.append(float("nan") if (y + x + c) % 2 else float("-inf"))
                    else:
                        values.append(0.0 if (y * 2 + x + c) % 2 else -0.0)
    return tf.cast(tf.constant(values, tf.float64, shape=shape), dtype)


def text(values):
    return " ".join("nan" if math.isnan(v) else "%.17g" % v for v in values)


def grad_pattern(shape, dtype):
    """As the C++ test makes it: ((i * 29) % 13) - 6 for the i-th element."""
    n = int(np.prod(shape))
    return tf.cast(tf.constant([float((i * 29) % 13 - 6) for i in range(n)], tf.float64, shape=shape), dtype)


def show(name, y):
    print("== " + name)
    print(text(tf.cast(y, tf.float64).numpy().ravel().tolist()))


def case(name, shape, dtype, ksize, strides, padding, make=pattern):
    x = make(shape, dtype)
    y = tf.nn.max_pool2d(x, ksize, strides, padding)
    show(name + "/max", y)
    show(name + "/avg", tf.nn.avg_pool2d(x, ksize, strides, padding))
    four = lambda v: [1, v, v, 1] if isinstance(v, int) else [1, v[0], v[1], 1]
    show(name + "/avg_grad", tf.raw_ops.AvgPoolGrad(orig_input_shape=shape, grad=grad_pattern(y.shape, dtype),
                                                    ksize=four(ksize), strides=four(strides), padding=padding))


for c in [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 65]:
    case(f"channels_{c}_float32", [2, 7, 9, c], tf.float32, 3, 2, "SAME")
for c in [1, 2, 3, 5, 8, 9, 17]:
    case(f"channels_{c}_float64", [2, 7, 9, c], tf.float64, 3, 2, "SAME")
for dtype in [tf.float16, tf.bfloat16]:
    case("channels_40_" + dtype.name, [3, 13, 12, 40], dtype, [3, 2], [2, 3], "SAME")
    case("channels_3_" + dtype.name, [1, 6, 5, 3], dtype, 2, 1, "VALID")
case("rectangular_valid", [1, 6, 5, 16], tf.float32, [2, 3], [1, 2], "VALID")
case("stride_1_same", [2, 11, 10, 20], tf.float32, 3, 1, "SAME")
case("wide_window_stride_3", [1, 5, 5, 24], tf.float64, 5, 3, "SAME")
case("window_is_image", [1, 4, 4, 16], tf.float32, 4, 4, "VALID")
case("window_past_image", [1, 2, 3, 8], tf.float32, 5, 1, "SAME")
case("unread_last_row", [2, 8, 7, 6], tf.float32, 3, 3, "VALID")
for dtype in [tf.float32, tf.float64, tf.float16, tf.bfloat16]:
    case("special_" + dtype.name, [1, 4, 8, 18], dtype, 2, 2, "VALID", special)
    case("special_overlapping_" + dtype.name, [1, 4, 8, 18], dtype, [2, 3], 1, "SAME", special)

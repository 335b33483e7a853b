"""tf.nn's convolutions as TensorFlow 2.21 accepts them: int32 conv2d and conv2d_transpose (the one
integer dtype its CPU Conv2D and Conv2DBackpropInput take), integer max pooling, its errors for the
dtypes its ops refuse, and explicit padding given as a list of (before, after) pairs: values,
gradients, traced functions and the errors for bad lists."""
import re

import numpy as np

from harness import rounded, show_error, show_error_message, tf


def show_op_error(label, fn, width=None):
    """The class and the first line (its first `width` characters) of the error fn raises, without
    TensorFlow's node prefix and op suffix or tfpp's op prefix."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - class and message are what is compared
        text = str(e).split("\n")[0]
        text = re.sub(r"^\{\{function_node [^}]*\}\} ", "", text)
        text = re.sub(r" \[Op:\w+\]( name: \S*)?$", "", text)
        text = re.sub(r"^\[\w+\] ", "", text)
        print("%s: %s: %s" % (label, type(e).__name__, text[:width]))
    else:
        print("%s: no error" % label)


def ints(shape, dtype=tf.int32):
    n = int(np.prod(shape))
    return tf.constant(((np.arange(n) * 37) % 23 - 11).reshape(shape), dtype=dtype)


def ramp(shape, dtype=tf.float32):
    return tf.cast(ints(shape), dtype) / 8


# --- int32 convolutions ---
x, f = ints([2, 5, 6, 3]), ints([2, 3, 3, 4])
print(rounded(tf.nn.conv2d(x, f, 1, "VALID")))
print(rounded(tf.nn.conv2d(x, f, strides=2, padding="SAME")))
print(rounded(tf.nn.conv2d(x, f, [1, 1, 2, 1], "SAME", dilations=2)))
print(rounded(tf.nn.conv2d(x, f, 1, [[0, 0], [1, 2], [0, 3], [0, 0]])))
print(rounded(tf.nn.conv2d(tf.fill([1, 2, 2, 1], 2 ** 30), tf.fill([1, 1, 1, 1], 4), 1, "VALID")))  # wraps around
print(rounded(tf.nn.conv2d_transpose(ints([2, 3, 3, 4]), f, [2, 5, 6, 3], 2, "SAME")))
print(rounded(tf.nn.convolution(x, f, padding="SAME")), rounded(tf.nn.conv1d(ints([2, 7, 3]), ints([3, 3, 2]), 1, "SAME")))
print(rounded(tf.nn.conv2d(tf.zeros([0, 5, 6, 3], tf.int32), f, 1, "SAME")))
print(rounded(tf.function(lambda a, b: tf.nn.conv2d(a, b, 1, "SAME"))(x, f)))
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.nn.conv2d(x, f, 1, "VALID")
print("int32 gradient:", tape.gradient(y, x))

# --- the dtypes TensorFlow's ops refuse ---
for dtype in (tf.int8, tf.uint8, tf.int16, tf.uint16, tf.int64, tf.bool, tf.complex64):
    show_op_error("conv2d %s" % dtype.name, lambda: tf.nn.conv2d(tf.ones([1, 3, 3, 2], dtype), tf.ones([2, 2, 2, 1], dtype), 1,
                                                                   "VALID"))
show_op_error("depthwise_conv2d int32", lambda: tf.nn.depthwise_conv2d(x, ints([2, 2, 3, 1]), [1, 1, 1, 1], "VALID"))
show_op_error("conv3d int32", lambda: tf.nn.conv3d(tf.ones([1, 3, 3, 3, 2], tf.int32), tf.ones([2, 2, 2, 2, 3], tf.int32),
                                                   [1, 1, 1, 1, 1], "VALID"))
show_op_error("conv3d int64", lambda: tf.nn.conv3d(tf.ones([1, 3, 3, 3, 2], tf.int64), tf.ones([2, 2, 2, 2, 3], tf.int64),
                                                   [1, 1, 1, 1, 1], "VALID"))
show_op_error("conv2d_transpose int64", lambda: tf.nn.conv2d_transpose(ints([2, 3, 3, 4], tf.int64), ints([2, 3, 3, 4], tf.int64),
                                                                       [2, 5, 6, 3], 2, "SAME"))
for dtype in (tf.int8, tf.uint8, tf.int16, tf.uint16, tf.int32, tf.int64):
    print(rounded(tf.nn.max_pool2d(tf.cast(x, dtype), [2, 3], 2, "SAME")), rounded(tf.nn.max_pool(tf.cast(x, dtype), 2, 1, "VALID")))
show_op_error("max_pool2d bool", lambda: tf.nn.max_pool2d(tf.ones([1, 3, 3, 2], tf.bool), 2, 1, "VALID"))
show_op_error("avg_pool2d int32", lambda: tf.nn.avg_pool2d(x, 2, 1, "VALID"))
show_op_error("avg_pool3d int32", lambda: tf.nn.avg_pool3d(tf.ones([1, 3, 3, 3, 2], tf.int32), 2, 1, "VALID"))
mixed = "cannot compute Conv2D as input #1(zero-based) was expected to be a int32 tensor"
show_op_error("conv2d int32 with a float32 filter", lambda: tf.nn.conv2d(x, tf.cast(f, tf.float32), 1, "VALID"), len(mixed))
for label, fn in [("int64", lambda a: tf.nn.conv2d(a, tf.cast(f, tf.int64), 1, "VALID")),
                  ("depthwise int32", lambda a: tf.nn.depthwise_conv2d(a, ints([2, 2, 3, 1]), [1, 1, 1, 1], "VALID")),
                  ("int32 with a float32 filter", lambda a: tf.nn.conv2d(a, tf.cast(f, tf.float32), 1, "VALID"))]:
    show_error("traced " + label, lambda: tf.function(fn)(tf.cast(x, tf.int64) if label == "int64" else x))

# --- explicit padding ---
images, filters = ramp([2, 5, 6, 3]), ramp([2, 3, 3, 4])
pads = [[0, 0], [1, 2], [3, 4], [0, 0]]
print(rounded(tf.nn.conv2d(images, filters, 1, pads)))
print(rounded(tf.nn.conv2d(images, filters, 2, ((0, 0), (1, 2), (3, 4), (0, 0)))))
print(rounded(tf.nn.conv2d(images, filters, 1, pads, dilations=2)))
print(rounded(tf.nn.conv2d(tf.transpose(images, [0, 3, 1, 2]), filters, 1, [[0, 0], [0, 0], [1, 2], [3, 4]], data_format="NCHW")))
print(rounded(tf.raw_ops.Conv2D(input=images, filter=filters, strides=[1, 1, 1, 1], padding="EXPLICIT",
                                explicit_paddings=[0, 0, 1, 2, 3, 4, 0, 0])))
depthwise = ramp([2, 3, 3, 2])
print(rounded(tf.nn.depthwise_conv2d(images, depthwise, [1, 1, 1, 1], pads)))
print(rounded(tf.nn.depthwise_conv2d(images, depthwise, [1, 2, 2, 1], pads)))
print(rounded(tf.nn.depthwise_conv2d(images, depthwise, [1, 1, 1, 1], pads, dilations=[2, 2])))
print(rounded(tf.nn.separable_conv2d(images, depthwise, ramp([1, 1, 6, 2]), [1, 1, 1, 1], pads)))
print(rounded(tf.nn.conv2d_transpose(ramp([2, 7, 11, 4]), filters, [2, 5, 6, 3], 1, pads)))
print(rounded(tf.nn.conv2d(ramp([1, 4, 4, 3], tf.float64), ramp([2, 2, 3, 2], tf.float64), 1, [[0, 0], [2, 0], [0, 1], [0, 0]])))

upstream = ramp([2, 6, 6, 4])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([images, filters, depthwise, upstream])
    a = tf.reduce_sum(tf.nn.conv2d(images, filters, 2, pads) ** 2)
    b = tf.reduce_sum(tf.nn.depthwise_conv2d(images, depthwise, [1, 1, 1, 1], pads) ** 2)
    c = tf.reduce_sum(tf.nn.conv2d_transpose(upstream, filters, [2, 5, 6, 3], 1, [[0, 0], [0, 2], [1, 1], [0, 0]]) ** 2)
print(rounded(tape.gradient(a, images), 3), rounded(tape.gradient(a, filters), 3))
print(rounded(tape.gradient(b, images), 3), rounded(tape.gradient(b, depthwise), 3))
print(rounded(tape.gradient(c, upstream), 3), rounded(tape.gradient(c, filters), 3))


@tf.function
def traced(images):
    outputs = (tf.nn.conv2d(images, filters, 1, pads), tf.nn.depthwise_conv2d(images, depthwise, [1, 1, 1, 1], pads))
    print("traced shapes", [tuple(o.shape) for o in outputs])
    return outputs


print(*[rounded(o) for o in traced(images)])
traced.get_concrete_function(tf.TensorSpec([None, 5, None, 3]))

# --- bad padding lists ---
show_error_message("a list of 3 pairs", lambda: tf.nn.conv2d(images, filters, 1, [[0, 0], [1, 2], [3, 4]]))
show_error_message("a list of 2 pairs", lambda: tf.nn.depthwise_conv2d(images, depthwise, [1, 1, 1, 1], [[1, 2], [3, 4]]))
show_error_message("a triple", lambda: tf.nn.conv2d(images, filters, 1, [[0, 0], [1, 2, 3], [3, 4], [0, 0]]))
show_error_message("a flat list", lambda: tf.nn.conv2d(images, filters, 1, [0, 0, 1, 2, 3, 4, 0, 0]))
show_error_message("the string EXPLICIT", lambda: tf.nn.conv2d(images, filters, 1, "EXPLICIT"))
show_error_message("conv1d with a list", lambda: tf.nn.conv1d(ramp([2, 7, 3]), ramp([3, 3, 2]), 1, [[0, 0], [1, 2], [0, 0]]))
show_error_message("convolution with a list", lambda: tf.nn.convolution(images, filters, padding=pads))
# TensorFlow's float32 kernel (oneDNN) skips some of these checks eagerly; its float64 kernel makes them.
images64, filters64 = tf.cast(images, tf.float64), tf.cast(filters, tf.float64)
for label, bad, data_format in [("batch padding", [[1, 0], [1, 2], [3, 4], [0, 0]], "NHWC"),
                                ("channel padding", [[0, 0], [1, 2], [3, 4], [0, 1]], "NHWC"),
                                ("NHWC pairs with NCHW", pads, "NCHW"),
                                ("a negative padding", [[0, 0], [-1, 2], [3, 4], [0, 0]], "NHWC")]:
    image = tf.transpose(images64, [0, 3, 1, 2]) if data_format == "NCHW" else images64
    show_op_error(label, lambda: tf.nn.conv2d(image, filters64, 1, bad, data_format=data_format), 51)
    show_error("traced " + label, lambda: tf.function(lambda t: tf.nn.conv2d(t, filters, 1, bad, data_format=data_format))(
        tf.cast(image, tf.float32)))
show_error("padding too small for the filter", lambda: tf.nn.conv2d(tf.ones([1, 1, 1, 3], tf.float64), filters64, 1,
                                                                    [[0, 0], [0, 0], [0, 0], [0, 0]]))

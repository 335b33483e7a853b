"""tf.nn's 1-D and rank-generic convolutions and pools, conv2d_transpose, depthwise and separable
convolutions and max_pool_with_argmax, with TensorFlow's argument names and defaults, eagerly,
under a GradientTape and inside tf.function."""
import numpy as np

from harness import rounded, show_error, tf


def ramp(shape, scale=0.25):
    n = int(np.prod(shape))
    return tf.constant((((np.arange(n) * 37) % 23 - 11) * scale).reshape(shape).astype(np.float32))


signal = ramp([2, 7, 3])
taps = ramp([3, 3, 4], 0.125)
print(rounded(tf.nn.conv1d(signal, taps, stride=1, padding="SAME")))
print(rounded(tf.nn.conv1d(signal, taps, 2, "VALID")), rounded(tf.nn.conv1d(signal, taps, 1, "SAME", dilations=2)))
print(rounded(tf.nn.conv1d(tf.transpose(signal, [0, 2, 1]), taps, 1, "VALID", data_format="NCW")))
print(rounded(tf.nn.convolution(signal, taps)), rounded(tf.nn.convolution(signal, taps, strides=2, padding="SAME")))

images = ramp([2, 5, 6, 3])
print(rounded(tf.nn.convolution(images, ramp([2, 2, 3, 2], 0.125), padding="SAME", dilations=[1, 2])))
depthwise = ramp([3, 3, 3, 2], 0.125)
print(rounded(tf.nn.depthwise_conv2d(images, depthwise, strides=[1, 1, 1, 1], padding="SAME")))
print(rounded(tf.nn.depthwise_conv2d(images, depthwise, [1, 1, 1, 1], "VALID", dilations=[2, 1])))
print(rounded(tf.nn.separable_conv2d(images, depthwise, ramp([1, 1, 6, 4], 0.125), strides=[1, 2, 2, 1], padding="SAME")))
print(rounded(tf.nn.conv2d_transpose(ramp([1, 3, 3, 2]), ramp([3, 3, 4, 2], 0.125), output_shape=[1, 6, 6, 4], strides=2)))
print(rounded(tf.nn.conv2d_transpose(ramp([1, 3, 3, 2]), ramp([2, 2, 4, 2], 0.125), [1, 4, 4, 4], 1, padding="VALID")))

print(tf.nn.max_pool1d(signal, ksize=2, strides=2, padding="VALID"), rounded(tf.nn.avg_pool1d(signal, 3, 1, "SAME")))
print(tf.nn.max_pool(signal, 3, 2, "SAME"), rounded(tf.nn.avg_pool(images, [2, 3], [1, 2], "VALID")))
print(tf.nn.max_pool(images, ksize=2, strides=2, padding="SAME"))
print(tf.nn.max_pool1d(tf.transpose(signal, [0, 2, 1]), 2, 1, "VALID", data_format="NCW"))
output, argmax = tf.nn.max_pool_with_argmax(images, ksize=2, strides=2, padding="VALID")
print(output, argmax)
output, argmax = tf.nn.max_pool_with_argmax(images, 3, 2, "SAME", output_dtype=tf.int32, include_batch_in_index=True)
print(output, argmax)

show_error("max_pool rank 2", lambda: tf.nn.max_pool(tf.ones([2, 3]), 2, 2, "VALID"))
show_error("conv1d channel mismatch", lambda: tf.nn.conv1d(signal, ramp([3, 2, 4]), 1, "SAME"))
show_error("separable_conv2d pointwise 2x2", lambda: tf.nn.separable_conv2d(images, depthwise, ramp([2, 2, 6, 4]), [1, 1, 1, 1], "SAME"))

with tf.GradientTape(persistent=True) as tape:
    tape.watch([signal, taps, images, depthwise])
    a = tf.reduce_sum(tf.nn.conv1d(signal, taps, 1, "SAME") ** 2) + tf.reduce_sum(tf.nn.max_pool1d(signal, 2, 1, "SAME"))
    b = tf.reduce_sum(tf.nn.separable_conv2d(images, depthwise, ramp([1, 1, 6, 2]), [1, 1, 1, 1], "VALID") ** 2)
print(rounded(tape.gradient(a, signal)), rounded(tape.gradient(a, taps)))
print(rounded(tape.gradient(b, images), 3), rounded(tape.gradient(b, depthwise), 3))


@tf.function
def traced(signal, images):
    outputs = (tf.nn.conv1d(signal, taps, 1, "SAME"), tf.nn.avg_pool1d(signal, 2, 2, "VALID"),
               tf.nn.separable_conv2d(images, depthwise, ramp([1, 1, 6, 4]), [1, 1, 1, 1], "SAME"),
               tf.nn.max_pool(images, 2, 2, "VALID"))
    print("traced shapes", [tuple(o.shape) for o in outputs])
    return outputs


print(*[rounded(o) for o in traced(signal, images)])
traced.get_concrete_function(tf.TensorSpec([None, 7, 3]), tf.TensorSpec([None, 5, None, 3]))

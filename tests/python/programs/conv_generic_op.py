"""tf.conv, TensorFlow's generic Conv op as its CPU kernel runs it: 2-D and 3-D convolutions with
strides, dilations, SAME, VALID and EXPLICIT padding, two batch dimensions, float16/float32/float64,
Python lists, a traced call; TensorFlow's error classes for attribute values it does not allow,
CHANNELS_FIRST and groups (unimplemented on the CPU), strides, dilations and explicit paddings of
the wrong length or in the batch or depth dimension, and depths or ranks that do not fit."""
import numpy as np

from harness import rounded, show_error, tf

x = tf.constant(np.arange(32.).reshape(1, 4, 4, 2), tf.float32)
w = tf.constant(np.arange(24.).reshape(2, 2, 2, 3) / 10, tf.float32)
print("valid", rounded(tf.conv(x, w, strides=[1, 1, 1, 1], padding="VALID"), 3))
print("same strided", rounded(tf.conv(x, w, strides=[1, 2, 2, 1], padding="SAME"), 3))
print("strides 2 and 1", rounded(tf.conv(x, w, strides=[1, 2, 1, 1], padding="VALID"), 3))
print("dilated", rounded(tf.conv(x, w, strides=[1, 1, 1, 1], padding="VALID", dilations=[1, 2, 2, 1]), 3))
print("dilated same", rounded(tf.conv(x, w, strides=[1, 1, 1, 1], padding="SAME", dilations=[1, 1, 2, 1]), 3))
print("explicit", rounded(tf.conv(x, w, strides=[1, 1, 1, 1], padding="EXPLICIT",
                                  explicit_paddings=[0, 0, 1, 0, 0, 2, 0, 0]), 3))
print("explicit strided", rounded(tf.conv(x, w, strides=[1, 2, 2, 1], padding="EXPLICIT",
                                          explicit_paddings=(0, 0, 1, 1, 1, 1, 0, 0)), 3))
batched = tf.constant(np.arange(64.).reshape(2, 1, 4, 4, 2), tf.float32)
print("batch_dims 2", rounded(tf.conv(batched, w, strides=[1, 1, 1, 1], padding="VALID", batch_dims=2), 3))
volume = tf.constant(np.arange(54.).reshape(1, 3, 3, 3, 2) / 7, tf.float32)
kernel = tf.constant(np.arange(32.).reshape(2, 2, 2, 2, 2) / 9, tf.float32)
print("3-D same", rounded(tf.conv(volume, kernel, strides=[1, 1, 1, 1, 1], padding="SAME"), 3))
print("3-D strided", rounded(tf.conv(volume, kernel, strides=[1, 2, 1, 2, 1], padding="VALID"), 3))
for dtype in (tf.float16, tf.float64):
    print(dtype.name, rounded(tf.conv(tf.ones([1, 4, 4, 1], dtype), tf.ones([2, 2, 1, 1], dtype), strides=[1, 1, 1, 1],
                                      padding="VALID"), 3))
print("lists", rounded(tf.conv(np.ones([1, 3, 3, 1]).tolist(), np.ones([2, 2, 1, 1], np.float32), strides=[1, 1, 1, 1],
                               padding="VALID")))


@tf.function
def traced(images):
    return tf.conv(images, w, strides=[1, 1, 1, 1], padding="SAME")


print("traced", rounded(traced(x), 3))

show_error("padding FOO", lambda: tf.conv(x, w, strides=[1, 1, 1, 1], padding="FOO"))
show_error("data_format NHWC", lambda: tf.conv(x, w, strides=[1, 1, 1, 1], padding="VALID", data_format="NHWC"))
show_error("channels first", lambda: tf.conv(tf.transpose(x, [0, 3, 1, 2]), w, strides=[1, 1, 1, 1], padding="VALID",
                                             data_format="CHANNELS_FIRST"))
show_error("groups", lambda: tf.conv(x, tf.ones([2, 2, 1, 4]), strides=[1, 1, 1, 1], padding="VALID", groups=2))
show_error("depths differ", lambda: tf.conv(x, tf.ones([2, 2, 1, 4]), strides=[1, 1, 1, 1], padding="VALID"))
show_error("batch strides", lambda: tf.conv(x, w, strides=[2, 1, 1, 1], padding="VALID"))
show_error("short strides", lambda: tf.conv(x, w, strides=[1, 1], padding="VALID"))
show_error("batch_dims 0", lambda: tf.conv(x, w, strides=[1, 1, 1, 1], padding="VALID", batch_dims=0))
show_error("batch_dims 2 with 5 strides", lambda: tf.conv(batched, w, strides=[1, 1, 1, 1, 1], padding="VALID",
                                                         batch_dims=2))
show_error("depth dilations", lambda: tf.conv(x, w, strides=[1, 1, 1, 1], padding="SAME", dilations=[1, 1, 1, 2]))
show_error("short dilations", lambda: tf.conv(x, w, strides=[1, 1, 1, 1], padding="SAME", dilations=[1, 1]))
show_error("batch padding", lambda: tf.conv(x, w, strides=[1, 1, 1, 1], padding="EXPLICIT",
                                            explicit_paddings=[1, 0, 1, 0, 0, 1, 0, 0]))
show_error("short paddings", lambda: tf.conv(x, w, strides=[1, 1, 1, 1], padding="EXPLICIT", explicit_paddings=[1, 0]))
show_error("paddings with SAME", lambda: tf.conv(x, w, strides=[1, 1, 1, 1], padding="SAME",
                                                 explicit_paddings=[0, 0, 1, 0, 0, 1, 0, 0]))
show_error("1 spatial dimension", lambda: tf.conv(tf.ones([1, 4, 1]), tf.ones([2, 1, 1]), strides=[1, 1, 1],
                                                  padding="VALID"))
show_error("rank 3 filter", lambda: tf.conv(x, tf.ones([2, 2, 1]), strides=[1, 1, 1, 1], padding="VALID"))
show_error("dtypes differ", lambda: tf.conv(tf.ones([1, 4, 4, 1], tf.float64), tf.ones([2, 2, 1, 1]),
                                            strides=[1, 1, 1, 1], padding="VALID"))

"""tf.nn.with_space_to_batch: dilated convolutions and pools through space_to_batch_nd with "SAME",
"VALID" and explicit padding, rates of 1, chosen spatial_dims, gradients, tracing, and errors."""
import numpy as np
from harness import show_error, show_error_message, tf

x = tf.reshape(tf.range(2 * 7 * 6 * 3, dtype=tf.float32), [2, 7, 6, 3]) / 50.0
w = tf.reshape(tf.range(3 * 3 * 3 * 4, dtype=tf.float32), [3, 3, 3, 4]) / 100.0


def conv(inp, num_spatial_dims, padding):
    return tf.nn.convolution(inp, w, padding=padding)


for rate, padding in (([2, 2], "SAME"), ([2, 1], "VALID"), ([1, 1], "SAME"), ([3, 1], "SAME"),
                      ([2, 2], [[0, 0], [1, 2], [2, 1], [0, 0]])):
    y = tf.nn.with_space_to_batch(x, rate, padding, conv, filter_shape=[3, 3, 3, 4])
    print(rate, padding, y.shape, np.round(np.asarray(y), 3).reshape(-1)[:12].tolist(),
          round(float(tf.reduce_sum(y)), 2))
pool = lambda inp, n, padding: tf.nn.pool(inp, [2, 2], "MAX", padding=padding)
print("pool", tf.nn.with_space_to_batch(x, [2, 2], "SAME", pool, filter_shape=[2, 2]).shape)
print("1-d", tf.nn.with_space_to_batch(tf.reshape(tf.range(20.0), [2, 10, 1]), [2], "VALID",
                                        lambda i, n, p: i[:, 1:] - i[:, :-1]).numpy().reshape(-1).tolist())
print("spatial_dims", tf.nn.with_space_to_batch(x, [2], "VALID", lambda i, n, p: i * 2.0, spatial_dims=[2]).shape)
with tf.GradientTape() as tape:
    tape.watch(x)
    loss = tf.reduce_sum(tf.nn.with_space_to_batch(x, [2, 2], "SAME", conv, filter_shape=[3, 3, 3, 4]) ** 2)
print("gradient", round(float(tf.reduce_sum(tape.gradient(loss, x))), 1))
print("traced", tf.function(lambda t: tf.nn.with_space_to_batch(t, [2, 2], "SAME", conv, filter_shape=[3, 3, 3, 4]))(x).shape)
show_error_message("rate 0", lambda: tf.nn.with_space_to_batch(x, [0, 2], "SAME", conv, filter_shape=[3, 3, 3, 4]))
show_error_message("no filter_shape", lambda: tf.nn.with_space_to_batch(x, [2, 2], "SAME", conv))
show_error_message("bad padding", lambda: tf.nn.with_space_to_batch(x, [2, 2], "FULL", conv))
show_error_message("EXPLICIT", lambda: tf.nn.with_space_to_batch(x, [2, 2], "EXPLICIT", conv))
show_error_message("spatial_dims order", lambda: tf.nn.with_space_to_batch(x, [2, 2], "VALID", conv, spatial_dims=[2, 1]))
show_error_message("rank", lambda: tf.nn.with_space_to_batch(tf.zeros([2, 3]), [2, 2], "VALID", conv))
show_error_message("rate rank", lambda: tf.nn.with_space_to_batch(x, [[2, 2]], "VALID", conv))

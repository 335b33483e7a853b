"""tf.nn.space_to_depth / depth_to_space, embedding_lookup and local_response_normalization / lrn,
with TensorFlow's argument names and defaults, eagerly, under a GradientTape and inside tf.function."""
from harness import rounded, show_error, tf

x = tf.reshape(tf.range(32.0), [1, 2, 4, 4])
packed = tf.nn.space_to_depth(x, 2)
print(packed, tf.nn.depth_to_space(packed, block_size=2))
print(tf.nn.space_to_depth(tf.reshape(tf.range(16), [1, 4, 4, 1]), 2), tf.nn.depth_to_space(tf.ones([2, 1, 1, 9], tf.bool), 3).shape)
show_error("space_to_depth indivisible", lambda: tf.nn.space_to_depth(tf.ones([1, 3, 4, 1]), 2))
show_error("space_to_depth block 1", lambda: tf.nn.space_to_depth(tf.ones([1, 4, 4, 1]), 1))
show_error("space_to_depth rank 3", lambda: tf.nn.space_to_depth(tf.ones([4, 4, 1]), 2))
show_error("depth_to_space indivisible", lambda: tf.nn.depth_to_space(tf.ones([1, 2, 2, 3]), 2))
show_error("space_to_depth NCHW", lambda: tf.nn.space_to_depth(tf.ones([1, 1, 4, 4]), 2, data_format="NCHW"))

table = tf.constant([[1.0, 2.0], [3.0, 4.0], [0.3, 0.4], [6.0, 8.0]])
print(tf.nn.embedding_lookup(table, [3, 0, 0]), tf.nn.embedding_lookup(table, [[1, 2], [3, 3]], max_norm=1.0))
print(tf.nn.embedding_lookup([table[:2], table[2:]], [3, 0, 2]), tf.nn.embedding_lookup(tf.range(5), tf.constant([4, 1], tf.int64)))
print(tf.nn.embedding_lookup([tf.constant([[1.0], [2.0]]), tf.constant([[3.0]])], [2, 1, 0]))
show_error("embedding_lookup out of range", lambda: tf.nn.embedding_lookup(table, [4]))

images = tf.reshape(tf.range(48.0) / 10 - 2, [1, 2, 4, 6])
# 4 decimals: TensorFlow's float32 power and sums may differ from tfpp's in the last bit.
print(rounded(tf.nn.lrn(images), 4), rounded(tf.nn.local_response_normalization(images, depth_radius=2, bias=2.0, alpha=1e-2, beta=0.75), 4))
print(rounded(tf.nn.lrn(images, 1, alpha=0.5, beta=1.0), 4))
show_error("lrn rank 3", lambda: tf.nn.lrn(tf.ones([2, 3, 4])))
show_error("lrn float64", lambda: tf.nn.lrn(tf.ones([1, 1, 1, 3], tf.float64)))

with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, table, images])
    a = tf.reduce_sum(tf.nn.space_to_depth(x, 2) * tf.range(16.0))
    b = tf.reduce_sum(tf.nn.embedding_lookup(table, [[1, 1], [3, 0]], max_norm=5.0) ** 3)
    c = tf.reduce_sum(tf.nn.lrn(images, 2, 1.0, 0.5, 0.75) * tf.range(6.0))
# The table's gradient is IndexedSlices in TensorFlow: compare it dense.
print(tape.gradient(a, x), rounded(tf.convert_to_tensor(tape.gradient(b, table))), rounded(tape.gradient(c, images), 4))


@tf.function
def traced(x, ids):
    outputs = tf.nn.space_to_depth(x, 2), tf.nn.embedding_lookup(table, ids), tf.nn.lrn(x, 1)
    print("traced shapes", [tuple(o.shape) for o in outputs])
    return outputs


print(*[rounded(o, 4) for o in traced(x, tf.constant([1, 2]))])
traced.get_concrete_function(tf.TensorSpec([None, 2, None, 4]), tf.TensorSpec([None, 3], tf.int32))

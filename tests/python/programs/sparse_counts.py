"""tf.sparse.bincount (dense and sparse values, axis 0 and -1, weights, minlength, maxlength,
binary_output) and tf.sparse.sampled_addmm; errors."""

from harness import show_error, tf


def show(label, sp):
    print(label, sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist(), sp.dtype)


show("counts", tf.sparse.bincount(tf.constant([1, 1, 3, 0, 5])))
show("rows", tf.sparse.bincount(tf.constant([[1, 1, 3], [0, 5, 5]]), axis=-1))
show("weighted rows", tf.sparse.bincount(tf.constant([[1, 1, 3], [0, 5, 5]]),
                                         weights=tf.constant([[0.5, 1.0, 2.0], [1.0, 1.0, 1.0]]), axis=-1, minlength=8))
show("binary maxlength", tf.sparse.bincount(tf.constant([1, 1, 3]), binary_output=True, maxlength=2))
show("sparse rows", tf.sparse.bincount(tf.sparse.from_dense([[1, 0, 3], [0, 5, 5]]), axis=-1))
show("flattened", tf.sparse.bincount(tf.constant([[1, 1, 3], [0, 5, 5]])))
show("sparse flattened", tf.sparse.bincount(tf.sparse.from_dense([[1, 0, 3], [0, 5, 5]])))
show("int64 float64", tf.sparse.bincount(tf.constant([1, 2], tf.int64), weights=tf.constant([2.0, 3.0], tf.float64)))
indices, values, dense_shape = tf.sparse.sampled_addmm([[0, 0], [1, 1]], [1.0, 2.0], [2, 2],
                                                       tf.constant([[1.0, 2.0], [3.0, 4.0]]),
                                                       tf.constant([[5.0, 6.0], [7.0, 8.0]]), beta=0.5, alpha=2.0)
print(indices, values, dense_shape)
show_error("negative values", lambda: tf.sparse.bincount(tf.constant([1, -1, 3])))
show_error("axis 1", lambda: tf.sparse.bincount(tf.constant([[1]]), axis=1))

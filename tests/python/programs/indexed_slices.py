"""tf.IndexedSlices (values at rows of a dense shape, printed, negated, converted to a tensor with
duplicate rows summed, with TensorFlow's conversion errors) and tf.sparse.mask."""
from harness import show_error_message, tf

s = tf.IndexedSlices(tf.constant([[1., 2.], [3., 4.], [5., 6.]]), tf.constant([0, 2, 5]), tf.constant([6, 2]))
print(s)
print(s.shape, s.dtype, s.dense_shape, s.values.shape, s.indices.dtype)
print(tf.convert_to_tensor(s))
print(-s)
print(tf.add(s, 1.0))
print(tf.IndexedSlices(tf.constant([1.]), tf.constant([0])).shape)
repeated = tf.IndexedSlices(tf.constant([[1.], [2.], [4.]]), tf.constant([1, 1, 0]), tf.constant([3, 1]))
print(tf.convert_to_tensor(repeated))
masked = tf.sparse.mask(s, tf.constant([2]))
print(masked.indices, masked.values, masked.dense_shape)
print(tf.sparse.mask(s, tf.constant([], tf.int32)).indices, tf.sparse.mask(s, [0, 2, 5]).values.shape)
show_error_message("no dense_shape", lambda: tf.convert_to_tensor(tf.IndexedSlices(tf.constant([[1., 2.]]), tf.constant([0]))))
show_error_message("wrong dtype", lambda: tf.convert_to_tensor(s, tf.int32))

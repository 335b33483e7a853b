"""The Python exception classes TensorFlow raises: ValueError and TypeError where Python's
conventions apply (ragged lists, dtype arguments, a tf.function's input_signature, ops whose
inputs do not fit them while a graph is traced), InvalidArgumentError when an op fails eagerly
or while a traced graph runs."""
from harness import show_error, tf


@tf.function
def add(a, b):
    return a + b


@tf.function
def matmul(a, b):
    return tf.matmul(a, b)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def vector(x):
    return x * 2.0


@tf.function
def reshape_runtime(x, n):
    return tf.reshape(x, [n, -1])


show_error("ragged list to constant", lambda: tf.constant([[1, 2], [3]]))
show_error("ragged list to Variable", lambda: tf.Variable([[1], [1, 2]]))
show_error("mixed list to tensor", lambda: tf.convert_to_tensor([1, "a"]))
show_error("unknown dtype name", lambda: tf.zeros([2], dtype="floaty"))
show_error("cast to an unknown dtype", lambda: tf.cast(1, "nope"))
show_error("float into int32", lambda: tf.constant(1.5, dtype=tf.int32))
show_error("string into float32", lambda: tf.constant("a", dtype=tf.float32))
show_error("signature: wrong dtype", lambda: vector(tf.constant([1, 2])))
show_error("signature: wrong rank", lambda: vector(tf.ones([2, 2])))
show_error("signature: too many arguments", lambda: vector(tf.ones([2]), tf.ones([2])))
show_error("traced add of int32 and int64", lambda: add(tf.constant(1), tf.constant(1, tf.int64)))
show_error("traced add of shapes [2] and [3]", lambda: add(tf.ones([2]), tf.ones([3])))
show_error("traced matmul of [2,3] and [2,3]", lambda: matmul(tf.ones([2, 3]), tf.ones([2, 3])))
show_error("traced concat of ranks 1 and 2", lambda: tf.function(lambda: tf.concat([tf.ones([2]), tf.ones([2, 1])], 0))())
show_error("traced reshape of 6 into [4,2]", lambda: tf.function(lambda x: tf.reshape(x, [4, 2]))(tf.ones([6])))
show_error("traced reduction axis 3 of rank 1", lambda: tf.function(lambda x: tf.reduce_sum(x, axis=3))(tf.ones([6])))
show_error("traced where on an int condition", lambda: tf.function(lambda c: tf.where(c, 1.0, 2.0))(tf.constant([1])))
show_error("map adding int32 to int64", lambda: tf.data.Dataset.range(3).map(lambda x: x + tf.constant(1)))
show_error("reduce changing the dtype", lambda: tf.data.Dataset.range(3).reduce(0, lambda s, x: s + x))
show_error("reshape failing while the graph runs", lambda: reshape_runtime(tf.ones([6]), tf.constant(4)))
show_error("eager add of int32 and int64", lambda: tf.constant(1) + tf.constant(1, tf.int64))
show_error("eager add of shapes [2] and [3]", lambda: tf.ones([2]) + tf.ones([3]))
show_error("eager reshape of 6 into [4,2]", lambda: tf.reshape(tf.ones([6]), [4, 2]))
show_error("eager concat of float32 and int32", lambda: tf.concat([tf.ones([2]), tf.ones([2], tf.int32)], 0))

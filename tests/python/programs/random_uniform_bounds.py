"""tf.random.uniform's bounds as TensorFlow takes them: tensors, arrays and lists broadcast against
the shape for float dtypes (rnd * (maxval - minval) + minval in the dtype, so the same numbers for
the same seeds), tensor scalars for integer dtypes, traced calls, and TensorFlow's errors: an integer
dtype without maxval, integer bounds that are not scalars or not ordered, bounds that do not
broadcast, a bound of another dtype, and a dtype random.uniform does not make."""
import numpy as np

from harness import show_error, show_error_message, tf

tf.random.set_seed(1)
print(tf.random.uniform([2], minval=tf.constant([0.0, 10.0]), maxval=tf.constant([1.0, 20.0]), seed=3))
print(tf.random.uniform([2, 2], minval=[0.0, 10.0], maxval=20.0, seed=3))
print(tf.random.uniform([3], minval=np.array(1.5), maxval=np.array([2.0, 3.0, 4.0]), seed=3))
print(tf.random.uniform([2], minval=0.1, maxval=0.7, seed=3), tf.random.uniform([2], maxval=3.0, seed=3))
print(tf.random.uniform([2], minval=[1.0], maxval=[[2.0], [3.0]], seed=3))
print(tf.random.uniform([2], maxval=tf.constant(4.0, tf.float64), dtype=tf.float64, seed=3))
print(tf.random.uniform([2], minval=tf.constant(2), maxval=tf.constant(9), dtype=tf.int32, seed=3))
print(tf.random.uniform([2], maxval=np.int64(9), dtype=tf.int64, seed=3))
print(tf.random.uniform([3], seed=3), tf.random.uniform([3], 0, 1, seed=3), tf.random.uniform([3], -1, 1, seed=4))


@tf.function
def traced(low, high):
    return (tf.random.uniform([2], low, high, seed=1), tf.random.uniform([2], maxval=high, seed=2),
            tf.random.uniform([2], 3, tf.constant(7), tf.int32, seed=3))


print(traced(tf.constant([0.0, 5.0]), tf.constant(10.0)))
print(traced(tf.constant([0.0, 5.0]), tf.constant(10.0)))

show_error_message("integer dtype without maxval", lambda: tf.random.uniform([2], dtype=tf.int32))
show_error("vector integer maxval", lambda: tf.random.uniform([2], maxval=[3, 4], dtype=tf.int32))
show_error("integer minval >= maxval", lambda: tf.random.uniform([2], minval=5, maxval=2, dtype=tf.int32))
show_error("float integer maxval", lambda: tf.random.uniform([2], maxval=2.5, dtype=tf.int32))
show_error("shapes", lambda: tf.random.uniform([2], minval=[0.0, 1.0, 2.0], maxval=1.0))
show_error("float64 maxval for float32", lambda: tf.random.uniform([2], maxval=tf.constant(4.0, tf.float64)))
show_error("string maxval", lambda: tf.random.uniform([2], maxval="a"))
show_error_message("string dtype", lambda: tf.random.uniform([2], maxval=3, dtype=tf.string))

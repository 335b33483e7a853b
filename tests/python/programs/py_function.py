"""tf.py_function and tf.numpy_function, eagerly, inside tf.function and tf.data, with gradients
and TensorFlow 2.21's errors."""
import numpy as np

from harness import show_error, tf

calls = []


def double(x):
    calls.append(x.numpy().tolist())
    return x * 2


print(tf.py_function(double, [tf.constant([1.0, 2.0])], tf.float32))
print(tf.py_function(lambda a, b: (a + b, a * b), [1, 2], [tf.int32, tf.int32]))
print(tf.py_function(lambda: None, [], []))
print(tf.py_function(lambda x: np.array([1.5, 2.5]), [1], tf.float64))
print(tf.py_function(lambda x: 3, [1], tf.float32))
print(tf.py_function(func=lambda s: tf.strings.upper(s), inp=[tf.constant(["ab"])], Tout=tf.string))
print(tf.numpy_function(lambda x: x * 2, [tf.constant([1.0])], tf.float32))
print(tf.numpy_function(lambda x: type(x).__name__, [tf.constant([1.0])], tf.string))
show_error("a result of another dtype", lambda: tf.py_function(lambda x: x, [tf.constant(1)], tf.float32))
show_error("a Python error", lambda: tf.py_function(lambda x: 1 / 0, [tf.constant(1)], tf.float32))
show_error("a ValueError", lambda: tf.py_function(lambda: int("x"), [], tf.int32))
show_error("too few results", lambda: tf.py_function(lambda x: x, [tf.constant(1)], [tf.int32, tf.int32]))
show_error("a numpy_function error", lambda: tf.numpy_function(lambda x: x[5], [tf.constant([1])], tf.int32))

# Eager gradients flow through the ops the function runs.
x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = tf.py_function(lambda v: v * v, [x], tf.float32)
print(y, tape.gradient(y, x))


@tf.function
def traced(a):
    b = tf.py_function(double, [a], tf.float32)
    print("static shape:", b.shape)
    return tf.numpy_function(lambda v: (v + 1).astype(np.float32), [b], tf.float32, stateful=False)


print(traced(tf.constant([3.0])))
print(traced(tf.constant([4.0])))
print("calls:", calls, "traces:", traced.experimental_get_tracing_count())


@tf.function
def cubed_and_gradient(a):
    with tf.GradientTape() as t:
        t.watch(a)
        y = tf.py_function(lambda v: v ** 3, [a], tf.float32)
    return y, t.gradient(y, a)


print(cubed_and_gradient(tf.constant(2.0)))


@tf.function
def two_inputs_gradient(a, b):
    with tf.GradientTape() as t:
        t.watch([a, b])
        y = tf.py_function(lambda u, v: u * v + v, [a, b], tf.float64)
    return t.gradient(y, [a, b])


print(two_inputs_gradient(tf.constant(2.0, tf.float64), tf.constant(5.0, tf.float64)))
show_error("a Python error in a function", lambda: tf.function(lambda a: tf.py_function(
    lambda v: 1 / 0, [a], tf.float32))(tf.constant(1.0)))
show_error("a ValueError in a function", lambda: tf.function(lambda a: tf.py_function(
    lambda v: v, [a], tf.float32))(tf.constant(1)))

# Side effects run once per call, in order, even when the result is unused.
log = []


@tf.function
def logs(a):
    tf.py_function(lambda v: log.append(float(v)) or 0, [a], tf.int32)
    return a + 1


logs(tf.constant(1.0))
logs(tf.constant(2.0))
print(log)

# In a tf.data pipeline.
ds = tf.data.Dataset.range(3).map(lambda i: tf.py_function(lambda v: v * 10, [i], tf.int64))
print(list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.from_tensor_slices(["a", "bc"]).map(
    lambda s: tf.numpy_function(lambda b: np.int32(len(b)), [s], tf.int32))
print(list(ds.as_numpy_iterator()))

"""tf.linspace as TensorFlow's linspace_nd: start and stop of any shapes that broadcast, the new
axis anywhere (negative too), integer start and stop giving float64, num as a tensor, num 0 and 1,
gradients with respect to start and stop, a traced call with its static shape, and the errors of
a negative or float num, of shapes that do not broadcast and of an axis out of range."""
import numpy as np

from harness import show_error, tf

print(tf.linspace(0.0, 1.0, 5), tf.linspace(0, 10, 5))
print(tf.linspace([0.0, 1.0], [10.0, 20.0], 3))
print(tf.linspace([0.0, 1.0], [10.0, 20.0], 3, axis=1))
print(tf.linspace([0.0, 1.0], [10.0, 20.0], 3, axis=-1))
print(tf.linspace([[0.0], [1.0]], [10.0, 20.0, 30.0], 2, axis=-2))
print(tf.linspace(np.array([[1.0, 2.0]]), 5.0, 4, axis=1))
print(tf.linspace(0.0, 1.0, 1), tf.linspace(0.0, 1.0, 0), tf.linspace([0.0, 1.0], 2.0, 0, axis=1))
print(tf.linspace(tf.constant(0.0, tf.float64), 1, 4), tf.linspace(tf.constant(0, tf.int64), 1, 4))
print(tf.linspace(0.0, 1.0, tf.constant(3, tf.int64)), tf.linspace(-1.0, 1.0, np.int32(3), name="lin"))

x, y = tf.Variable([1.0, 2.0]), tf.Variable(5.0)
with tf.GradientTape() as tape:
    values = tf.linspace(x, y, 4, axis=-1)
    loss = tf.reduce_sum(values * tf.constant([1.0, 2.0, 3.0, 4.0]))
print(values, tape.gradient(loss, [x, y]))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.linspace(x, 0.0, 1))
print(tape.gradient(loss, [x, y]))


@tf.function
def traced(a, b):
    return tf.linspace(a, b, 3, axis=-1)


concrete = traced.get_concrete_function(tf.TensorSpec([2]), tf.TensorSpec([]))
print(concrete.structured_outputs.shape, traced(tf.constant([0.0, 4.0]), tf.constant(8.0)))

show_error("negative num", lambda: tf.linspace(0.0, 1.0, -1))
show_error("float num", lambda: tf.linspace(0.0, 1.0, 2.5))
show_error("shapes", lambda: tf.linspace([0.0, 1.0], [1.0, 2.0, 3.0], 3))
show_error("axis", lambda: tf.linspace(0.0, 1.0, 3, axis=2))
show_error("negative axis", lambda: tf.linspace(0.0, 1.0, 3, axis=-3))
show_error("string stop", lambda: tf.linspace(0.0, "a", 3))

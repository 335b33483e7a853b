"""tf.test.compute_gradient: the tape's and the central differences' Jacobians, TensorFlow's
[y size, x size] layout for several arguments, complex numbers as pairs of reals, a gradient the
tape does not connect (zeros), and the argument errors."""
import numpy as np

from harness import show_error, tf


def show(label, jacobians):
    theoretical, numerical = jacobians
    for t, n in zip(theoretical, numerical):
        print(label, t.dtype, t.shape, np.round(t, 3).tolist(), np.round(n, 2).tolist())


show("square", tf.test.compute_gradient(lambda x: x * x, [tf.constant([1.0, 2.0, 3.0])]))
show("matmul", tf.test.compute_gradient(tf.matmul, [tf.constant([[1.0, 2.0]]), tf.constant([[3.0], [4.0]])]))
show("float64 softmax", tf.test.compute_gradient(tf.nn.softmax, [np.array([[0.5, -1.0, 2.0]])]))
show("complex", tf.test.compute_gradient(lambda z: z * z, [tf.constant([1 + 2j], tf.complex64)]))
show("unconnected", tf.test.compute_gradient(lambda a, b: a * 2.0, [tf.constant([1.0]), tf.constant([5.0, 6.0])]))
show("delta", tf.test.compute_gradient(tf.exp, [tf.constant([0.5])], delta=0.1))
t, n = tf.test.compute_gradient(lambda x: tf.reduce_sum(tf.sin(x), axis=1), [tf.reshape(tf.range(6.0), [2, 3])])
print("sin max_error below 1e-2", float(np.max(np.abs(t[0] - n[0]))) < 1e-2)
show_error("x not a list", lambda: tf.test.compute_gradient(tf.exp, tf.constant([1.0])))
show_error("int argument", lambda: tf.test.compute_gradient(lambda x: x * 2, [tf.constant([1, 2])]))

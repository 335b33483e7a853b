"""tf.edit_distance between SparseTensors of strings and of ints (normalized or not, empty
sequences, different dense shapes), its errors, and inside tf.function, as TensorFlow 2.21."""
from harness import show_error, show_error_message, tf

hyp = tf.SparseTensor([[0, 0, 0], [1, 0, 0]], ["a", "b"], [2, 1, 1])
truth = tf.SparseTensor([[0, 1, 0], [1, 0, 0], [1, 0, 1], [1, 1, 0]], ["a", "b", "c", "a"], [2, 2, 2])
print(tf.edit_distance(hyp, truth, normalize=True))
print(tf.edit_distance(hyp, truth, normalize=False))
h2 = tf.SparseTensor([[0, 0], [0, 1], [0, 2]], [1, 2, 3], [1, 3])
t2 = tf.SparseTensor([[0, 0], [0, 1]], [1, 3], [1, 2])
print(tf.edit_distance(h2, t2), tf.edit_distance(t2, h2))
empty_t = tf.SparseTensor(tf.zeros([0, 2], tf.int64), tf.constant([], tf.int32), [1, 0])
print(tf.edit_distance(h2, empty_t), tf.edit_distance(empty_t, empty_t))
show_error("values of another dtype", lambda: tf.edit_distance(h2, tf.SparseTensor([[0, 0]], [1.0], [1, 1])))
show_error("another rank", lambda: tf.edit_distance(h2, tf.SparseTensor([[0, 0, 0]], [1], [1, 1, 1])))
show_error_message("a dense hypothesis", lambda: tf.edit_distance(tf.constant([1]), t2))
show_error_message("a dense truth", lambda: tf.edit_distance(t2, tf.constant([1])))
@tf.function
def f():
    return tf.edit_distance(h2, t2)
print(f())


@tf.function
def strings_in_function(hyp_values):
    h = tf.SparseTensor([[0, 0], [0, 1], [1, 0]], hyp_values, [2, 2])
    t = tf.SparseTensor([[0, 0], [1, 0], [1, 1]], ["x", "q", "r"], [2, 3])
    return tf.edit_distance(h, t, normalize=False)


print(strings_in_function(tf.constant(["x", "y", "r"])))

"""tf.sets: intersection, union, difference (aminusb both ways) of dense tensors, dense and sparse
(either order), and two SparseTensors; size; int and string sets, rank-3 inputs, empty results;
traced use; TensorFlow's errors."""

from harness import show_error, tf

a = tf.constant([[1, 2, 2, 3], [4, 5, 0, 0]])
b = tf.constant([[2, 3, 9, 9], [5, 6, 7, 0]])
sp_a, sp_b = tf.sparse.from_dense(a), tf.sparse.from_dense(b)


def show(label, sp):
    print(label, sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist(), sp.dtype)


for label, x, y in (("dense dense", a, b), ("dense sparse", a, sp_b), ("sparse dense", sp_a, b),
                    ("sparse sparse", sp_a, sp_b)):
    show(label + " intersection", tf.sets.intersection(x, y))
    show(label + " union", tf.sets.union(x, y))
    show(label + " a-b", tf.sets.difference(x, y))
    show(label + " b-a", tf.sets.difference(x, y, aminusb=False))
print(tf.sets.size(sp_a), tf.sets.size(sp_b), tf.sets.size(tf.sparse.from_dense([["a", "b"], ["c", ""]])))
show("strings", tf.sets.union(tf.constant([["b", "a"]]), tf.constant([["c", "a"]])))
show("int64", tf.sets.intersection(tf.constant([[3, 1]], tf.int64), tf.constant([[1, 7]], tf.int64)))
show("rank 3", tf.sets.intersection(tf.constant([[[1, 2], [3, 4]]]), tf.constant([[[2, 1], [5, 6]]])))
show("empty", tf.sets.intersection(tf.constant([[1, 2]]), tf.constant([[3, 4]])))
print(tf.sets.size(tf.sparse.SparseTensor(tf.zeros([0, 3], tf.int64), tf.zeros([0], tf.int32), [2, 3, 4])))


@tf.function
def traced(x, y):
    return tf.sets.union(x, y), tf.sets.size(tf.sets.intersection(x, y))


union, sizes = traced(a, b)
show("traced union", union)
print(sizes)

show_error("size of a dense tensor", lambda: tf.sets.size(a))
show_error("float sets", lambda: tf.sets.union(tf.constant([[1.0]]), tf.constant([[1.0]])))
show_error("rank 1", lambda: tf.sets.union(tf.constant([1, 2]), tf.constant([1, 2])))
show_error("mismatched rows", lambda: tf.sets.union(a, tf.constant([[1, 2]])))
show_error("mismatched ranks", lambda: tf.sets.union(a, tf.constant([[[1, 2]]])))
show_error("mismatched dtypes", lambda: tf.sets.union(a, tf.constant([[1], [2]], tf.int64)))
show_error("unordered", lambda: tf.sets.size(tf.sparse.SparseTensor([[0, 1], [0, 0]], [1, 2], [2, 2])))

"""tf.io.serialize_sparse, serialize_many_sparse and deserialize_many_sparse: the serialized bytes
(float, int, string and bool values, empty batch entries, rank 3), the round trip, static ranks, and
TensorFlow's errors for unordered, out-of-bounds and rank-1 SparseTensors and wrong dtypes."""
import numpy as np

from harness import show_error, tf


def show_bytes(label, t):
    print(label, t.dtype.name, tuple(t.shape), [x.hex() for x in np.asarray(t.numpy()).ravel()])


def show_sparse(label, sp):
    print(label, sp.indices.numpy().tolist(), sp.values.dtype.name, sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist())


floats = tf.sparse.SparseTensor([[0, 1], [2, 0], [2, 3]], [1.5, -2.0, 3.25], [4, 5])
ints = tf.sparse.SparseTensor([[0, 0, 1], [1, 2, 0], [3, 1, 1]], tf.constant([7, -8, 9], tf.int64), [4, 3, 2])
words = tf.sparse.SparseTensor([[0, 1], [1, 3], [1, 4]], tf.constant(["a", "bc", "" * 3 + "long" * 40]), [3, 5])
flags = tf.sparse.SparseTensor([[1, 0]], [True], [2, 2])
empty = tf.sparse.SparseTensor(tf.zeros([0, 2], tf.int64), tf.zeros([0], tf.int32), [3, 2])
for label, sp in [("floats", floats), ("ints", ints), ("words", words), ("flags", flags), ("empty", empty)]:
    show_bytes(label + " serialize_sparse", tf.io.serialize_sparse(sp))
    many = tf.io.serialize_many_sparse(sp)
    show_bytes(label + " serialize_many_sparse", many)
    show_sparse(label + " deserialized", tf.io.deserialize_many_sparse(many, sp.values.dtype))
vector = tf.sparse.SparseTensor([[1], [3]], [1.0, 2.0], [5])
show_bytes("vector serialize_sparse", tf.io.serialize_sparse(vector))
print("static rank", tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(ints), tf.int64, rank=3).indices.shape[1])

show_error("rank 1", lambda: tf.io.serialize_many_sparse(vector))
show_error("unordered", lambda: tf.io.serialize_many_sparse(tf.sparse.SparseTensor([[2, 0], [0, 1]], [1.0, 2.0], [4, 5])))
show_error("repeated", lambda: tf.io.serialize_many_sparse(tf.sparse.SparseTensor([[2, 0], [2, 0]], [1.0, 2.0], [4, 5])))
show_error("out of bounds", lambda: tf.io.serialize_many_sparse(tf.sparse.SparseTensor([[5, 0]], [1.0], [4, 5])))
many = tf.io.serialize_many_sparse(floats)
show_error("wrong dtype", lambda: tf.io.deserialize_many_sparse(many, tf.int32))
show_error("no rows", lambda: tf.io.deserialize_many_sparse(many[:0], tf.float32))
show_error("not protos", lambda: tf.io.deserialize_many_sparse(tf.constant([["a", "b", "c"]]), tf.float32))
show_error("wrong rank", lambda: tf.io.deserialize_many_sparse(many, tf.float32, rank=3))


@tf.function
def traced(indices, values, shape):
    rows = tf.io.serialize_many_sparse(tf.sparse.SparseTensor(indices, values, shape))
    print("traced", rows.shape.as_list())
    return rows


show_bytes("traced", traced(floats.indices, floats.values, floats.dense_shape))

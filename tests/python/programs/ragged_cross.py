"""tf.ragged.cross and tf.ragged.cross_hashed: ragged, sparse and dense inputs crossed per row in the
inputs' order, string and int64 (and widened int32) features, empty rows, hashing with and without
buckets and hash keys, traced calls, and TensorFlow's error classes for bad inputs."""
from harness import show_error, tf

r = tf.ragged.constant([["a", "b"], [], ["c"]])
s = tf.sparse.from_dense(tf.constant([["x", ""], ["y", "z"], ["", "w"]]))
d = tf.constant([[1], [2], [3]], tf.int64)
d2 = tf.constant([["p", "q"], ["r", "s"], ["t", "u"]])
ri = tf.ragged.constant([[7, 8], [9], [10, 11, 12]], tf.int32)


def show(label, rt):
    print(label, rt.dtype.name, rt.row_splits.numpy().tolist(), rt.values.numpy().tolist())


show("ragged sparse dense", tf.ragged.cross([r, s, d]))
show("dense first", tf.ragged.cross([d, r]))
show("two dense", tf.ragged.cross([d2, d]))
show("sparse dense", tf.ragged.cross([s, d2]))
show("int32 ragged", tf.ragged.cross([ri, d2]))
show("single", tf.ragged.cross([ri]))
show("three ragged", tf.ragged.cross([r, ri, r]))
show("hashed", tf.ragged.cross_hashed([r, d]))
show("hashed buckets", tf.ragged.cross_hashed([r, d, s], num_buckets=10))
show("hashed key", tf.ragged.cross_hashed([r, d], hash_key=7))
show("hashed ints", tf.ragged.cross_hashed([ri, d], num_buckets=1000, hash_key=123))
show("empty list", tf.ragged.cross([]))


@tf.function
def traced(a, b):
    return tf.ragged.cross([a, b])


show("traced", traced(d2, d))

show_error("not a list", lambda: tf.ragged.cross("x"))
show_error("rank 1 dense", lambda: tf.ragged.cross([r, tf.constant([1, 2, 3])]))
show_error("batch mismatch", lambda: tf.ragged.cross([r, tf.ragged.constant([["a"]])]))
show_error("float input", lambda: tf.ragged.cross([r, tf.constant([[1.0], [2.0], [3.0]])]))
show_error("ragged rank 2", lambda: tf.ragged.cross([tf.ragged.constant([[["a"]], [["b"]], [["c"]]]), r]))

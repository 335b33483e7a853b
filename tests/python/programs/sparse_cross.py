"""tf.sparse.cross and tf.sparse.cross_hashed: sparse and dense, string and integer inputs, custom
separators, buckets and hash keys, empty rows; traced use; errors."""

from harness import show_error, tf


def show(label, sp):
    print(label, sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist(), sp.dtype)


words = tf.sparse.from_dense(tf.constant([["a", "b"], ["c", ""]]))
letters = tf.constant([["x"], ["y"]])
numbers = tf.sparse.from_dense(tf.constant([[1, 2], [3, 0]]))
show("cross", tf.sparse.cross([words, letters]))
show("cross dense first", tf.sparse.cross([letters, words]))
show("cross numbers", tf.sparse.cross([numbers, letters], separator="-"))
show("cross three", tf.sparse.cross([words, numbers, tf.constant([["p", "q"], ["r", "s"]])]))
show("cross empty row", tf.sparse.cross([tf.sparse.from_dense(tf.constant([["a"], [""]])), letters]))
show("hashed", tf.sparse.cross_hashed([words, letters], num_buckets=1000))
show("hashed numbers", tf.sparse.cross_hashed([tf.sparse.from_dense(tf.constant([[1, 2], [3, 0]], tf.int64)), letters]))
show("hashed key", tf.sparse.cross_hashed([tf.constant([["a", "b"]]), tf.constant([["x", "y"]])], num_buckets=100,
                                          hash_key=7))
show("hashed ints", tf.sparse.cross_hashed([tf.constant([[5, 6]]), tf.constant([[7]])], num_buckets=50))
show("traced", tf.function(lambda a, b: tf.sparse.cross([a, b]))(words, letters))
show_error("not a list", lambda: tf.sparse.cross(letters))
show_error("a Python list input", lambda: tf.sparse.cross([[["a"]], letters]))
show_error("batch sizes", lambda: tf.sparse.cross([words, tf.constant([["x"]])]))

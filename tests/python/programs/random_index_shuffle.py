"""tf.random_index_shuffle: TensorFlow's indices bit for bit for every index dtype and seed dtype,
scalars and vectors, per-element seeds, max indices from a few to 2**64 - 1 and several rounds; the
output's dtype and shape; a whole range maps onto itself; traced calls; TensorFlow's error classes
for bad dtypes and shapes."""
import numpy as np

from harness import show_error, tf


def show(label, t):
    print(label, t.dtype.name, t.shape, t.numpy().tolist())


show("python ints", tf.random_index_shuffle(5, [1, 2, 3], 100))
for dtype in (tf.int32, tf.int64, tf.uint32, tf.uint64):
    for seed_dtype in (tf.int32, tf.int64, tf.uint32, tf.uint64):
        show("%s seed %s" % (dtype.name, seed_dtype.name),
             tf.random_index_shuffle(tf.constant(list(range(10)), dtype),
                                     tf.constant([7, 1, 2024], seed_dtype), tf.constant(9, dtype)))
for rounds in (4, 6, 8, 12):
    show("rounds %d" % rounds, tf.random_index_shuffle(tf.constant([0, 1, 2, 50000, 65535], tf.int64),
                                                       tf.constant([3, 4, 5], tf.int64), tf.constant(70000, tf.int64),
                                                       rounds=rounds))
for max_index in (1, 2, 255, 65536, 2**20, 2**31 - 1, 2**40 + 3):
    show("max %d" % max_index, tf.random_index_shuffle(tf.constant([0, 1], tf.int64), tf.constant([9, 8, 7], tf.int64),
                                                       tf.constant(max_index, tf.int64)))
show("uint64 top", tf.random_index_shuffle(tf.constant([0, 2**63, 2**64 - 1], tf.uint64),
                                           tf.constant([2**64 - 1, 2**32, 5], tf.uint64),
                                           tf.constant(2**64 - 1, tf.uint64)))
show("negative seed", tf.random_index_shuffle(tf.constant(3), tf.constant([-1, -2, -3]), tf.constant(100)))
show("seed rows", tf.random_index_shuffle(tf.constant(3), tf.constant([[1, 2, 3], [4, 5, 6], [7, 8, 9]]),
                                          tf.constant([10, 20, 30])))
show("vector max", tf.random_index_shuffle(tf.constant(2), tf.constant([1, 2, 3]), tf.constant([5, 500])))
whole = tf.random_index_shuffle(tf.range(1000), tf.constant([42, 0, 1]), tf.constant(999)).numpy()
print("permutation", sorted(whole.tolist()) == list(range(1000)), whole[:8].tolist())
print("zero max", tf.random_index_shuffle(tf.constant(0), tf.constant([1, 2, 3]), tf.constant(0)).numpy())


@tf.function
def traced(i, seed, m):
    return tf.random_index_shuffle(i, seed, m, rounds=6)


show("traced", traced(tf.range(6), tf.constant([5, 6, 7]), tf.constant(5)))
show("numpy inputs", tf.random_index_shuffle(np.arange(4, dtype=np.int64), np.array([1, 2, 3]), np.int64(3)))

show_error("float index", lambda: tf.random_index_shuffle(5.0, [1, 2, 3], 100.0))
show_error("float seed", lambda: tf.random_index_shuffle(5, [1.0, 2.0, 3.0], 100))
show_error("mixed dtypes", lambda: tf.random_index_shuffle(tf.constant(5), [1, 2, 3], tf.constant(9, tf.int64)))
show_error("seed of 2", lambda: tf.random_index_shuffle(5, [1, 2], 100))
show_error("seed rows mismatch", lambda: tf.random_index_shuffle(tf.range(3), [[1, 2, 3], [4, 5, 6]], 10))
show_error("max mismatch", lambda: tf.random_index_shuffle(tf.range(3), [1, 2, 3], [5, 6]))
show_error("matrix index", lambda: tf.random_index_shuffle([[1, 2]], [1, 2, 3], 10))

"""tf.random.experimental.index_shuffle: the length-2 seed TensorFlow pads to the op's three words
(TensorFlow's fixed first word), for each index and seed dtype, scalars and vectors, Python and NumPy
inputs, a whole range mapped onto itself, a dataset map and a traced call; TensorFlow's error
classes for a seed of the wrong length, a batch of seeds (whose padding TensorFlow puts on the
rows), float inputs and mismatched dtypes."""
import numpy as np

from harness import show_error, tf


def show(label, t):
    print(label, t.dtype.name, t.shape, t.numpy().tolist())


shuffle = tf.random.experimental.index_shuffle
show("scalar", shuffle(3, [1, 2], 10))
show("docstring", shuffle(tf.range(4), [5, 9], 3))
for dtype in (tf.int32, tf.int64, tf.uint32, tf.uint64):
    for seed_dtype in (tf.int32, tf.int64, tf.uint32, tf.uint64):
        show("%s seed %s" % (dtype.name, seed_dtype.name),
             shuffle(tf.constant(list(range(6)), dtype), tf.constant([7, 2024], seed_dtype), tf.constant(9, dtype)))
show("vector max", shuffle(tf.constant([1, 2]), [4, 5], tf.constant([5, 500])))
show("numpy", shuffle(np.arange(4, dtype=np.int64), np.array([1, 2]), np.int64(3)))
whole = shuffle(tf.range(500), [42, 0], 499).numpy()
print("permutation", sorted(whole.tolist()) == list(range(500)), whole[:8].tolist())
dataset = tf.data.Dataset.range(10).map(lambda i: shuffle(i, [5, 8], 9))
print("dataset", [int(a) for a in dataset.as_numpy_iterator()])


@tf.function
def traced(i, seed):
    return shuffle(i, seed, 7)


show("traced", traced(tf.range(8), tf.constant([3, 4])))

show_error("seed of 3", lambda: shuffle(1, [1, 2, 3], 10))
show_error("seed of 1", lambda: shuffle(1, [1], 10))
show_error("seed rows", lambda: shuffle(tf.range(2), [[1, 2], [3, 4]], 10))
show_error("float index", lambda: shuffle(1.0, [1, 2], 10.0))
show_error("float seed", lambda: shuffle(1, [1.0, 2.0], 10))
show_error("mixed dtypes", lambda: shuffle(tf.constant(1), [1, 2], tf.constant(9, tf.int64)))

"""A dataset's functions are made anew for each iterator, as TensorFlow makes them: a seeded
random op in a map or filter function draws the same numbers in every epoch and in iterators
side by side, while the passes inside one iterator (repeat, interleave's inner datasets) go on
with one stream, and a dataset iterated inside a tf.function starts again at every call."""
from harness import rounded, tf


def show(label, ds):
    print(label, [rounded(v, 5) for v in ds])


ds = tf.data.Dataset.range(3).map(lambda x: tf.random.uniform([], seed=1))
show("epoch 1", ds)
show("epoch 2", ds)
show("repeat", ds.repeat(2))
first, second = iter(ds), iter(ds)
print("side by side", rounded(next(first), 5), rounded(next(second), 5), rounded(next(first), 5))

tf.random.set_seed(5)
global_seeded = tf.data.Dataset.range(3).map(lambda x: tf.random.uniform([]))
show("global seed", global_seeded)
show("global seed again", global_seeded)


@tf.function
def draw():
    return tf.random.normal([], seed=3)


calls_function = tf.data.Dataset.range(3).map(lambda x: draw())
show("tf.function inside", calls_function)
show("tf.function inside again", calls_function)

kept = tf.data.Dataset.range(6).filter(lambda x: tf.random.uniform([], seed=2) > 0.5)
print("filter", list(kept.as_numpy_iterator()), list(kept.as_numpy_iterator()))


@tf.function
def total(d):
    s = tf.constant(0.0)
    for v in d:
        s += v
    return s


print("in tf.function", rounded(total(ds), 5), rounded(total(ds), 5))

inner = tf.data.Dataset.range(2).interleave(
    lambda x: tf.data.Dataset.range(2).map(lambda y: tf.random.uniform([], seed=4)), cycle_length=1)
show("interleave", inner)
show("interleave again", inner)

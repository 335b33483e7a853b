"""tf.data from Python, following TensorFlow's guide "tf.data: Build TensorFlow input pipelines":
sources (slices, tensors, range, Python generators), map and filter traced once, batch,
shuffle, repeat, take, skip, prefetch, cache, zip, concatenate, reduce, element_spec,
cardinality, iteration, as_numpy_iterator, the printed datasets and the errors."""
import time

import numpy as np

from harness import show_error, tf

# ---- sources and their element_spec ----
dataset = tf.data.Dataset.from_tensor_slices([8, 3, 0, 8, 2, 1])
print(dataset)
print(dataset.element_spec)
for elem in dataset:
    print(elem.numpy())
it = iter(dataset)
print(next(it).numpy())
print(dataset.reduce(0, lambda state, value: state + value).numpy())

print(tf.data.Dataset.from_tensors([[1, 2], [3, 4]]))
print(tf.data.Dataset.range(5))
print(list(tf.data.Dataset.range(2, 11, 3).as_numpy_iterator()))
print(list(tf.data.Dataset.range(5, 0, -2).as_numpy_iterator()))

features = np.arange(12, dtype=np.float32).reshape(4, 3)
labels = np.array([0, 1, 1, 0])
slices = tf.data.Dataset.from_tensor_slices((features, labels))
print(slices)
for x, y in slices.take(2):
    print(x, y)
named = tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": ["x", "y"]})
print(named.element_spec)
print(list(named.as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices(["a", "b"]).as_numpy_iterator()))

dataset1 = tf.data.Dataset.from_tensor_slices(tf.ones([4, 10]))
dataset2 = tf.data.Dataset.from_tensor_slices((tf.ones([4]), tf.zeros([4, 100], dtype=tf.int32)))
dataset3 = tf.data.Dataset.zip((dataset1, dataset2))
print(dataset3.element_spec)
for a, (b, c) in dataset3.take(1):
    print("shapes: {a.shape}, {b.shape}, {c.shape}".format(a=a, b=b, c=c))
print(tf.data.Dataset.zip({"i": tf.data.Dataset.range(2), "j": tf.data.Dataset.range(3)}))
print(list(tf.data.Dataset.zip(tf.data.Dataset.range(2), tf.data.Dataset.range(10, 13)).as_numpy_iterator()))


# ---- Python generators ----
def count(stop):
    i = 0
    while i < stop:
        yield i
        i += 1


ds_counter = tf.data.Dataset.from_generator(count, args=[25], output_types=tf.int32, output_shapes=())
print(ds_counter)
for count_batch in ds_counter.repeat().batch(10).take(5):
    print(count_batch.numpy())


def gen_series():
    i = 0
    while True:
        size = (i * 7) % 5
        yield i, [float(j) for j in range(size)]
        i += 1


ds_series = tf.data.Dataset.from_generator(gen_series, output_signature=(
    tf.TensorSpec(shape=(), dtype=tf.int32), tf.TensorSpec(shape=(None,), dtype=tf.float32)))
print(ds_series)
for i, series in ds_series.take(4):
    print(i.numpy(), series.numpy())
print(list(tf.data.Dataset.from_generator(lambda: iter([1.5, 2.7]), output_signature=tf.TensorSpec(
    (), tf.int32)).as_numpy_iterator()))
print(list(tf.data.Dataset.from_generator(lambda: iter([{"s": "a", "n": [1, 2]}]), output_signature={
    "s": tf.TensorSpec((), tf.string), "n": tf.TensorSpec((2,), tf.int64)}).as_numpy_iterator()))


def slow_squares():
    for i in range(12):
        time.sleep(0.001)
        yield i * i


# The generator's steps run on the prefetch thread and the map's workers without Python; the
# GIL is taken for each step alone.
parallel = (tf.data.Dataset.from_generator(slow_squares, output_signature=tf.TensorSpec((), tf.int64))
            .map(lambda x: x + 1, num_parallel_calls=tf.data.AUTOTUNE).prefetch(tf.data.AUTOTUNE))
print(parallel)
print(list(parallel.as_numpy_iterator()))
for x in parallel:  # leaving early stops the background threads
    if x > 10:
        break
print("stopped at", x.numpy())


def failing():
    yield 1
    raise ValueError("the generator failed")


show_error("generator raising", lambda: list(tf.data.Dataset.from_generator(
    failing, output_signature=tf.TensorSpec((), tf.int32))))
show_error("generator of the wrong shape", lambda: list(tf.data.Dataset.from_generator(
    lambda: iter([[1, 2, 3]]), output_signature=tf.TensorSpec((2,), tf.int32))))
show_error("generator without a signature", lambda: tf.data.Dataset.from_generator(count))


# ---- map and filter: traced once, when the transformation is created ----
def scale(x, y):
    print("tracing scale with", x, y)
    return x / 4.0, [y, y]


scaled = slices.map(scale)
print(scaled)
print(list(scaled.as_numpy_iterator())[1])
print(list(scaled.as_numpy_iterator())[3])


def halve_if_even(x):
    if x % 2 == 0:  # AutoGraph turns this into tf.cond
        x = x // 2
    else:
        x = 3 * x + 1
    return x


print(list(tf.data.Dataset.range(1, 8).map(halve_if_even).as_numpy_iterator()))
print(tf.data.Dataset.range(3).map(lambda x: {"v": x, "w": 1.0}).element_spec)
print(tf.data.Dataset.range(3).map(lambda x: (x, x * x), num_parallel_calls=tf.data.AUTOTUNE,
                                   deterministic=True).element_spec)
print(tf.data.Dataset.range(5).batch(2).map(tf.reduce_sum).element_spec)
evens = tf.data.Dataset.range(10).filter(lambda x: x % 2 == 0)
print(evens)
print(list(evens.as_numpy_iterator()))
print(list(named.filter(lambda e: e["a"] > 1).as_numpy_iterator()))
show_error("map with too many parameters", lambda: tf.data.Dataset.range(3).map(lambda x, y: x))
show_error("filter returning int64", lambda: tf.data.Dataset.range(3).filter(lambda x: x))

# ---- batch, shuffle, repeat, take, skip, prefetch, cache, concatenate ----
inc_dataset = tf.data.Dataset.range(100)
dec_dataset = tf.data.Dataset.range(0, -100, -1)
batched = tf.data.Dataset.zip((inc_dataset, dec_dataset)).batch(4)
print(batched)
for batch in batched.take(2):
    print([arr.numpy() for arr in batch])
print(inc_dataset.batch(7, drop_remainder=True))
print(inc_dataset.batch(7, drop_remainder=True).cardinality().numpy(), inc_dataset.batch(7).cardinality().numpy())
print([b.tolist() for b in tf.data.Dataset.range(7).batch(3).as_numpy_iterator()])

shuffled = tf.data.Dataset.range(20).shuffle(10, seed=42)
print(shuffled)
first = list(shuffled.as_numpy_iterator())
print(sorted(first) == list(range(20)), first != list(range(20)))
print(first == list(tf.data.Dataset.range(20).shuffle(10, seed=42).as_numpy_iterator()))
fixed = tf.data.Dataset.range(20).shuffle(20, seed=7, reshuffle_each_iteration=False)
print(list(fixed.as_numpy_iterator()) == list(fixed.as_numpy_iterator()))
print(list(tf.data.Dataset.range(5).shuffle(1).as_numpy_iterator()))

print(tf.data.Dataset.range(3).repeat(2))
print(list(tf.data.Dataset.range(3).repeat(2).as_numpy_iterator()))
print(list(tf.data.Dataset.range(10).skip(7).as_numpy_iterator()), list(tf.data.Dataset.range(10).take(2)
                                                                          .as_numpy_iterator()))
print(tf.data.Dataset.range(3).prefetch(2), tf.data.Dataset.range(3).cache())
print(tf.data.Dataset.range(3).concatenate(tf.data.Dataset.range(10, 12)))
print(list(tf.data.Dataset.range(3).concatenate(tf.data.Dataset.range(10, 12)).as_numpy_iterator()))
print(tf.data.Dataset.from_tensor_slices([[1], [2]]).concatenate(tf.data.Dataset.from_tensors([3, 4])).element_spec)
show_error("concatenate of other dtypes", lambda: tf.data.Dataset.range(3).concatenate(
    tf.data.Dataset.from_tensor_slices([1.0])))
show_error("slices of different lengths", lambda: tf.data.Dataset.from_tensor_slices(([1, 2], [1, 2, 3])))

calls = []


def counted():
    calls.append(1)
    yield from range(3)


cached = tf.data.Dataset.from_generator(counted, output_signature=tf.TensorSpec((), tf.int64)).cache()
print(list(cached.as_numpy_iterator()), list(cached.as_numpy_iterator()), "generator passes:", len(calls))

# ---- reduce, cardinality, len ----
print(tf.data.Dataset.range(10).reduce(np.int64(0), lambda s, x: s + x))
print(slices.reduce((0.0, np.int64(0)), lambda s, e: (s[0] + tf.reduce_sum(e[0]), s[1] + e[1])))
print(tf.data.Dataset.range(4).reduce(tf.zeros([0], tf.int64), lambda s, x: tf.concat([s, [x]], 0)))
print(dataset.cardinality(), dataset.repeat().cardinality(), dataset.filter(lambda x: x > 1).cardinality())
print(tf.data.AUTOTUNE, tf.data.INFINITE_CARDINALITY, tf.data.UNKNOWN_CARDINALITY)
print(len(dataset), len(dataset.batch(4)))
show_error("len of an endless dataset", lambda: len(dataset.repeat()))
show_error("len of a filtered dataset", lambda: len(dataset.filter(lambda x: x > 1)))
end = iter(tf.data.Dataset.range(1))
print(next(end).numpy())
show_error("next past the end", lambda: next(end))
print(isinstance(dataset, tf.data.Dataset))

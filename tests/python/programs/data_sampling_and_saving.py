"""tf.data's sampling, error-dropping, rebatching and saving: Dataset.random (TensorFlow's numbers
for a seed), sample_from_datasets (deterministic for one nonzero weight, TensorFlow's choices and
statistics for a seed, weights as a tensor or a dataset, stop_on_empty_dataset), ignore_errors
over tf.debugging.check_numerics (and tf.data.experimental.ignore_errors), rebatch and its static
batch dimension, and Dataset.save / Dataset.load round trips (compression, shard_func,
reader_func, element_spec)."""
import collections
import os
import tempfile

from harness import show_error, tf


def values(ds):
    return [v.tolist() if hasattr(v, "tolist") else v for v in ds.as_numpy_iterator()]


# ---- Dataset.random
r = tf.data.Dataset.random(seed=4)
print(r.element_spec, type(r).__name__)
print("random:", values(r.take(6)))
print("same again:", values(r.take(6)) == values(tf.data.Dataset.random(seed=4).take(6)))
print("two passes alike:", values(r.take(3).repeat(2)))

# ---- sample_from_datasets
a, b = tf.data.Dataset.range(0, 5), tf.data.Dataset.range(100, 105)
print("weights [1, 0]:", values(tf.data.Dataset.sample_from_datasets([a, b], weights=[1.0, 0.0])))
print("weights [0, 1]:", values(tf.data.Dataset.sample_from_datasets([a, b], weights=[0.0, 1.0])))
print("weights [0, 0]:", values(tf.data.Dataset.sample_from_datasets([a, b], weights=[0.0, 0.0])))
ones = [tf.data.Dataset.from_tensors(tf.constant(i, tf.int64)).repeat() for i in range(3)]
sample = tf.data.Dataset.sample_from_datasets(ones, weights=[0.2, 0.3, 0.5], seed=7)
print(sample.element_spec)
draws = values(sample.take(3000))
print("first draws:", draws[:24])
print("counts:", sorted(collections.Counter(draws).items()))
print("fractions within 0.03:", [abs(draws.count(i) / 3000 - w) < 0.03 for i, w in enumerate([0.2, 0.3, 0.5])])
print("uniform:", values(tf.data.Dataset.sample_from_datasets(ones, seed=3).take(20)))
print("tensor weights:", values(tf.data.Dataset.sample_from_datasets(
    ones, weights=tf.constant([0.5, 0.0, 0.5], tf.float64), seed=5).take(20)))
weight_rows = tf.data.Dataset.from_tensor_slices([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]).repeat()
print("dataset weights:", values(tf.data.Dataset.sample_from_datasets(ones, weights=weight_rows, seed=1).take(8)))
short = [tf.data.Dataset.range(0, 3), tf.data.Dataset.range(100, 120)]
skipping = values(tf.data.Dataset.sample_from_datasets(short, seed=9))
stopping = values(tf.data.Dataset.sample_from_datasets(short, seed=9, stop_on_empty_dataset=True))
print("skipping empty:", len(skipping), skipping)
print("stopping at empty:", len(stopping), stopping)
print("experimental:", values(tf.data.experimental.sample_from_datasets(short, [0.5, 0.5], seed=2).take(10)))
show_error("weights of another length", lambda: tf.data.Dataset.sample_from_datasets([a, b], weights=[1.0]))
show_error("no datasets", lambda: tf.data.Dataset.sample_from_datasets([]))
show_error("int weights", lambda: tf.data.Dataset.sample_from_datasets([a, b], weights=tf.constant([1, 2])))


@tf.function
def sampled_sum():
    ds = tf.data.Dataset.sample_from_datasets([a, b], weights=[0.5, 0.5], seed=11)
    return ds.reduce(tf.constant(0, tf.int64), lambda s, x: s + x)


print("inside tf.function:", sampled_sum().numpy(), sampled_sum().numpy())

# ---- ignore_errors
numbers = tf.data.Dataset.from_tensor_slices([1., 2., 0., 4.])
inverses = numbers.map(lambda x: tf.debugging.check_numerics(1. / x, "error"))
show_error("without ignore_errors", lambda: values(inverses))
print("ignore_errors:", values(inverses.ignore_errors()))
print(type(inverses.ignore_errors()).__name__, inverses.ignore_errors().element_spec)
print("experimental.ignore_errors:", values(inverses.apply(tf.data.experimental.ignore_errors())))
parallel = tf.data.Dataset.range(40).map(
    lambda x: tf.debugging.check_numerics(1. / tf.cast(x % 5, tf.float32), "error"), num_parallel_calls=2)
print("parallel map:", len(values(parallel.ignore_errors())))



@tf.function
def kept_sum(ds):
    inverted = ds.map(lambda x: tf.debugging.check_numerics(1. / x, "error"))
    return inverted.ignore_errors().reduce(tf.constant(0.), lambda s, x: s + x)


@tf.function
def random_sum():
    return tf.data.Dataset.random(seed=4).take(3).reduce(tf.constant(0, tf.int64), lambda s, x: s + x)


print("ignore_errors inside tf.function:", kept_sum(numbers).numpy(), kept_sum(numbers.take(2)).numpy())
print("random inside tf.function:", random_sum().numpy(), random_sum().numpy())

# ---- rebatch
batches = tf.data.Dataset.range(10).batch(4)
print("rebatch 3:", values(batches.rebatch(3)))
print("rebatch 3 drop:", values(batches.rebatch(3, drop_remainder=True)))
print(batches.rebatch(3).element_spec, batches.rebatch(3, drop_remainder=True).element_spec)
print(tf.data.Dataset.range(8).batch(4, drop_remainder=True).rebatch(2).element_spec)
print(tf.data.Dataset.range(8).batch(4, drop_remainder=True).rebatch(3).element_spec)
print(type(batches.rebatch(3)).__name__)
show_error("rebatch of scalars", lambda: tf.data.Dataset.range(3).rebatch(2))

# ---- save / load
root = tempfile.mkdtemp()
pairs = tf.data.Dataset.range(6).map(lambda x: (x, tf.cast(x, tf.float32) / 4))
pairs.save(os.path.join(root, "pairs"))
loaded = tf.data.Dataset.load(os.path.join(root, "pairs"))
print(type(loaded).__name__, loaded.element_spec)
print("pairs:", values(loaded))
print("files:", sorted(n if not n.isdigit() else "RUN_ID" for n in os.listdir(os.path.join(root, "pairs"))))

records = tf.data.Dataset.range(9).map(lambda x: {"id": x, "name": tf.strings.as_string(x * 11),
                                                  "vec": tf.fill([2], tf.cast(x, tf.float64))})
records.save(os.path.join(root, "records"), compression="GZIP", shard_func=lambda e: e["id"] % 2)
loaded = tf.data.Dataset.load(os.path.join(root, "records"), compression="GZIP")
# The order of a loaded dict's keys is the proto map's, arbitrary: shown sorted.
print(sorted(loaded.element_spec.items()))
print("records:", [sorted((k, getattr(v, "tolist", lambda: v)()) for k, v in r.items()) for r in values(loaded)])
concatenated = tf.data.Dataset.load(os.path.join(root, "records"), compression="GZIP",
                                    reader_func=lambda shards: shards.flat_map(lambda shard: shard))
print("reader_func:", [int(r["id"]) for r in values(concatenated)])
print("with element_spec:", values(tf.data.Dataset.load(os.path.join(root, "pairs"), element_spec=pairs.element_spec)))

ragged_rows = tf.data.Dataset.range(7).batch(3)
ragged_rows.save(os.path.join(root, "rows"))
print(tf.data.Dataset.load(os.path.join(root, "rows")).element_spec)
print("rows:", values(tf.data.Dataset.load(os.path.join(root, "rows"))))
show_error("load of a missing path", lambda: tf.data.Dataset.load(os.path.join(root, "missing")))

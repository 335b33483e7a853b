"""tf.data.experimental's transformations and helpers: the older names of Dataset methods used with
Dataset.apply, assert_cardinality (cardinality, and the errors of too few or too many elements),
group_by_reducer with a Reducer, pad_to_cardinality, at, Counter, from_list, get_structure,
TFRecordWriter, parse_example_dataset, make_batched_features_dataset and the lookup tables read
from a dataset, with their errors."""
import os
import tempfile

from harness import tf

exp = tf.data.experimental


def show(label, fn):
    try:
        value = fn()
        if isinstance(value, tf.data.Dataset):
            value = [repr(e) for e in value]
        print(label, value if isinstance(value, list) else repr(value))
    except Exception as e:  # noqa: BLE001 - the class and message are what both must agree on
        print(label, "raised", type(e).__name__, str(e).split(" [Op:")[0].split("}} ")[-1])


numbers = tf.data.Dataset.range(8)
show("scan", lambda: numbers.apply(exp.scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s * 10))))
show("group_by_window", lambda: numbers.apply(exp.group_by_window(lambda x: x % 2, lambda k, w: w.batch(3), 3)))
show("bucket_by_sequence_length", lambda: tf.data.Dataset.from_generator(
    lambda: ([1] * n for n in [1, 3, 2, 5, 4]), output_signature=tf.TensorSpec([None], tf.int32)).apply(
        exp.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3], [2, 2])))
show("take_while", lambda: numbers.apply(exp.take_while(lambda x: x < 3)))
show("unbatch", lambda: numbers.batch(3).apply(exp.unbatch()))
show("unique", lambda: tf.data.Dataset.from_tensor_slices([3, 1, 3, 2, 1]).apply(exp.unique()))
show("enumerate_dataset", lambda: tf.data.Dataset.from_tensor_slices(["a", "b"]).apply(exp.enumerate_dataset(5)))
show("shuffle_and_repeat", lambda: numbers.take(3).apply(exp.shuffle_and_repeat(1, count=2)))
show("parallel_interleave", lambda: tf.data.Dataset.range(3).apply(
    exp.parallel_interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(2), cycle_length=2)))
show("map_and_batch", lambda: numbers.apply(exp.map_and_batch(lambda x: x * x, 3, drop_remainder=True)))
show("map_and_batch both", lambda: numbers.apply(exp.map_and_batch(lambda x: x, 3, 1, num_parallel_calls=2)))

filtered = numbers.filter(lambda x: x < 3)
show("cardinality of a filter", lambda: int(filtered.cardinality()))
show("assert_cardinality", lambda: int(filtered.apply(exp.assert_cardinality(3)).cardinality()))
show("assert_cardinality elements", lambda: filtered.apply(exp.assert_cardinality(3)))
show("assert_cardinality too many", lambda: filtered.apply(exp.assert_cardinality(2)))
show("assert_cardinality too few", lambda: filtered.apply(exp.assert_cardinality(4)))
show("assert_cardinality one", lambda: filtered.apply(exp.assert_cardinality(1)))
show("assert_cardinality infinite", lambda: int(numbers.repeat().apply(exp.assert_cardinality(exp.INFINITE_CARDINALITY)).cardinality()))


@tf.function
def total_of_three():
    return filtered.apply(exp.assert_cardinality(3)).reduce(tf.constant(0, tf.int64), lambda s, x: s + x)


show("assert_cardinality in a function", total_of_three)

summing = exp.Reducer(lambda key: tf.constant(0, tf.int64), lambda state, x: state + x, lambda state: state)
show("group_by_reducer", lambda: tf.data.Dataset.from_tensor_slices(tf.constant([5, 3, 4, 8, 6, 7], tf.int64)).apply(
    exp.group_by_reducer(lambda x: x % 3, summing)))
pairs = exp.Reducer(lambda key: (key, tf.constant(0.0)), lambda s, x: (s[0], s[1] + tf.cast(x, tf.float32)),
                    lambda key, total: {"key": key, "total": total})
show("group_by_reducer tuple state", lambda: tf.data.Dataset.range(6).apply(exp.group_by_reducer(lambda x: x % 2, pairs)))

records = tf.data.Dataset.range(3).map(lambda x: {"x": x, "y": tf.cast(x, tf.float32) * 2})
show("pad_to_cardinality", lambda: records.apply(exp.pad_to_cardinality(5)))
show("pad_to_cardinality spec", lambda: records.apply(exp.pad_to_cardinality(5, mask_key="mask")).element_spec)
show("pad_to_cardinality smaller", lambda: records.apply(exp.pad_to_cardinality(2)))
show("pad_to_cardinality unknown", lambda: records.filter(lambda r: True).apply(exp.pad_to_cardinality(4)))
show("pad_to_cardinality infinite", lambda: records.repeat().apply(exp.pad_to_cardinality(4)))

show("at", lambda: exp.at(numbers.map(lambda x: x * 2), 4))
show("at past the end", lambda: exp.at(numbers, 30))
show("at negative", lambda: exp.at(numbers, -1))
show("Counter", lambda: exp.Counter(3, 2).take(3))
show("Counter float", lambda: exp.Counter(0.5, 1.5, tf.float32).take(2))
show("from_list", lambda: exp.from_list([(1, "a"), (2, "b")]))
show("from_list spec", lambda: exp.from_list([(1, "a"), (2, "b")]).element_spec)
show("from_list ragged spec", lambda: exp.from_list([[1, 2], [3]]).element_spec)
show("from_list empty", lambda: exp.from_list([]))
show("get_structure", lambda: exp.get_structure(records))
show("get_structure of an iterator", lambda: exp.get_structure(iter(numbers)))
show("SHARD_HINT", lambda: exp.SHARD_HINT)
show("RandomDataset", lambda: exp.RandomDataset(seed=1).element_spec)


def example(x, label):
    return tf.train.Example(features=tf.train.Features(feature={
        "x": tf.train.Feature(float_list=tf.train.FloatList(value=[x, x + 1])),
        "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[label]))})).SerializeToString()


folder = tempfile.mkdtemp()
path = os.path.join(folder, "examples.tfrecord")
serialized = tf.data.Dataset.from_tensor_slices([example(float(i), i % 2) for i in range(5)])
show("TFRecordWriter", lambda: exp.TFRecordWriter(path).write(serialized))
show("read back", lambda: tf.data.TFRecordDataset(path).map(lambda r: tf.strings.length(r)))
show("TFRecordWriter of ints", lambda: exp.TFRecordWriter(path + ".bad").write(numbers))
features = {"x": tf.io.FixedLenFeature([2], tf.float32), "label": tf.io.FixedLenFeature([], tf.int64)}
show("parse_example_dataset", lambda: tf.data.TFRecordDataset(path).batch(2).apply(exp.parse_example_dataset(features)))
show("make_batched_features_dataset", lambda: exp.make_batched_features_dataset(
    path, 2, features, label_key="label", num_epochs=1, shuffle=False))
show("make_batched_features_dataset bad label", lambda: exp.make_batched_features_dataset(
    path, 2, features, label_key="y", num_epochs=1, shuffle=False))

words = tf.data.Dataset.from_tensor_slices(["cat", "dog", "bird"])
index = exp.index_table_from_dataset(words)
show("index_table_from_dataset", lambda: index.lookup(tf.constant(["dog", "fish", "cat"])))
with_oov = exp.index_table_from_dataset(words, num_oov_buckets=2)
show("index table with oov buckets", lambda: with_oov.lookup(tf.constant(["bird", "fish", "cow"])))
show("index table with a vocab_size", lambda: exp.index_table_from_dataset(words, vocab_size=2).lookup(
    tf.constant(["dog", "bird"])))
table = exp.table_from_dataset(tf.data.Dataset.from_tensor_slices((["a", "b"], [10, 20])), default_value=-5)
show("table_from_dataset", lambda: table.lookup(tf.constant(["b", "z", "a"])))
show("table_from_dataset negative oov", lambda: exp.index_table_from_dataset(words, num_oov_buckets=-1))

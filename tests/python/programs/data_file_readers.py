"""tf.data's file readers and options from Python: FixedLengthRecordDataset (headers, footers,
compression, uneven bodies), TextLineDataset (line ends, several files, num_parallel_reads,
file names as a dataset, inside interleave and tf.function), TFRecordDataset likewise,
Dataset.list_files, experimental.CsvDataset and make_csv_dataset, and tf.data.Options with
with_options / options() and their merge rule."""
import gzip
import os
import tempfile

from harness import show_error, tf

root = tempfile.mkdtemp()


def path(name):
    return os.path.join(root, name)


def relative(names):
    return [os.path.relpath(n.decode(), root) for n in names]


def write(name, data):
    with open(path(name), "wb") as f:
        f.write(data)
    return path(name)


# ---- FixedLengthRecordDataset ----
plain = write("records.bin", b"HH" + b"abcdef" + b"F")
with gzip.open(path("uneven.gz"), "wb") as f:
    f.write(b"HHabcdefgF")
records = tf.data.FixedLengthRecordDataset([plain], 3, header_bytes=2, footer_bytes=1)
print(records)
print(records.element_spec, records.cardinality().numpy())
print(list(records.as_numpy_iterator()))
print(list(tf.data.FixedLengthRecordDataset(plain, 9).as_numpy_iterator()))
print(list(tf.data.FixedLengthRecordDataset([plain, plain], 3, num_parallel_reads=2).as_numpy_iterator()))
it = iter(tf.data.FixedLengthRecordDataset([path("uneven.gz")], 3, 2, 1, compression_type="GZIP"))
print(next(it).numpy(), next(it).numpy())
show_error("compressed body of 7 bytes in records of 3", lambda: next(it))
show_error("body of 9 bytes in records of 4", lambda: list(tf.data.FixedLengthRecordDataset(plain, 4)))
show_error("record_bytes 0", lambda: list(tf.data.FixedLengthRecordDataset(plain, 0)))
show_error("a missing file", lambda: list(tf.data.FixedLengthRecordDataset(path("missing.bin"), 2)))
show_error("an unknown compression", lambda: list(tf.data.FixedLengthRecordDataset(plain, 3, compression_type="BAD")))

# ---- TextLineDataset ----
first = write("first.txt", b"one\ntwo\r\nthree")
second = write("second.txt", b"uno\ndos\n")
lines = tf.data.TextLineDataset([first, second])
print(lines)
print(list(lines.as_numpy_iterator()))
print(list(tf.data.TextLineDataset([first, second], num_parallel_reads=2).as_numpy_iterator()))
with gzip.open(path("lines.gz"), "wb") as f:
    f.write(b"zipped\nlines\n")
print(list(tf.data.TextLineDataset(path("lines.gz"), compression_type="GZIP").as_numpy_iterator()))
files = tf.data.Dataset.from_tensor_slices([first, second])
print(list(files.interleave(tf.data.TextLineDataset, cycle_length=2).as_numpy_iterator()))
print(list(tf.data.TextLineDataset(files).as_numpy_iterator()))
print(list(files.flat_map(lambda name: tf.data.TextLineDataset(name).skip(1)).as_numpy_iterator()))
show_error("int file names", lambda: tf.data.TextLineDataset([1, 2]))
show_error("a dataset of ints as file names", lambda: tf.data.TextLineDataset(tf.data.Dataset.range(2)))


@tf.function
def count_lines(names):
    return tf.data.TextLineDataset(names).reduce(tf.constant(0, tf.int64), lambda count, _: count + 1)


print(count_lines(tf.constant([first, second])).numpy(), count_lines(tf.constant([second])).numpy())

# ---- TFRecordDataset ----
with tf.io.TFRecordWriter(path("a.tfrecord")) as writer:
    for record in [b"r0", b"r1", b"r2"]:
        writer.write(record)
with tf.io.TFRecordWriter(path("b.tfrecord")) as writer:
    writer.write(b"s0")
tfrecords = tf.data.TFRecordDataset([path("a.tfrecord"), path("b.tfrecord")], num_parallel_reads=2)
print(tfrecords)
print(list(tfrecords.as_numpy_iterator()))
record_files = tf.data.Dataset.from_tensor_slices([path("a.tfrecord"), path("b.tfrecord")])
print(list(record_files.interleave(tf.data.TFRecordDataset, cycle_length=2, block_length=2).as_numpy_iterator()))

# ---- list_files ----
print(tf.data.Dataset.list_files(path("*.txt"), shuffle=False))
print(relative(tf.data.Dataset.list_files(path("*.txt"), shuffle=False).as_numpy_iterator()))
print(sorted(relative(tf.data.Dataset.list_files([path("*.txt"), path("*.tfrecord")]).as_numpy_iterator())))
print(tf.data.Dataset.list_files(path("*.txt"), seed=1).element_spec)
show_error("a pattern matching nothing", lambda: tf.data.Dataset.list_files(path("*.none")))

# ---- CSV ----
table = write("table.csv", b'a,b,c\n1,2.5,x\n,3,"y,z"\n4,,w\n')
csv = tf.data.experimental.CsvDataset(table, [tf.constant(0), 0.0, tf.string], header=True)
print(csv)
print(list(csv.as_numpy_iterator()))
print(list(tf.data.experimental.CsvDataset(table, [0, ""], header=True, exclude_cols=[1]).as_numpy_iterator()))
print(list(tf.data.experimental.CsvDataset(table, [0, 1.5], header=True, select_cols=[0, 1]).as_numpy_iterator()))
show_error("a required column missing", lambda: list(tf.data.experimental.CsvDataset(table, [tf.int32, 0.0, ""],
                                                                                        header=True)))
show_error("two defaults for a field", lambda: tf.data.experimental.CsvDataset(table, [0, [1, 2]], header=True))
show_error("select_cols and exclude_cols", lambda: tf.data.experimental.CsvDataset(table, [0, 0], select_cols=[0, 1],
                                                                                   exclude_cols=[2]))
batches = tf.data.experimental.make_csv_dataset(table, 2, shuffle=False, num_epochs=1)
print(batches)
for batch in batches:
    print(batch)
labelled = tf.data.experimental.make_csv_dataset(table, 2, label_name="c", shuffle=False, num_epochs=1,
                                                 column_defaults=[0, 0.0, ""])
print(labelled)
for features, label in labelled:
    print(features, label)

# ---- Options ----
options = tf.data.Options()
print(options.deterministic, options.threading.private_threadpool_size, options.autotune.enabled,
      options.experimental_optimization.map_parallelization, options.experimental_distribute.auto_shard_policy)
print(sorted(n for n in dir(options) if not n.startswith("_")))
options.deterministic = False
options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
with_options = tf.data.Dataset.range(3).with_options(options)
print(with_options, with_options.options().deterministic, with_options.options().experimental_distribute.auto_shard_policy)
threads = tf.data.Options()
threads.threading.private_threadpool_size = 4
mapped = with_options.map(lambda x: x * 2).with_options(threads)
print(mapped.options().deterministic, mapped.options().threading.private_threadpool_size)
print(list(mapped.as_numpy_iterator()))
print(mapped.options() == mapped.options(), options == threads, options != threads, tf.data.Options() == tf.data.Options())
zipped = tf.data.Dataset.zip((with_options, tf.data.Dataset.range(3).with_options(threads)))
print(zipped.options().deterministic, zipped.options().threading.private_threadpool_size)
print(with_options.batch(2).prefetch(1).options().deterministic, tf.data.Dataset.range(2).options().deterministic)
strict = tf.data.Options()
strict.deterministic = True
print(with_options.with_options(strict).options().deterministic)
merged = options.merge(threads)
print(merged.deterministic, merged.threading.private_threadpool_size)
options.experimental_deterministic = True
print(options.deterministic, options.experimental_deterministic)
print(int(tf.data.experimental.AutoShardPolicy.DATA), tf.data.experimental.ExternalStatePolicy.FAIL)
show_error("a mistyped option", lambda: setattr(options, "deterministic", 3))
show_error("an unknown option", lambda: setattr(options, "foo", 3))
show_error("changing options() of a dataset", lambda: setattr(with_options.options(), "deterministic", True))

"""TensorFlow 2.21's side of tests/ops/lookup/table_checkpoint_test.cc: checkpoints holding lookup
tables, exchanged with tfpp.

    python table_checkpoint_tf.py write PREFIX   # fills the tables and writes a checkpoint at PREFIX
    python table_checkpoint_tf.py read PREFIX    # restores PREFIX into empty tables

Both print each table's size and the values of a few keys, one line per table:
"NAME SIZE v1 v2 ...", floats as %g.
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

# The same tables and contents as the C++ test builds.
DENSE_INT_KEYS = [5, 7, 13] + list(range(100, 120))
QUERIES = {
    "table": tf.constant(["a", "b", "c", "zz"]),
    "dense": tf.constant([5, 7, 13, 100, 119, 3], tf.int64),
    "words": tf.constant(["x", "y", "zz", "w"]),
    "counts": tf.constant([1, 2, 3], tf.int64),
}


def make_objects():
    module = tf.Module()
    module.table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    module.dense = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, default_value=-1.0, empty_key=0,
                                                          deleted_key=-1, initial_num_buckets=8)
    module.words = tf.lookup.experimental.DenseHashTable(tf.string, tf.int64, default_value=-1, empty_key="",
                                                          deleted_key="<deleted>", initial_num_buckets=8)
    counts = tf.lookup.experimental.MutableHashTable(tf.int64, tf.string, "?")
    return module, counts


def fill(module, counts):
    module.table.insert(tf.constant(["a", "b", "c"]), tf.constant([1, 2, 3], tf.int64))
    module.table.remove(tf.constant(["c"]))
    module.dense.insert(tf.constant(DENSE_INT_KEYS, tf.int64), tf.constant([k / 10 for k in DENSE_INT_KEYS], tf.float32))
    module.words.insert(tf.constant(["x", "y", "zz"]), tf.constant([10, 20, 30], tf.int64))
    counts.insert(tf.constant([1, 2], tf.int64), tf.constant(["one", "two"]))


def text(value):
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, float):
        return "%g" % value
    return str(value)


def report(module, counts):
    tables = {"table": module.table, "dense": module.dense, "words": module.words, "counts": counts}
    for name, table in tables.items():
        values = table.lookup(QUERIES[name]).numpy().tolist()
        print(name, int(table.size().numpy()), " ".join(text(v) for v in values))


def main():
    mode, prefix = sys.argv[1], sys.argv[2]
    module, counts = make_objects()
    checkpoint = tf.train.Checkpoint(m=module, counts=counts)
    if mode == "write":
        fill(module, counts)
        checkpoint.write(prefix)
    else:
        checkpoint.read(prefix).assert_consumed()
    report(module, counts)


if __name__ == "__main__":
    main()

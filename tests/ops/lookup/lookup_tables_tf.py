# TensorFlow 2.21's results for the tables lookup_tables_test.cc builds, one block per case.
# Argument 1 is a scratch directory for the vocabulary files.
import os
import sys

import tensorflow as tf

scratch = sys.argv[1]


def show(t):
    values = t.numpy().reshape(-1)
    print(" ".join(v.decode() if isinstance(v, bytes) else "%g" % v for v in values))


words = tf.constant(["the", "cat", "sat", "on", "mat"])
init = tf.lookup.KeyValueTensorInitializer(words, tf.range(5, dtype=tf.int64))
queries = tf.constant([["cat", "dog"], ["mat", ""], ["zebra", "the"]])

print("== static")
static = tf.lookup.StaticHashTable(init, default_value=tf.constant(-1, tf.int64))
show(static.lookup(queries))
show(static.size())

print("== vocabulary")
vocab = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=7)
show(vocab.lookup(queries))
show(vocab.size())
oov = tf.constant([w * n for n in range(1, 4) for w in ["dog", "x", "hello", "a b"]])
show(vocab.lookup(oov))

print("== vocabulary_int")
ints = tf.lookup.StaticVocabularyTable(
    tf.lookup.KeyValueTensorInitializer(tf.constant([10, 20, 30], tf.int64), tf.constant([0, 1, 2], tf.int64)), 5)
show(ints.lookup(tf.constant([10, -4, 30, 7, 123456789012, 20], tf.int64)))

print("== string_values")
names = tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer(tf.constant([3, 1], tf.int64), tf.constant(["three", "one"])), "?")
show(names.lookup(tf.constant([1, 2, 3], tf.int64)))

print("== mutable")
m = tf.lookup.experimental.MutableHashTable(tf.string, tf.float32, default_value=-1.5)
m.insert(tf.constant(["a", "b", "c"]), tf.constant([1.0, 2.0, 3.0]))
m.insert(tf.constant(["b"]), tf.constant([20.0]))
m.remove(tf.constant(["a", "zz"]))
show(m.lookup(tf.constant(["a", "b", "c"])))
show(m.size())

print("== text_whole_line")
path = os.path.join(scratch, "vocab.txt")
with open(path, "w") as f:
    f.write("apple\nbanana\r\ncherry\n")
lines = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
    path, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER), -1)
show(lines.lookup(tf.constant(["cherry", "banana", "apple", "kiwi"])))

print("== text_columns")
path = os.path.join(scratch, "columns.txt")
with open(path, "w") as f:
    f.write("7,seven,0.5\n9,nine,2.25\n")
cols = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(path, tf.int64, 0, tf.string, 1, delimiter=","), "none")
show(cols.lookup(tf.constant([9, 8, 7], tf.int64)))
floats = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(path, tf.string, 1, tf.float64, 2, delimiter=","), 0.0)
show(floats.lookup(tf.constant(["nine", "seven"])))

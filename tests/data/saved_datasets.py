"""TensorFlow's side of tests/data/dataset_save_load_test.cc, run with TensorFlow 2.21 from the
reference environment.

  make DIR   saves datasets under DIR with tf.data.Dataset.save, and prints TensorFlow's
             Dataset.random and sample_from_datasets values for fixed seeds
  read DIR   loads the datasets tfpp saved under DIR and prints their element_spec and elements
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf  # noqa: E402


def ordered(value):
    """A dict with its keys sorted (a loaded element_spec's keys come in the proto map's order)."""
    return {k: value[k] for k in sorted(value)} if isinstance(value, dict) else value


def show(ds):
    print(ordered(ds.element_spec))
    for element in ds.as_numpy_iterator():
        print(ordered(element))


def make(root):
    tf.data.Dataset.range(5).map(lambda x: (x, tf.cast(x, tf.float32) * 1.5)).save(root + "/tuple")
    tf.data.Dataset.range(7).map(lambda x: {"n": x, "s": tf.strings.as_string(x)}).save(root + "/dict_gzip",
                                                                                        compression="GZIP")
    tf.data.Dataset.range(10).batch(4).save(root + "/sharded", shard_func=lambda x: x[0] % 3)
    print("== random")
    print(" ".join(str(v) for v in tf.data.Dataset.random(seed=4).take(9).as_numpy_iterator()))
    print("== sample")
    datasets = [tf.data.Dataset.range(0, 100), tf.data.Dataset.range(100, 200), tf.data.Dataset.range(200, 300)]
    sample = tf.data.Dataset.sample_from_datasets(datasets, weights=[0.2, 0.3, 0.5], seed=7).take(30)
    print(" ".join(str(v) for v in sample.as_numpy_iterator()))


def read(root):
    for name in sorted(os.listdir(root)):
        print("== " + name)
        show(tf.data.Dataset.load(os.path.join(root, name), compression="GZIP" if name.endswith("_gzip") else None))


if __name__ == "__main__":
    {"make": make, "read": read}[sys.argv[1]](sys.argv[2])

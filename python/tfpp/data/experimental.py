"""tf.data.experimental: the names TensorFlow keeps there too (AUTOTUNE, cardinality constants)."""

from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY


def cardinality(dataset):
    """dataset.cardinality()."""
    return dataset.cardinality()

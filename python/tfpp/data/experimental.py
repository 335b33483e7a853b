"""tf.data.experimental: the names TensorFlow keeps there too (AUTOTUNE, cardinality constants,
dense_to_ragged_batch)."""

from .. import _tfpp
from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY


def cardinality(dataset):
    """dataset.cardinality()."""
    return dataset.cardinality()


def dense_to_ragged_batch(batch_size, drop_remainder=False, row_splits_dtype=_tfpp.int64):
    """The transformation (for Dataset.apply) that is Dataset.ragged_batch."""
    return lambda dataset: dataset.ragged_batch(batch_size, drop_remainder, row_splits_dtype)

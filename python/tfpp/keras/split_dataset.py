"""keras.utils.split_dataset: a small in-memory dataset (NumPy arrays, a list or tuple of them, or an
unbatched tf.data.Dataset) split into two tf.data.Datasets, as Keras 3 splits it (sizes as counts or
fractions, an optional seeded shuffle through Python's `random`)."""

import random as _random

import numpy as _np

import tfpp as _tf


def _columns(rows):
    # Samples of several arrays become a tuple of arrays (also for a list, as Keras restores it).
    return tuple(_np.array(column) for column in zip(*rows))


def _samples(dataset):
    if isinstance(dataset, (list, tuple)):
        lengths = {len(a) for a in dataset}
        if len(lengths) > 1:
            raise ValueError("The lengths of the arrays in `dataset` differ: %s" % sorted(lengths))
        return list(zip(*dataset)), _columns
    if isinstance(dataset, _np.ndarray):
        return list(dataset), _np.array
    if isinstance(dataset, _tf.data.Dataset):
        rows = [tuple(_np.asarray(x) for x in s) if isinstance(s, tuple) else _np.asarray(s) for s in dataset]
        return rows, _columns if rows and isinstance(rows[0], tuple) else _np.array
    raise TypeError("The `dataset` argument must be eithera `tf.data.Dataset` object, ora list/tuple of arrays. "
                    "Received: dataset=%s of type %s" % (dataset, type(dataset)))


def _split_sizes(left_size, right_size, total):
    # Keras' _rescale_dataset_split_sizes.
    # (Keras' two messages differ in their spaces.)
    if left_size is not None and type(left_size) not in (int, float):
        raise TypeError("Invalid `left_size` Type. Expected: int or float or None, Received: type(left_size)=%s.  "
                        % (type(left_size),))
    if right_size is not None and type(right_size) not in (int, float):
        raise TypeError("Invalid `right_size` Type. Expected: int or float or None,Received: type(right_size)=%s."
                        % (type(right_size),))
    if left_size == 0 and right_size == 0:
        raise ValueError("Both `left_size` and `right_size` are zero. At least one of the split sizes must be non-zero.")
    if (type(left_size) is int and (left_size <= 0 or left_size >= total)) or (
            type(left_size) is float and (left_size <= 0 or left_size >= 1)):
        raise ValueError("`left_size` should be either a positive integer smaller than %d, or a float within the range "
                         "`[0, 1]`. Received: left_size=%s" % (total, left_size))
    if (type(right_size) is int and (right_size <= 0 or right_size >= total)) or (
            type(right_size) is float and (right_size <= 0 or right_size >= 1)):
        raise ValueError("`right_size` should be either a positive integer and smaller than %d or a float within the "
                         "range `[0, 1]`. Received: right_size=%s" % (total, right_size))
    if type(left_size) is float and type(right_size) is float and left_size + right_size > 1:
        raise ValueError("The sum of `left_size` and `right_size` is greater than 1. It must be less than or equal to 1.")
    left = round(left_size * total) if type(left_size) is float else left_size
    right = round(right_size * total) if type(right_size) is float else right_size
    if left is None:
        left = total - right
    elif right is None:
        right = total - left
    if left + right > total:
        raise ValueError("The sum of `left_size` and `right_size` should be smaller than the %d. Received: left_size + "
                         "right_size = %sand total_length = %d" % (total, float(left + right), total))
    for split, side in ((left, "left"), (right, "right")):
        if split == 0:
            raise ValueError("With `dataset` of length=%d, `left_size`=%s and `right_size`=%s.Resulting %s side dataset "
                             "split will be empty. Adjust any of the aforementioned parameters"
                             % (total, float(left), float(right), side))
    return int(left), int(right)


def split_dataset(dataset, left_size=None, right_size=None, shuffle=False, seed=None, preferred_backend=None):
    """(left, right) tf.data.Datasets of the first left_size and the last right_size samples."""
    del preferred_backend
    rows, restore = _samples(dataset)
    if right_size is None and left_size is None:
        raise ValueError("At least one of the `left_size` or `right_size` must be specified. Received: left_size=None "
                         "and right_size=None")
    if not rows:
        raise ValueError("Received an empty dataset. Argument `dataset` must be a non-empty list/tuple of "
                         "`numpy.ndarray` objects or `tf.data.Dataset` objects.")
    if shuffle:
        _random.seed(_random.randint(0, int(1e6)) if seed is None else seed)
        _random.shuffle(rows)
    left, right = _split_sizes(left_size, right_size, len(rows))
    return tuple(_tf.data.Dataset.from_tensor_slices(restore(part)).prefetch(_tf.data.AUTOTUNE)
                 for part in (rows[:left], rows[-right:]))

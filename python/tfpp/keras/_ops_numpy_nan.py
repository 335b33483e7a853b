"""keras.ops' NaN-aware elementwise and index functions (fmax / fmin, nanargmax / nanargmin,
nancumsum / nancumprod), fabs, histogram, argpartition and view (a bitcast)."""

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import convert_to_tensor, dtype_name as _name, promote as _promote, to_float as _f
from ._ops_numpy_array import swapaxes as _swapaxes
from ._ops_numpy_math import argmax as _argmax, argmin as _argmin, cumprod as _cumprod, cumsum as _cumsum
from ._ops_numpy_math import nan_to_num as _nan_to_num


def fabs(x):
    """keras.ops.fabs: |x| as floats."""
    return tf.math.abs(_f(x))


def _nan_ignoring(tf_fn, doc):
    def fn(x1, x2):
        x1, x2 = _promote(x1, x2)
        if not _dtypes.is_float(_name(x1)):
            return tf_fn(x1, x2)
        nan1, nan2 = tf.math.is_nan(x1), tf.math.is_nan(x2)
        result = tf_fn(x1, x2)
        result = tf.where(tf.math.logical_and(nan1, tf.math.logical_not(nan2)), x2, result)
        return tf.where(tf.math.logical_and(nan2, tf.math.logical_not(nan1)), x1, result)

    fn.__doc__ = doc
    return fn


fmax = _nan_ignoring(tf.math.maximum, "keras.ops.fmax: the maximum, ignoring a NaN operand.")
fmin = _nan_ignoring(tf.math.minimum, "keras.ops.fmin: the minimum, ignoring a NaN operand.")


def _nan_arg(arg_fn, fill, doc):
    def fn(x, axis=None, keepdims=False):
        x = convert_to_tensor(x)
        if not _dtypes.is_float(_name(x)):
            return arg_fn(x, axis=axis, keepdims=keepdims)
        nan = tf.math.is_nan(x)
        index = arg_fn(tf.where(nan, tf.cast(tf.constant(fill), x.dtype) * tf.ones_like(x), x), axis=axis,
                       keepdims=keepdims)
        all_nan = tf.math.reduce_all(nan, axis=axis, keepdims=keepdims)
        if axis is None and keepdims:
            all_nan = tf.reshape(all_nan, tf.shape(index))
        return tf.where(all_nan, tf.constant(-1), index)

    fn.__doc__ = doc
    return fn


nanargmax = _nan_arg(_argmax, float("-inf"), "keras.ops.nanargmax: -1 where every value is NaN.")
nanargmin = _nan_arg(_argmin, float("inf"), "keras.ops.nanargmin: -1 where every value is NaN.")


def nancumsum(x, axis=None, dtype=None):
    """keras.ops.nancumsum: NaNs count as zeros."""
    return _cumsum(_nan_to_num(x), axis=axis, dtype=dtype)


def nancumprod(x, axis=None, dtype=None):
    """keras.ops.nancumprod: NaNs count as ones."""
    x = convert_to_tensor(x)
    if _dtypes.is_float(_name(x)):
        x = tf.where(tf.math.is_nan(x), tf.ones_like(x), x)
    return _cumprod(x, axis=axis, dtype=dtype)


def histogram(x, bins=10, range=None):  # noqa: A002 - NumPy's name
    """keras.ops.histogram: (counts, bin edges) of x over `bins` equal bins of range (x's min and
    max by default); the last bin includes its right edge."""
    x = convert_to_tensor(x)
    low, high = (tf.math.reduce_min(x), tf.math.reduce_max(x)) if range is None else range
    low, high = tf.cast(low, x.dtype), tf.cast(high, x.dtype)
    x = tf.boolean_mask(x, tf.math.logical_and(x >= low, x <= high))
    edges = tf.cast(tf.linspace(tf.cast(low, "float64"), tf.cast(high, "float64"), bins + 1), x.dtype)
    index = tf.searchsorted(edges[1:-1], x, side="right")
    counts = tf.math.unsorted_segment_sum(tf.ones_like(x), index, bins)
    return counts, edges


def argpartition(x, kth, axis=-1):
    """keras.ops.argpartition: indices with the kth + 1 smallest first (ascending), then the rest
    (descending), as Keras' TensorFlow backend orders them."""
    x = convert_to_tensor(x)
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    moved = _swapaxes(x, axis, -1)
    n = moved.shape[-1]
    kth = max(0, min(int(kth), n - 1))
    bottom = tf.math.top_k(-moved, kth + 1)[1]
    taken = tf.math.reduce_sum(tf.one_hot(bottom, n, dtype="int32"), axis=-2)
    lowest = tf.math.reduce_min(moved)
    rest = tf.where(tf.cast(taken, "bool"), lowest - tf.ones_like(moved), moved)
    top = tf.math.top_k(rest, n - kth - 1)[1]
    return _swapaxes(tf.concat([bottom, top], axis=-1), -1, axis)


def view(x, dtype=None):
    """keras.ops.view: x's bytes as `dtype`, the last axis rescaled by the item sizes."""
    import numpy as np

    x = convert_to_tensor(x)
    new = _dtypes.standardize_dtype(dtype if dtype else _name(x))
    old_size, new_size = np.dtype(_name(x)).itemsize, np.dtype(new).itemsize
    shape = list(x.shape)
    last = shape[-1] if shape else -1
    if (last == -1 and old_size != new_size) or (last * old_size % new_size != 0):
        raise ValueError("Cannot view array of shape %s and dtype %s as dtype %s because the total number of bytes is "
                         "not divisible by the new itemsize." % (tuple(x.shape), _name(x), new))
    if old_size == new_size:
        return tf.bitcast(x, new)
    if old_size > new_size:
        shape[-1] *= old_size // new_size
        return tf.reshape(tf.bitcast(tf.reshape(x, [-1]), new), shape)
    ratio = new_size // old_size
    return tf.bitcast(tf.reshape(x, shape[:-1] + [last // ratio, ratio]), new)

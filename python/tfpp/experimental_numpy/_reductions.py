"""tf.experimental.numpy's reductions: sums and products (small integers widened to int64 or
uint64, bools to int64), means and variances (float64 for integers), extrema, cumulative sums,
average, the nan* forms, counts, argmax/argmin and sorting."""

import numpy as np

import tfpp as tf

from ._dtype_rules import array, asarray, default_float, is_inexact, np_dtype, result_type, tf_dtype
from ._elementwise import isnan, logical_not
from ._shapes import atleast_1d

_TO_INT, _TO_FLOAT = "int", "float"


def _reduce(fn, a, axis=None, dtype=None, keepdims=None, promote_int=_TO_INT, bool_fn=None, preserve_bool=False):
    # promote_int: integers and bools widen to int64 (uint64 if unsigned), become float64, or (None) stay.
    if dtype:
        dtype = result_type(dtype)
    a = asarray(a, dtype=dtype)
    if bool_fn is not None and (dtype is not None and dtype == tf.bool or preserve_bool and a.dtype == tf.bool):
        return bool_fn(a, axis=axis, keepdims=bool(keepdims))
    if dtype is None and (a.dtype.is_integer or a.dtype == tf.bool):
        if promote_int == _TO_INT:
            if a.dtype == tf.bool:
                a = tf.cast(a, tf.int64)
            elif np.iinfo(a.dtype.as_numpy_dtype).bits < 64:
                unsigned = not np.issubdtype(a.dtype.as_numpy_dtype, np.signedinteger)
                a = tf.cast(a, tf.uint64 if unsigned else tf.int64)
        elif promote_int == _TO_FLOAT:
            a = tf.cast(a, default_float())
    return fn(a, axis=axis, keepdims=bool(keepdims))


def sum(a, axis=None, dtype=None, keepdims=None):  # noqa: A001
    """tnp.sum"""
    return _reduce(tf.math.reduce_sum, a, axis, dtype, keepdims, bool_fn=tf.math.reduce_any)


def prod(a, axis=None, dtype=None, keepdims=None):
    """tnp.prod"""
    return _reduce(tf.math.reduce_prod, a, axis, dtype, keepdims, bool_fn=tf.math.reduce_all)


def mean(a, axis=None, dtype=None, out=None, keepdims=None):
    """tnp.mean: float64 for integers."""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(tf.math.reduce_mean, a, axis, dtype, keepdims, promote_int=_TO_FLOAT)


def amax(a, axis=None, out=None, keepdims=None):
    """tnp.amax"""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(tf.math.reduce_max, a, axis, None, keepdims, promote_int=None, bool_fn=tf.math.reduce_any,
                   preserve_bool=True)


def amin(a, axis=None, out=None, keepdims=None):
    """tnp.amin"""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(tf.math.reduce_min, a, axis, None, keepdims, promote_int=None, bool_fn=tf.math.reduce_all,
                   preserve_bool=True)


def max(a, axis=None, keepdims=None):  # noqa: A001
    """tnp.max: amax."""
    return amax(a, axis=axis, keepdims=keepdims)


def min(a, axis=None, keepdims=None):  # noqa: A001
    """tnp.min: amin."""
    return amin(a, axis=axis, keepdims=keepdims)


def ptp(a, axis=None, keepdims=None):
    """tnp.ptp: max - min."""
    return amax(a, axis=axis, keepdims=keepdims) - amin(a, axis=axis, keepdims=keepdims)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=None):
    """tnp.var: divided by n - ddof."""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    working_dtype = result_type(a, dtype) if dtype else None

    def variance(x, axis, keepdims):
        centered = tf.math.square(x - tf.math.reduce_mean(x, axis=axis, keepdims=True))
        squared_deviations = tf.math.reduce_sum(centered, axis=axis, keepdims=keepdims)
        n = tf.size(x) if axis is None else tf.math.reduce_prod(tf.gather(tf.shape(x), axis))
        return tf.math.divide(squared_deviations, tf.cast(n - ddof, x.dtype))

    result = _reduce(variance if ddof else tf.math.reduce_variance, a, axis, working_dtype, keepdims,
                     promote_int=_TO_FLOAT)
    return tf.cast(result, result_type(dtype)) if dtype else result


def std(a, axis=None, keepdims=None):
    """tnp.std: float64 for integers."""
    return _reduce(tf.math.reduce_std, a, axis, None, keepdims, promote_int=_TO_FLOAT)


def all(a, axis=None, keepdims=None):  # noqa: A001
    """tnp.all"""
    return tf.math.reduce_all(asarray(a, dtype=bool), axis=axis, keepdims=bool(keepdims))


def any(a, axis=None, keepdims=None):  # noqa: A001
    """tnp.any"""
    return tf.math.reduce_any(asarray(a, dtype=bool), axis=axis, keepdims=bool(keepdims))


def _cumulative(fn):
    def cumulative(a, axis=None, dtype=None):
        a = asarray(a, dtype=dtype)
        if dtype is None and a.dtype.is_integer:  # NumPy's promotion with its default int
            a = tf.cast(a, tf_dtype(np.promote_types(np_dtype(a.dtype), int)))
        if axis is None:
            a, axis = tf.reshape(a, [-1]), 0
        elif axis < 0:
            axis += a.shape.rank
        return fn(a, axis)

    return cumulative


cumsum = _cumulative(tf.math.cumsum)
cumsum.__name__ = cumsum.__qualname__ = "cumsum"
cumsum.__doc__ = "tnp.cumsum: of the flattened array when axis is None."
cumprod = _cumulative(tf.math.cumprod)
cumprod.__name__ = cumprod.__qualname__ = "cumprod"
cumprod.__doc__ = "tnp.cumprod: of the flattened array when axis is None."


def average(a, axis=None, weights=None, returned=False):
    """tnp.average: weighted along one axis or all; float64 for integers."""
    if axis is not None and not isinstance(axis, int):
        raise ValueError(f"Argument `axis` must be an integer. Received axis={axis} (of type {type(axis)})")
    a = array(a)
    if weights is None:
        if not is_inexact(a.dtype):
            a = tf.cast(a, result_type(a.dtype, default_float()))
        avg = tf.math.reduce_mean(a, axis=axis)
        weights_sum = tf.cast(tf.size(a) if axis is None else tf.shape(a)[axis], a.dtype)
    else:
        out_dtype = result_type(a.dtype, weights) if is_inexact(a.dtype) else result_type(a.dtype, weights,
                                                                                          default_float())
        a, weights = array(a, out_dtype), array(weights, out_dtype)
        if axis is None or a.shape.rank == weights.shape.rank:
            weights_sum = tf.math.reduce_sum(weights, axis=axis)
            avg = tf.math.reduce_sum(a * weights, axis=axis) / weights_sum
        else:
            weights_sum = tf.math.reduce_sum(weights)
            avg = tf.tensordot(a, weights, [[axis], [0]]) / weights_sum
    if returned:
        return avg, tf.broadcast_to(weights_sum, tf.shape(avg))
    return avg


def count_nonzero(a, axis=None):
    """tnp.count_nonzero: int64."""
    return tf.math.count_nonzero(array(a), axis)


def _nan_reduction(name, reduction, init_val):
    def nan_reduction(a, axis=None, dtype=None, keepdims=False):
        a = array(a)
        return reduction(tf.where(isnan(a), array(init_val, dtype=a.dtype), a), axis=axis, dtype=dtype,
                         keepdims=keepdims)

    nan_reduction.__name__ = nan_reduction.__qualname__ = name
    nan_reduction.__doc__ = "tnp.%s: NaNs count as %s." % (name, init_val)
    return nan_reduction


nansum = _nan_reduction("nansum", sum, 0)
nanprod = _nan_reduction("nanprod", prod, 1)


def nanmean(a, axis=None, dtype=None, keepdims=None):
    """tnp.nanmean: the mean of the elements that are not NaN."""
    a = array(a)
    if a.dtype == tf.bool or a.dtype.is_integer:
        return mean(a, axis=axis, dtype=dtype, keepdims=keepdims)
    dtype = dtype or a.dtype
    normalizer = sum(logical_not(isnan(a)), axis=axis, dtype=dtype, keepdims=keepdims)
    return nansum(a, axis=axis, dtype=dtype, keepdims=keepdims) / normalizer


def _arg_extremum(fn, a, axis):
    a = array(a)
    return fn(tf.reshape(a, [-1]) if axis is None else atleast_1d(a), axis=axis)


def argmax(a, axis=None):
    """tnp.argmax: int64 index, of the flattened array when axis is None."""
    return _arg_extremum(tf.math.argmax, a, axis)


def argmin(a, axis=None):
    """tnp.argmin: int64 index, of the flattened array when axis is None."""
    return _arg_extremum(tf.math.argmin, a, axis)


def sort(a, axis=-1, kind="quicksort", order=None):
    """tnp.sort: kind="quicksort" only."""
    if kind != "quicksort":
        raise ValueError('Invalid value for argument `kind`. Only kind="quicksort" is supported. '
                         f"Received: kind={kind}")
    if order is not None:
        raise ValueError("The `order` argument is not supported. Pass order=None")
    a = array(a)
    if axis is None:
        return tf.sort(tf.reshape(a, [-1]), 0)
    return tf.sort(a, axis)


def argsort(a, axis=-1, kind="quicksort", order=None):
    """tnp.argsort: int64 indices; kind "quicksort" or "stable"."""
    if kind not in ("quicksort", "stable"):
        raise ValueError('Invalid value for argument `kind`. Only kind="quicksort" and kind="stable" are supported. '
                         f"Received: kind={kind}")
    if order is not None:
        raise ValueError("The `order` argument is not supported. Pass order=None")
    a = array(a)
    if a.dtype.is_complex:
        raise TypeError(f"argsort does not support complex64/complex128 dtypes. Received dtype: {a.dtype}")
    if a.shape.rank == 0:
        return tf.constant([0], tf.int64)
    if axis is None:
        a, axis = tf.reshape(a, [-1]), 0
    return tf.cast(tf.argsort(a, axis, stable=kind == "stable"), tf.int64)

"""tf.experimental.numpy's array creation: array, asarray, zeros, ones, full and their *_like forms,
arange, eye, identity, tri, diag, diagflat and meshgrid."""

import numpy as np

import tfpp as tf

from ._dtype_rules import array, asarray, default_float, result_type
from ._elementwise import log10, real, sign
from ._shapes import moveaxis


def _result_type_unary(a, dtype):
    # An explicit dtype wins; a string is a string (not a dtype name).
    if dtype:
        return result_type(dtype)
    if isinstance(a, (str, bytes)):
        return tf.string
    return result_type(a)


def asanyarray(a, dtype=None):
    """tnp.asanyarray: asarray (tensors have no subclasses to keep)."""
    return asarray(a, dtype)


def ascontiguousarray(a, dtype=None):
    """tnp.ascontiguousarray: an array of at least one dimension."""
    return array(a, dtype, ndmin=1)


def copy(a):
    """tnp.copy"""
    return array(a, copy=True)


def zeros(shape, dtype=float):
    """tnp.zeros: float64 by default."""
    return tf.zeros(shape, dtype=result_type(dtype) if dtype else default_float())


def ones(shape, dtype=float):
    """tnp.ones: float64 by default."""
    return tf.ones(shape, dtype=result_type(dtype) if dtype else default_float())


def empty(shape, dtype=float):
    """tnp.empty: zeros (tensors have no uninitialized memory)."""
    return zeros(shape, dtype)


def zeros_like(a, dtype=None):
    """tnp.zeros_like"""
    return tf.zeros_like(a, _result_type_unary(a, dtype))


def ones_like(a, dtype=None):
    """tnp.ones_like"""
    return tf.ones_like(a, _result_type_unary(a, dtype))


def empty_like(a, dtype=None):
    """tnp.empty_like: zeros_like."""
    return zeros_like(a, dtype)


def full(shape, fill_value, dtype=None):
    """tnp.full: fill_value's dtype unless dtype is given."""
    if not isinstance(shape, tf.Tensor):
        shape = tf.constant(shape, tf.int32)
    return tf.broadcast_to(asarray(fill_value, dtype=dtype), tf.reshape(shape, [-1]))


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    """tnp.full_like: order, subok and shape must keep their defaults."""
    if order != "K":
        raise ValueError("Non-standard orders are not supported.")
    if not subok:
        raise ValueError("subok being False is not supported.")
    if shape:
        raise ValueError("Overriding the shape is not supported.")
    a = asarray(a)
    return tf.broadcast_to(asarray(fill_value, dtype=dtype or result_type(a)), tf.shape(a))


def arange(start, stop=None, step=1, dtype=None):
    """tnp.arange: NumPy's dtype of start, stop and step unless dtype is given."""
    if not step:
        raise ValueError("step must be non-zero.")
    if dtype:
        dtype = result_type(dtype)
    elif stop is None:
        dtype = result_type(start, step)
    else:
        dtype = result_type(start, step, stop)
    if step > 0 and ((stop is not None and start > stop) or (stop is None and start < 0)):
        return array([], dtype=dtype)
    if step < 0 and ((stop is not None and start < stop) or (stop is None and start > 0)):
        return array([], dtype=dtype)
    return tf.cast(tf.range(start, stop, step), dtype)


def _offset_mask(n, m, k, keep):
    # [n, m] booleans: keep(column - row) for each element, e.g. `<= k` below and on diagonal k.
    offsets = tf.range(m)[tf.newaxis, :] - tf.range(n)[:, tf.newaxis]
    return keep(offsets, k)


def eye(N, M=None, k=0, dtype=float):  # noqa: N803  (NumPy's names)
    """tnp.eye: ones on diagonal k, float64 by default."""
    dtype = result_type(dtype) if dtype else default_float()
    M = int(M or N)  # noqa: N806
    return tf.cast(_offset_mask(int(N), M, int(k), tf.equal), dtype)


def identity(n, dtype=float):
    """tnp.identity"""
    return eye(N=n, M=n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):  # noqa: N803
    """tnp.tri: ones on and below diagonal k, float64 by default."""
    M = M if M is not None else N  # noqa: N806
    dtype = result_type(dtype) if dtype is not None else default_float()
    return tf.cast(_offset_mask(N, M, k, tf.less_equal), dtype)


def _trimmed(m, k, keep):
    m = asarray(m)
    if m.shape.rank < 2:
        raise ValueError("Argument to tril must have rank at least 2")
    mask = _offset_mask(m.shape[-2], m.shape[-1], k, keep)
    return tf.where(tf.broadcast_to(mask, tf.shape(m)), m, tf.zeros([], m.dtype))


def tril(m, k=0):
    """tnp.tril: zeros above diagonal k."""
    return _trimmed(m, k, tf.less_equal)


def triu(m, k=0):
    """tnp.triu: zeros below diagonal k."""
    return _trimmed(m, k, tf.greater_equal)


def diag(v, k=0):
    """tnp.diag: the matrix with a 1-D v on diagonal k, or a matrix's diagonal k."""
    v = asarray(v)
    if v.shape.rank == 1:
        n = v.shape[0] + abs(k)
        position = tf.range(n)[:, tf.newaxis] if k >= 0 else tf.range(n)[tf.newaxis, :]
        values = tf.gather(v, tf.minimum(tf.broadcast_to(position, [n, n]), max(v.shape[0] - 1, 0)))
        return tf.where(_offset_mask(n, n, k, tf.equal), values, tf.zeros([], v.dtype))
    if v.shape.rank != 2:
        raise ValueError("Input must be 1- or 2-d.")
    return diagonal(v, k)


def diagonal(a, offset=0, axis1=0, axis2=1):
    """tnp.diagonal: a's diagonal `offset` in the plane of axis1 and axis2, as its last axis."""
    a = moveaxis(asarray(a), (axis1, axis2), (-2, -1))
    rows, columns = a.shape[-2], a.shape[-1]
    first, stop = max(0, -offset), min(rows, columns - offset)
    rows_taken = tf.range(first, max(first, stop))
    flat = tf.reshape(a, tf.concat([tf.shape(a)[:-2], [rows * columns]], 0))
    return tf.gather(flat, rows_taken * columns + rows_taken + offset, axis=-1)


def diagflat(v, k=0):
    """tnp.diagflat: diag of v flattened."""
    return diag(tf.reshape(asarray(v), [-1]), k)


def meshgrid(*xi, **kwargs):
    """tnp.meshgrid: sparse=False and copy=True only."""
    if kwargs.get("sparse", False):
        raise ValueError("Function `meshgrid` does not support returning sparse arrays yet. Received: sparse=True")
    if not kwargs.get("copy", True):
        raise ValueError("Function `meshgrid` only supports copy=True. Received: copy=False")
    return tf.meshgrid(*[asarray(x) for x in xi], indexing=kwargs.get("indexing", "xy"))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=float, axis=0):
    """tnp.linspace: num evenly spaced values; the dtype of start * 1.0 and stop * 1.0 whenever dtype is set."""
    if dtype:
        dtype = result_type([start * 1.0, stop * 1.0])
    start, stop = array(start, dtype=dtype), array(stop, dtype=dtype)
    if num < 0:
        raise ValueError(f"Argument `num` (number of samples) must be a non-negative integer. Received: num={num}")
    step = tf.constant(np.nan, tf.float32)  # TensorFlow's step for fewer than two values
    if endpoint:
        if num > 1:
            step = (stop - start) / (num - 1)
    elif num > 0:
        step = (stop - start) / num
        if num > 1:
            stop = tf.cast(stop, step.dtype) - step
            start = tf.cast(start, stop.dtype)
    result = tf.linspace(start, stop, num, axis=axis)
    if dtype:
        result = tf.cast(result, dtype)
    return (result, step) if retstep else result


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """tnp.logspace: base ** linspace(start, stop), in the dtype of start * 1.0 and stop * 1.0."""
    dtype = result_type([start * 1.0, stop * 1.0])
    result = linspace(start, stop, num=num, endpoint=endpoint, dtype=dtype, axis=axis)
    return tf.cast(tf.math.pow(tf.cast(base, result.dtype), result), dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """tnp.geomspace: num values evenly spaced on a log scale (negative ranges mirrored), float64 by default."""
    dtype = tf.as_dtype(dtype) if dtype else result_type(start, stop, float(num), zeros((), dtype))
    computation_dtype = np.promote_types(dtype.as_numpy_dtype, np.float32)
    start, stop = asarray(start, dtype=computation_dtype), asarray(stop, dtype=computation_dtype)
    start_sign, stop_sign = 1 - sign(real(start)), 1 - sign(real(stop))
    signflip = 1 - start_sign * stop_sign // 2
    res = signflip * logspace(log10(signflip * start), log10(signflip * stop), num, endpoint=endpoint, base=10.0,
                              dtype=computation_dtype, axis=0)
    return tf.cast(moveaxis(res, 0, axis) if axis != 0 else res, dtype)


def diag_indices(n, ndim=2):
    """tnp.diag_indices: ndim copies of range(n)."""
    if n < 0:
        raise ValueError("n argument to diag_indices must be nonnegative, got {}".format(n))
    if ndim < 0:
        raise ValueError("ndim argument to diag_indices must be nonnegative, got {}".format(ndim))
    return (tf.range(n),) * ndim

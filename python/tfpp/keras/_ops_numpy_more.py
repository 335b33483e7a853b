"""keras.ops' less frequent NumPy-style functions: complex parts, angle conversions, NaN-ignoring
reductions, quantiles and medians, bins and counts, more splits, flips and stacks, window
functions, and spaced ranges."""

import math as _math

import numpy as _np

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import (axes as _axes, convert_to_tensor, dim as _dim, dtype_name as _name,
                           filled_like as _filled_like, promote as _promote, shape_argument as _shape_argument,
                           to_float as _f)
from ._ops_numpy_array import concatenate as _concatenate, flip as _flip, moveaxis as _moveaxis, split as _split
from ._ops_numpy_math import sum as _sum


def real(x):
    """keras.ops.real."""
    return tf.math.real(convert_to_tensor(x))


def imag(x):
    """keras.ops.imag."""
    return tf.math.imag(convert_to_tensor(x))


def conj(x):
    """keras.ops.conj (also conjugate)."""
    return tf.math.conj(convert_to_tensor(x))


conjugate = conj


def angle(x):
    """keras.ops.angle: the complex argument (0 or pi for reals)."""
    x = convert_to_tensor(x)
    if "complex" in _name(x):
        return tf.math.angle(x)
    x = _f(x)
    return tf.where(x < 0, tf.constant(_math.pi, x.dtype), tf.zeros_like(x))


def _angle_float(x):
    # Keras: int64 converts to float64, the other integers to floatx; the factor is a division in x's dtype.
    x = convert_to_tensor(x)
    return tf.cast(x, "float64") if _name(x) == "int64" else _f(x)


def deg2rad(x):
    """keras.ops.deg2rad."""
    x = _angle_float(x)
    return x * (tf.constant(_math.pi, x.dtype) / tf.constant(180.0, x.dtype))


def rad2deg(x):
    """keras.ops.rad2deg."""
    x = _angle_float(x)
    return x * (tf.constant(180.0, x.dtype) / tf.constant(_math.pi, x.dtype))


def cbrt(x):
    """keras.ops.cbrt: the real cube root."""
    x = _f(x)
    return tf.math.sign(x) * tf.math.pow(tf.math.abs(x), tf.constant(1.0 / 3.0, x.dtype))


def sinc(x):
    """keras.ops.sinc: sin(pi x) / (pi x), 1 at 0."""
    x = _f(x)
    pi_x = x * tf.constant(_math.pi, x.dtype)
    safe = tf.where(tf.math.equal(x, 0), tf.ones_like(x), pi_x)
    return tf.where(tf.math.equal(x, 0), tf.ones_like(x), tf.math.sin(safe) / safe)


def signbit(x):
    """keras.ops.signbit: whether the sign bit is set (true for -0.0)."""
    x = convert_to_tensor(x)
    if _name(x) == "bool":
        return tf.zeros_like(x)
    if not _dtypes.is_float(_name(x)):
        return tf.math.less(x, 0)
    # -0.0 has its sign bit set, which only 1 / x shows (-inf).
    zero = tf.math.equal(x, 0)
    return tf.where(zero, tf.math.less(tf.math.reciprocal(tf.where(zero, x, tf.ones_like(x))), 0), tf.math.less(x, 0))


def heaviside(x1, x2):
    """keras.ops.heaviside: 0 below zero, 1 above, x2 at zero (ints give floats)."""
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = _dtypes.result_type(_name(x1), _name(x2))
    if dtype in ("int8", "int16", "int32", "uint8", "uint16", "uint32"):
        dtype = _dtypes.floatx()
    elif dtype == "int64":
        dtype = "float64"
    x1, x2 = tf.cast(x1, dtype), tf.cast(x2, dtype)
    return tf.where(x1 < 0, tf.zeros_like(x1), tf.where(x1 > 0, tf.ones_like(x1), x2 * tf.ones_like(x1)))


def fmod(x1, x2):
    """keras.ops.fmod: the remainder with the dividend's sign."""
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = _dtypes.result_type(_name(x1), _name(x2))
    dtype = "int32" if dtype == "bool" else dtype
    compute = "int32" if dtype in ("uint8", "uint16", "uint32") else dtype
    x1, x2 = tf.cast(x1, compute), tf.cast(x2, compute)
    return tf.cast(tf.math.sign(x1) * tf.math.floormod(tf.math.abs(x1), tf.math.abs(x2)), dtype)


def logaddexp2(x1, x2):
    """keras.ops.logaddexp2: log2(2**x1 + 2**x2)."""
    x1, x2 = _promote(x1, x2, extra=(float,))
    ln2 = tf.constant(_math.log(2.0), x1.dtype)
    bigger = tf.math.maximum(x1, x2)
    return bigger + tf.math.log1p(tf.math.exp(-tf.math.abs(x1 - x2) * ln2)) / ln2


def isposinf(x):
    """keras.ops.isposinf."""
    x = convert_to_tensor(x)
    return tf.math.logical_and(tf.math.is_inf(x), x > 0) if _dtypes.is_float(_name(x)) else _filled_like(x, 0, "bool")


def isneginf(x):
    """keras.ops.isneginf."""
    x = convert_to_tensor(x)
    return tf.math.logical_and(tf.math.is_inf(x), x < 0) if _dtypes.is_float(_name(x)) else _filled_like(x, 0, "bool")


def isin(x1, x2, assume_unique=False, invert=False):
    """keras.ops.isin: whether each element of x1 occurs in x2."""
    del assume_unique
    x1, x2 = _promote(x1, x2)
    found = tf.math.reduce_any(tf.math.equal(tf.expand_dims(x1, -1), tf.reshape(x2, [-1])), axis=-1)
    return tf.math.logical_not(found) if invert else found


# Reductions that skip NaNs.
def _nan_to(x, value):
    if not _dtypes.is_float(_name(x)):
        return x
    return tf.where(tf.math.is_nan(x), tf.cast(value, x.dtype) * tf.ones_like(x), x)


def nansum(x, axis=None, keepdims=False):
    """keras.ops.nansum: the sum with NaNs as zeros."""
    return _sum(_nan_to(convert_to_tensor(x), 0), axis=axis, keepdims=keepdims)


def nanprod(x, axis=None, keepdims=False):
    """keras.ops.nanprod: the product with NaNs as ones."""
    from ._ops_numpy_math import prod

    return prod(_nan_to(convert_to_tensor(x), 1), axis=axis, keepdims=keepdims)


def nanmean(x, axis=None, keepdims=False):
    """keras.ops.nanmean: the mean of the non-NaN values."""
    x = convert_to_tensor(x)
    if not _dtypes.is_float(_name(x)):
        return tf.math.reduce_mean(tf.cast(x, "float32"), axis=_axes(axis), keepdims=keepdims)
    count = tf.math.reduce_sum(tf.cast(tf.math.logical_not(tf.math.is_nan(x)), x.dtype), axis=_axes(axis),
                               keepdims=keepdims)
    return tf.math.reduce_sum(_nan_to(x, 0), axis=_axes(axis), keepdims=keepdims) / count


def nanmax(x, axis=None, keepdims=False):
    """keras.ops.nanmax: the max of the non-NaN values (NaN where all are NaN)."""
    x = convert_to_tensor(x)
    if not _dtypes.is_float(_name(x)):
        return tf.math.reduce_max(x, axis=_axes(axis), keepdims=keepdims)
    result = tf.math.reduce_max(_nan_to(x, -_np.inf), axis=_axes(axis), keepdims=keepdims)
    all_nan = tf.math.reduce_all(tf.math.is_nan(x), axis=_axes(axis), keepdims=keepdims)
    return tf.where(all_nan, tf.constant(_np.nan, x.dtype) * tf.ones_like(result), result)


def nanmin(x, axis=None, keepdims=False):
    """keras.ops.nanmin: the min of the non-NaN values (NaN where all are NaN)."""
    x = convert_to_tensor(x)
    if not _dtypes.is_float(_name(x)):
        return tf.math.reduce_min(x, axis=_axes(axis), keepdims=keepdims)
    result = tf.math.reduce_min(_nan_to(x, _np.inf), axis=_axes(axis), keepdims=keepdims)
    all_nan = tf.math.reduce_all(tf.math.is_nan(x), axis=_axes(axis), keepdims=keepdims)
    return tf.where(all_nan, tf.constant(_np.nan, x.dtype) * tf.ones_like(result), result)


def nanvar(x, axis=None, keepdims=False):
    """keras.ops.nanvar: the variance of the non-NaN values."""
    x = _f(x)
    mean = nanmean(x, axis=axis, keepdims=True)
    squared = tf.math.square(x - mean)
    return nanmean(squared, axis=axis, keepdims=keepdims)


def nanstd(x, axis=None, keepdims=False):
    """keras.ops.nanstd."""
    return tf.math.sqrt(nanvar(x, axis=axis, keepdims=keepdims))


# Quantiles.
def quantile(x, q, axis=None, method="linear", keepdims=False):
    """keras.ops.quantile: NumPy's quantiles (methods linear, lower, higher, midpoint, nearest)
    along axis (all axes when None); a vector q adds a leading axis."""
    if method not in ("linear", "lower", "higher", "midpoint", "nearest"):
        raise ValueError("Invalid value for argument `method`: %s" % method)
    x = convert_to_tensor(x)
    x = tf.cast(x, _dtypes.result_type(_name(x), float))
    q = convert_to_tensor(q, x.dtype)
    rank = len(x.shape)
    reduce = list(range(rank)) if axis is None else sorted(a % rank for a in ([axis] if isinstance(axis, int)
                                                                             else axis))
    kept = [a for a in range(rank) if a not in reduce]
    moved = tf.transpose(x, perm=kept + reduce)
    if len(reduce) > 1:  # the reduced axes as one
        reduced = [x.shape[a] for a in reduce]
        reduced_size = int(_np.prod(reduced)) if None not in reduced else -1
        moved = tf.reshape(moved, _shape_argument([_dim(x, a) for a in kept] + [reduced_size]))
    flat = tf.sort(moved, axis=-1)
    position = q * tf.cast(_dim(flat, -1) - 1, x.dtype)
    low = tf.math.floor(position)
    high = tf.math.ceil(position)
    if method == "lower":
        result = tf.gather(flat, tf.cast(low, "int32"), axis=-1)
    elif method == "higher":
        result = tf.gather(flat, tf.cast(high, "int32"), axis=-1)
    elif method == "nearest":
        result = tf.gather(flat, tf.cast(tf.math.round(position), "int32"), axis=-1)
    else:
        below = tf.gather(flat, tf.cast(low, "int32"), axis=-1)
        above = tf.gather(flat, tf.cast(high, "int32"), axis=-1)
        weight = tf.cast(0.5, x.dtype) if method == "midpoint" else position - low
        result = below + (above - below) * weight
    if len(q.shape) == 1:  # the q axis (last after gather) moves first
        result = _moveaxis(result, -1, 0)
    if keepdims:
        full = [1 if a in reduce else x.shape[a] for a in range(rank)]
        result = tf.reshape(result, ([q.shape[0]] if len(q.shape) == 1 else []) + full)
    return result


def percentile(x, q, axis=None, method="linear", keepdims=False):
    """keras.ops.percentile: quantile of q / 100."""
    return quantile(x, convert_to_tensor(q, _dtypes.floatx()) / 100.0, axis=axis, method=method, keepdims=keepdims)


def median(x, axis=None, keepdims=False):
    """keras.ops.median."""
    return quantile(x, 0.5, axis=axis, keepdims=keepdims)


# Bins and counts.
def digitize(x, bins):
    """keras.ops.digitize: int32 bin indices (bins ascending, right edges open)."""
    x = convert_to_tensor(x)
    if _name(x) in ("bool", "int8", "int16", "uint8", "uint16"):
        x = tf.cast(x, "int32")
    edges = tf.constant([float(b) for b in bins], "float64")
    found = tf.searchsorted(edges, tf.reshape(tf.cast(x, "float64"), [-1]), side="right", out_type="int32")
    return tf.reshape(found, tf.shape(x))


def bincount(x, weights=None, minlength=0, sparse=False):
    """keras.ops.bincount: counts (or summed weights) of each non-negative int; rows counted apart
    for 2-D x."""
    if sparse:
        raise ValueError("tfpp's keras.ops.bincount has no sparse output")
    x = convert_to_tensor(x)
    if _name(x) not in ("int32", "int64"):
        x = tf.cast(x, "int32")
    length = max(int(tf.math.reduce_max(x)) + 1 if int(tf.size(x)) else 0, minlength)
    if weights is None:
        dtype, values = "int32", _filled_like(x, 1, "int32")
    else:
        weights = convert_to_tensor(weights)
        dtype = _dtypes.result_type(_name(x), _name(weights))
        values = tf.cast(weights, dtype)
    if len(x.shape) == 1:
        return tf.math.unsorted_segment_sum(values, x, length)
    rows = x.shape[0]
    offsets = x + tf.expand_dims(tf.range(rows, dtype=x.dtype) * length, 1)
    return tf.reshape(tf.math.unsorted_segment_sum(tf.reshape(values, [-1]), tf.reshape(offsets, [-1]),
                                                   rows * length), [rows, length])


# Splits, flips, stacks.
def array_split(x, indices_or_sections, axis=0):
    """keras.ops.array_split: into n nearly equal parts (the first ones one longer)."""
    x = convert_to_tensor(x)
    if not isinstance(indices_or_sections, int):
        raise TypeError("Argument `indices_or_sections` must be of type `int`. Received: indices_or_sections=%s"
                        % (indices_or_sections,))
    size, n = x.shape[axis], indices_or_sections
    sizes = [size // n + (1 if k < size % n else 0) for k in range(n)]
    return tf.split(x, sizes, axis=axis)


def hsplit(x, indices_or_sections):
    """keras.ops.hsplit: along axis 1 (axis 0 for vectors)."""
    x = convert_to_tensor(x)
    return _split(x, indices_or_sections, axis=0 if len(x.shape) == 1 else 1)


def vsplit(x, indices_or_sections):
    """keras.ops.vsplit: along axis 0."""
    return _split(x, indices_or_sections, axis=0)


def dsplit(x, indices_or_sections):
    """keras.ops.dsplit: along axis 2."""
    return _split(x, indices_or_sections, axis=2)


def dstack(xs):
    """keras.ops.dstack: along axis 2, vectors and matrices raised to 3-D first."""
    raised = []
    for x in _promote(*xs):
        if len(x.shape) == 1:
            x = tf.reshape(x, [1, -1, 1])
        elif len(x.shape) == 2:
            x = tf.expand_dims(x, -1)
        raised.append(x)
    return _concatenate(raised, axis=2)


def fliplr(x):
    """keras.ops.fliplr."""
    return _flip(x, axis=1)


def flipud(x):
    """keras.ops.flipud."""
    return _flip(x, axis=0)


def rot90(array, k=1, axes=(0, 1)):
    """keras.ops.rot90: k quarter turns from axes[0] towards axes[1]."""
    x = convert_to_tensor(array)
    first, second = axes
    rank = len(x.shape)
    if first % rank == second % rank:
        raise ValueError("Axes must be different.")
    k %= 4
    if k == 0:
        return x
    if k == 2:
        return _flip(_flip(x, first), second)
    perm = list(range(rank))
    perm[first], perm[second] = perm[second], perm[first]
    if k == 1:
        return tf.transpose(_flip(x, second), perm=perm)
    return _flip(tf.transpose(x, perm=perm), second)


def diagflat(x, k=0):
    """keras.ops.diagflat: the flattened x on the k-th diagonal."""
    from ._ops_numpy_array import diag

    return diag(tf.reshape(convert_to_tensor(x), [-1]), k)


def kron(x1, x2):
    """keras.ops.kron: the Kronecker product."""
    x1, x2 = _promote(x1, x2)
    rank = max(len(x1.shape), len(x2.shape))
    x1 = tf.reshape(x1, [1] * (rank - len(x1.shape)) + list(x1.shape))
    x2 = tf.reshape(x2, [1] * (rank - len(x2.shape)) + list(x2.shape))
    interleaved1 = tf.reshape(x1, [d for s in x1.shape for d in (s, 1)])
    interleaved2 = tf.reshape(x2, [d for s in x2.shape for d in (1, s)])
    return tf.reshape(interleaved1 * interleaved2, [a * b for a, b in zip(x1.shape, x2.shape)])


def vander(x, N=None, increasing=False):
    """keras.ops.vander: columns of powers of x."""
    x = convert_to_tensor(x)
    n = x.shape[0] if N is None else N
    powers = tf.range(n) if increasing else tf.range(n - 1, -1, -1)
    return tf.math.pow(tf.expand_dims(x, 1), tf.cast(tf.expand_dims(powers, 0), x.dtype))


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """keras.ops.trapezoid: the trapezoidal integral along axis."""
    y = _f(y)
    length = y.shape[axis]
    upper = tf.gather(y, list(range(1, length)), axis=axis)
    lower = tf.gather(y, list(range(length - 1)), axis=axis)
    if x is None:
        widths = tf.cast(dx, y.dtype)
    else:
        x = tf.cast(convert_to_tensor(x), y.dtype)
        n = x.shape[-1]
        widths = tf.gather(x, list(range(1, n)), axis=-1) - tf.gather(x, list(range(n - 1)), axis=-1)
    return tf.math.reduce_sum((upper + lower) * widths / 2.0, axis=axis)


def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    """keras.ops.logspace: base ** linspace(start, stop)."""
    from ._ops_numpy_array import linspace

    exponents = linspace(start, stop, num, endpoint=endpoint, dtype="float64", axis=axis)
    dtype = _dtypes.result_type(_dtypes.dtype_of(start), _dtypes.dtype_of(stop), float) if dtype is None else dtype
    return tf.cast(tf.math.pow(tf.constant(float(base), "float64"), exponents), _dtypes.standardize_dtype(dtype))


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """keras.ops.geomspace: a geometric progression from start to stop."""
    from ._ops_numpy_array import linspace

    logs = linspace(_math.log10(float(start)), _math.log10(float(stop)), num, endpoint=endpoint, dtype="float64",
                    axis=axis)
    dtype = _dtypes.result_type(_dtypes.dtype_of(start), _dtypes.dtype_of(stop), float) if dtype is None else dtype
    return tf.cast(tf.math.pow(tf.constant(10.0, "float64"), logs), _dtypes.standardize_dtype(dtype))


def _window(values):
    return tf.constant(values, _dtypes.floatx())


def hamming(x):
    """keras.ops.hamming: the Hamming window of x points."""
    return _window(_np.hamming(int(x)))


def hanning(x):
    """keras.ops.hanning: the Hann window of x points."""
    return _window(_np.hanning(int(x)))


def blackman(x):
    """keras.ops.blackman: the Blackman window of x points."""
    return _window(_np.blackman(int(x)))


def bartlett(x):
    """keras.ops.bartlett: the Bartlett window of x points."""
    return _window(_np.bartlett(int(x)))


def kaiser(x, beta):
    """keras.ops.kaiser: the Kaiser window of x points."""
    return _window(_np.kaiser(int(x), float(beta)))


def unravel_index(indices, shape):
    """keras.ops.unravel_index: a tuple of coordinate tensors, one per dimension of shape."""
    indices = convert_to_tensor(indices)
    coordinates = tf.unravel_index(tf.reshape(indices, [-1]), tf.constant(list(shape), indices.dtype))
    return tuple(tf.reshape(c, tf.shape(indices)) for c in tf.unstack(coordinates, axis=0))


def slogdet(x):
    """keras.ops.slogdet: (sign, log |det|)."""
    return tuple(tf.linalg.slogdet(convert_to_tensor(x)))

"""keras.ops' NumPy-style array functions: creation (zeros, arange, eye, ...), shape manipulation
(reshape, transpose, concatenate, split, ...), indexing (take, where, ...) and products (matmul,
dot, einsum, ...), with Keras 3's argument names and dtype rules."""

import builtins as _builtins

import numpy as _np

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import (convert_to_tensor, dim as _dim, dtype_name as _name, filled_like as _filled_like,
                           promote as _promote, shape_argument as _shape_argument)


# Creation.
def zeros(shape, dtype=None):
    """keras.ops.zeros: floatx by default."""
    return tf.fill(_shape_argument(shape), tf.cast(tf.constant(0), _dtypes.standardize_dtype(dtype)))


def ones(shape, dtype=None):
    """keras.ops.ones: floatx by default."""
    return tf.fill(_shape_argument(shape), tf.cast(tf.constant(1), _dtypes.standardize_dtype(dtype)))


def full(shape, fill_value, dtype=None):
    """keras.ops.full: floatx by default."""
    value = convert_to_tensor(fill_value, _dtypes.standardize_dtype(dtype))
    return tf.broadcast_to(value, _shape_argument(shape))


def empty(shape, dtype=None):
    """keras.ops.empty: zeros (TensorFlow has no uninitialized tensors)."""
    return zeros(shape, dtype)


def _like(fill):
    def fn(x, dtype=None):
        x = convert_to_tensor(x)
        dtype = _name(x) if dtype is None else _dtypes.standardize_dtype(dtype)
        return _filled_like(x, fill, dtype)

    return fn


zeros_like = _like(0)
zeros_like.__doc__ = "keras.ops.zeros_like"
ones_like = _like(1)
ones_like.__doc__ = "keras.ops.ones_like"
empty_like = zeros_like


def full_like(x, fill_value, dtype=None):
    """keras.ops.full_like: x's dtype by default."""
    x = convert_to_tensor(x)
    dtype = _name(x) if dtype is None else _dtypes.standardize_dtype(dtype)
    return tf.fill(tf.shape(x), convert_to_tensor(fill_value, dtype))


def arange(start, stop=None, step=None, dtype=None):
    """keras.ops.arange: int32 for Python ints, floatx for floats."""
    if dtype is None:
        dtype = _dtypes.result_type(*(_dtypes.dtype_of(v) for v in (start, stop, step) if v is not None))
    dtype = _dtypes.standardize_dtype(dtype)
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    return tf.cast(tf.range(start, stop, step, dtype="float64" if _dtypes.is_float(dtype) else "int64"), dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """keras.ops.linspace: floatx unless dtype says otherwise."""
    if dtype is None:
        dtype = _dtypes.result_type(_dtypes.dtype_of(start), _dtypes.dtype_of(stop), float)
    dtype = _dtypes.standardize_dtype(dtype)
    start = tf.cast(convert_to_tensor(start), "float64")
    stop = tf.cast(convert_to_tensor(stop), "float64")
    divisor = (num - 1) if endpoint else num
    step = (stop - start) / float(_builtins.max(divisor, 1))
    values = start + tf.cast(tf.range(num), "float64") * step
    if axis != 0:
        values = moveaxis(values, 0, axis)
    values = tf.cast(values, dtype)
    return (values, tf.cast(step, dtype)) if retstep else values


def eye(N, M=None, k=0, dtype=None):
    """keras.ops.eye: ones on the k-th diagonal of an N x M matrix."""
    M = N if M is None else M
    rows = tf.expand_dims(tf.range(N), 1)
    cols = tf.expand_dims(tf.range(M), 0)
    return tf.cast(tf.math.equal(cols - rows, k), _dtypes.standardize_dtype(dtype))


def identity(n, dtype=None):
    """keras.ops.identity: the n x n identity matrix."""
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):
    """keras.ops.tri: ones at and below the k-th diagonal."""
    M = N if M is None else M
    rows = tf.expand_dims(tf.range(N), 1)
    cols = tf.expand_dims(tf.range(M), 0)
    return tf.cast(cols - rows <= k, _dtypes.standardize_dtype(dtype))


def _band(x, k, lower):
    x = convert_to_tensor(x)
    rows, cols = _dim(x, -2), _dim(x, -1)
    mask = tri(rows, cols, k, "bool") if lower else tf.math.logical_not(tri(rows, cols, k - 1, "bool"))
    return tf.where(mask, x, tf.zeros_like(x))


def tril(x, k=0):
    """keras.ops.tril: zeros above the k-th diagonal."""
    return _band(x, k, True)


def triu(x, k=0):
    """keras.ops.triu: zeros below the k-th diagonal."""
    return _band(x, k, False)


def array(x, dtype=None):
    """keras.ops.array."""
    return convert_to_tensor(x, dtype)


def copy(x):
    """keras.ops.copy."""
    return tf.identity(convert_to_tensor(x))


# Shapes.
def reshape(x, newshape):
    """keras.ops.reshape."""
    return tf.reshape(convert_to_tensor(x), _shape_argument(newshape))


def ravel(x):
    """keras.ops.ravel: x flattened."""
    return tf.reshape(convert_to_tensor(x), [-1])


def transpose(x, axes=None):
    """keras.ops.transpose: reversed axes by default."""
    x = convert_to_tensor(x)
    return tf.transpose(x, perm=None if axes is None else list(axes))


def moveaxis(x, source, destination):
    """keras.ops.moveaxis."""
    x = convert_to_tensor(x)
    rank = len(x.shape)
    source = [s % rank for s in ([source] if isinstance(source, int) else source)]
    destination = [d % rank for d in ([destination] if isinstance(destination, int) else destination)]
    if len(source) != len(destination):
        raise ValueError("Inconsistent number of `source` and `destination`. Received: source=%s, destination=%s"
                         % (source, destination))
    order = [a for a in range(rank) if a not in source]
    for d, s in sorted(zip(destination, source)):
        order.insert(d, s)
    return tf.transpose(x, perm=order)


def swapaxes(x, axis1, axis2):
    """keras.ops.swapaxes."""
    x = convert_to_tensor(x)
    perm = list(range(len(x.shape)))
    perm[axis1], perm[axis2] = perm[axis2], perm[axis1]
    return tf.transpose(x, perm=perm)


def expand_dims(x, axis):
    """keras.ops.expand_dims: axis may be a tuple."""
    x = convert_to_tensor(x)
    if isinstance(axis, int):
        return tf.expand_dims(x, axis)
    rank = len(x.shape) + len(axis)
    for a in sorted(a % rank for a in axis):
        x = tf.expand_dims(x, a)
    return x


def squeeze(x, axis=None):
    """keras.ops.squeeze: the size-1 axes (or `axis`, which must have size 1)."""
    x = convert_to_tensor(x)
    if axis is None:
        return tf.squeeze(x)
    axis = [axis] if isinstance(axis, int) else list(axis)
    for a in axis:
        if x.shape[a] != 1:
            raise ValueError("Cannot squeeze axis %d, because the dimension is not 1." % a)
    return tf.squeeze(x, axis=axis)


def concatenate(xs, axis=0):
    """keras.ops.concatenate: the inputs promoted to one dtype."""
    return tf.concat(_promote(*xs), axis=axis)


def append(x1, x2, axis=None):
    """keras.ops.append: x2 after x1 along axis (flattened when axis is None)."""
    x1, x2 = _promote(x1, x2)
    if axis is None:
        x1, x2, axis = tf.reshape(x1, [-1]), tf.reshape(x2, [-1]), 0
    return tf.concat([x1, x2], axis=axis)


def stack(x, axis=0):
    """keras.ops.stack: the inputs promoted to one dtype."""
    return tf.stack(_promote(*x), axis=axis)


def hstack(xs):
    """keras.ops.hstack: along axis 1 (axis 0 for vectors)."""
    xs = _promote(*xs)
    return tf.concat(xs, axis=0 if len(xs[0].shape) == 1 else 1)


def vstack(xs):
    """keras.ops.vstack: along axis 0 (vectors are joined, not stacked as rows, as Keras'
    TensorFlow backend does)."""
    return tf.concat(_promote(*xs), axis=0)


def unstack(x, num=None, axis=0):
    """keras.ops.unstack."""
    return tf.unstack(convert_to_tensor(x), num=num, axis=axis)


def split(x, indices_or_sections, axis=0):
    """keras.ops.split: into equal sections (an int) or at the given indices (NumPy's meaning)."""
    x = convert_to_tensor(x)
    size = x.shape[axis]
    if isinstance(indices_or_sections, int):
        return tf.split(x, indices_or_sections, axis=axis)
    bounds = [0] + [int(i) for i in indices_or_sections] + [size]
    return tf.split(x, [_builtins.max(b - a, 0) for a, b in zip(bounds, bounds[1:])], axis=axis)


def tile(x, repeats):
    """keras.ops.tile: repeats may be shorter or longer than x's rank (NumPy's rule)."""
    x = convert_to_tensor(x)
    repeats = [repeats] if isinstance(repeats, int) else list(repeats)
    rank = len(x.shape)
    if len(repeats) < rank:
        repeats = [1] * (rank - len(repeats)) + repeats
    elif len(repeats) > rank:
        x = tf.reshape(x, [1] * (len(repeats) - rank) + list(x.shape))
    return tf.tile(x, repeats)


def repeat(x, repeats, axis=None):
    """keras.ops.repeat: of the flattened x when axis is None."""
    x = convert_to_tensor(x)
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    return tf.repeat(x, repeats, axis=axis)


def flip(x, axis=None):
    """keras.ops.flip: every axis by default."""
    x = convert_to_tensor(x)
    axis = list(range(len(x.shape))) if axis is None else ([axis] if isinstance(axis, int) else list(axis))
    return tf.reverse(x, axis)


def roll(x, shift, axis=None):
    """keras.ops.roll: of the flattened x when axis is None."""
    x = convert_to_tensor(x)
    if axis is None:
        return tf.reshape(tf.roll(tf.reshape(x, [-1]), shift, 0), tf.shape(x))
    return tf.roll(x, shift, axis)


def broadcast_to(x, shape):
    """keras.ops.broadcast_to."""
    return tf.broadcast_to(convert_to_tensor(x), _shape_argument(shape))


def pad(x, pad_width, mode="constant", constant_values=None):
    """keras.ops.pad: pad_width as [[before, after], ...] (or one pair for every axis)."""
    x = convert_to_tensor(x)
    widths = _np.broadcast_to(_np.asarray(pad_width, _np.int64).reshape(-1, 2), (len(x.shape), 2)).tolist()
    if mode not in ("constant", "reflect", "symmetric"):
        raise ValueError("Unsupported padding mode: %s" % mode)
    if constant_values is not None and mode != "constant":
        raise ValueError("Argument `constant_values` can only be provided when `mode == 'constant'`. Received: "
                         "mode=%s" % mode)
    if mode == "constant":
        return tf.pad(x, widths, mode="CONSTANT", constant_values=0 if constant_values is None else constant_values)
    return tf.pad(x, widths, mode=mode.upper())


# Indexing.
def where(condition, x1=None, x2=None):
    """keras.ops.where: x1 where condition holds, else x2 (both promoted to one dtype); with
    neither, the indices of the true elements (nonzero)."""
    condition = convert_to_tensor(condition, "bool")
    if x1 is None and x2 is None:
        return nonzero(condition)
    if x1 is None or x2 is None:
        raise ValueError("`x1` and `x2` either both should be `None` or both should have non-None value.")
    x1, x2 = _promote(x1, x2)
    return tf.where(condition, x1, x2)


def nonzero(x):
    """keras.ops.nonzero: a tuple of int32 index vectors, one per axis."""
    x = convert_to_tensor(x)
    indices = tf.cast(tf.where(tf.cast(x, "bool")), "int32")
    return tuple(tf.unstack(indices, num=len(x.shape), axis=1))


def take(x, indices, axis=None):
    """keras.ops.take: gathers along axis (the flattened x when None); negative indices count from
    the end."""
    x = convert_to_tensor(x)
    indices = convert_to_tensor(indices)
    if not _dtypes.is_int(_name(indices)):
        indices = tf.cast(indices, "int32")
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    size = tf.cast(_dim(x, axis), indices.dtype)
    indices = tf.where(indices < 0, indices + size, indices)
    return tf.gather(x, indices, axis=axis)


def take_along_axis(x, indices, axis=None):
    """keras.ops.take_along_axis: x's values at `indices` along `axis` (broadcast against x)."""
    x = convert_to_tensor(x)
    indices = tf.cast(convert_to_tensor(indices), "int64")
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    rank = len(x.shape)
    axis %= rank
    size = tf.cast(_dim(x, axis), "int64")
    indices = tf.where(indices < 0, indices + size, indices)
    moved = moveaxis(x, axis, -1)
    index_moved = moveaxis(indices, axis, -1)
    # The other axes broadcast against each other (their sizes may be known only while running).
    batch = tf.broadcast_dynamic_shape(tf.shape(moved)[:-1], tf.shape(index_moved)[:-1])
    moved = tf.broadcast_to(moved, tf.concat([batch, tf.shape(moved)[-1:]], 0))
    index_moved = tf.broadcast_to(index_moved, tf.concat([batch, tf.shape(index_moved)[-1:]], 0))
    taken = tf.gather(moved, index_moved, batch_dims=rank - 1)
    return moveaxis(taken, -1, axis)


def select(condlist, choicelist, default=0):
    """keras.ops.select: from the first choice whose condition holds, else default."""
    choices = _promote(*choicelist, default)
    result = choices[-1]
    for condition, choice in reversed(list(zip(condlist, choices[:-1]))):
        result = tf.where(convert_to_tensor(condition, "bool"), choice, result)
    return result


def sort(x, axis=-1):
    """keras.ops.sort: ascending."""
    return tf.sort(convert_to_tensor(x), axis=axis)


def argsort(x, axis=-1):
    """keras.ops.argsort: int32 indices of the ascending (stable) order."""
    x = convert_to_tensor(x)
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    return tf.cast(tf.argsort(x, axis=axis, stable=True), "int32")


def searchsorted(sorted_sequence, values, side="left"):
    """keras.ops.searchsorted: int32 insertion points into a 1-D sorted sequence."""
    sorted_sequence, values = _promote(sorted_sequence, values)
    if len(sorted_sequence.shape) != 1:
        raise ValueError("`searchsorted` only supports 1-D sorted sequences. You can use `keras.ops.vectorized_map` "
                         "to extend it to N-D sequences. Received: sorted_sequence.shape=%s" % (sorted_sequence.shape,))
    flat = tf.reshape(values, [1, -1])
    found = tf.searchsorted(tf.expand_dims(sorted_sequence, 0), flat, side=side, out_type="int32")
    return tf.reshape(found, tf.shape(values))


def diagonal(x, offset=0, axis1=0, axis2=1):
    """keras.ops.diagonal: the offset diagonal of the axis1 x axis2 planes, as the last axis."""
    x = moveaxis(convert_to_tensor(x), [axis1, axis2], [-2, -1])
    rows, cols = x.shape[-2], x.shape[-1]
    length = _builtins.max(0, _builtins.min(rows + _builtins.min(offset, 0), cols - _builtins.max(offset, 0)))
    r = [i - _builtins.min(offset, 0) for i in range(length)]
    c = [i + _builtins.max(offset, 0) for i in range(length)]
    flat = tf.reshape(x, list(x.shape[:-2]) + [rows * cols])
    return tf.gather(flat, [a * cols + b for a, b in zip(r, c)], axis=-1)


def diag(x, k=0):
    """keras.ops.diag: a vector's diagonal matrix, or a matrix's k-th diagonal."""
    x = convert_to_tensor(x)
    if len(x.shape) == 1:
        n = x.shape[0] + (k if k >= 0 else -k)
        padded = tf.pad(tf.linalg.diag(x), [[_builtins.max(-k, 0), _builtins.max(k, 0)],
                                             [_builtins.max(k, 0), _builtins.max(-k, 0)]])
        return tf.reshape(padded, [n, n])
    if len(x.shape) == 2:
        return diagonal(x, k)
    raise ValueError("`x` must be 1d or 2d. Received: x.shape=%s" % (tuple(x.shape),))


def trace(x, offset=0, axis1=0, axis2=1):
    """keras.ops.trace: the sum of the offset diagonal (small integers sum as int32)."""
    x = convert_to_tensor(x)
    d = diagonal(x, offset, axis1, axis2)
    name = _name(d)
    if name in ("bool", "int8", "int16"):
        d = tf.cast(d, "int32")
    elif name in ("uint8", "uint16"):
        d = tf.cast(d, "uint32")
    return tf.math.reduce_sum(d, axis=-1)


def meshgrid(*x, indexing="xy"):
    """keras.ops.meshgrid."""
    return tf.meshgrid(*[convert_to_tensor(v) for v in x], indexing=indexing)


def size(x):
    """keras.ops.size: the number of elements."""
    return tf.size(convert_to_tensor(x), out_type="int32")


def ndim(x):
    """keras.ops.ndim: the rank."""
    return len(convert_to_tensor(x).shape)


# Products.
def _matmul_dtype(x1, x2):
    dtype = _dtypes.result_type(_name(x1), _name(x2))
    # TensorFlow's MatMul has no kernel for small integer types: those multiply as int32.
    compute = "int32" if dtype in ("bool", "int8", "int16", "uint8", "uint16", "uint32") else dtype
    return dtype, compute


def matmul(x1, x2):
    """keras.ops.matmul: NumPy's matmul (vectors promoted to matrices and back)."""
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype, compute = _matmul_dtype(x1, x2)
    x1, x2 = tf.cast(x1, compute), tf.cast(x2, compute)
    if len(x1.shape) == 1 and len(x2.shape) == 1:
        result = tf.math.reduce_sum(x1 * x2)
    elif len(x1.shape) == 1:
        result = tf.squeeze(tf.linalg.matmul(tf.expand_dims(x1, 0), x2), -2)
    elif len(x2.shape) == 1:
        result = tf.squeeze(tf.linalg.matmul(x1, tf.expand_dims(x2, -1)), -1)
    else:
        result = tf.linalg.matmul(x1, x2)
    if dtype in ("int8", "int16", "uint8", "uint16", "uint32", "bool"):
        return tf.cast(result, "int32" if dtype != "uint32" else dtype)
    return tf.cast(result, dtype)


def dot(x1, x2):
    """keras.ops.dot: NumPy's dot (products of scalars, matmul, or a sum over x1's last and x2's
    second-to-last axis)."""
    x1, x2 = _promote(x1, x2)
    if len(x1.shape) == 0 or len(x2.shape) == 0:
        return x1 * x2
    if len(x2.shape) <= 2:
        return matmul(x1, x2)
    return tensordot(x1, x2, axes=[[len(x1.shape) - 1], [len(x2.shape) - 2]])


def tensordot(x1, x2, axes=2):
    """keras.ops.tensordot: over x1's last `axes` and x2's first ones, or the axes of a pair of
    lists."""
    x1, x2 = _promote(x1, x2)
    if isinstance(axes, int):
        return tf.tensordot(x1, x2, axes=axes)
    first, second = ([a] if isinstance(a, int) else list(a) for a in axes)
    rank1, rank2 = len(x1.shape), len(x2.shape)
    first, second = [a % rank1 for a in first], [a % rank2 for a in second]
    free1 = [a for a in range(rank1) if a not in first]
    free2 = [a for a in range(rank2) if a not in second]
    # Contracted axes moved last in x1 and first in x2: then it is tensordot over len(first) axes.
    moved1 = tf.transpose(x1, perm=free1 + first)
    moved2 = tf.transpose(x2, perm=second + free2)
    return tf.tensordot(moved1, moved2, axes=len(first))


def einsum(subscripts, *operands, **kwargs):
    """keras.ops.einsum: the operands promoted to one dtype."""
    del kwargs
    return tf.einsum(subscripts, *_promote(*operands))


def outer(x1, x2):
    """keras.ops.outer: of the flattened inputs."""
    x1, x2 = _promote(x1, x2)
    return tf.reshape(x1, [-1, 1]) * tf.reshape(x2, [1, -1])


def inner(x1, x2):
    """keras.ops.inner: a sum over the last axes."""
    x1, x2 = _promote(x1, x2)
    if len(x1.shape) == 0 or len(x2.shape) == 0:
        return x1 * x2
    return tensordot(x1, x2, axes=[[-1], [-1]])


def vdot(x1, x2):
    """keras.ops.vdot: the dot product of the flattened inputs."""
    x1, x2 = _promote(x1, x2)
    return tf.math.reduce_sum(tf.reshape(x1, [-1]) * tf.reshape(x2, [-1]))


def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """keras.ops.cross: of 3-vectors along the last axis."""
    x1, x2 = _promote(x1, x2)
    if axis is not None:
        axisa = axisb = axisc = axis
    x1, x2 = moveaxis(x1, axisa, -1), moveaxis(x2, axisb, -1)
    return moveaxis(tf.linalg.cross(x1, x2), -1, axisc)


def diff(a, n=1, axis=-1):
    """keras.ops.diff: the n-th discrete difference along axis."""
    a = moveaxis(convert_to_tensor(a), axis, 0)
    for _ in range(n):
        a = a[1:] - a[:-1]
    return moveaxis(a, 0, axis)

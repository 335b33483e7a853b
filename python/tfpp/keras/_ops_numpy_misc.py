"""keras.ops' remaining NumPy-style functions over tfpp: unique (of the flattened x), correlate,
the NaN-ignoring quantiles, vectorize and associative_scan (run as Python loops over tfpp ops)."""

import numpy as _np

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import convert_to_tensor, dtype_name as _name, promote as _promote
from ._ops_numpy_more import quantile as _quantile


def unique(x, sorted=True, return_index=False, return_inverse=False, return_counts=False,  # noqa: A002
           axis=None, size=None, fill_value=None):
    """keras.ops.unique: the distinct values of the flattened x (sorted by default), with their first
    indices, the inverse map and counts on request; padded or cut to `size`."""
    if axis is not None:
        raise ValueError("tfpp's keras.ops.unique takes axis=None only (the flattened x)")
    x = convert_to_tensor(x)
    flat = tf.reshape(x, [-1])
    values, inverse, counts = tf.unique_with_counts(flat)
    count = int(tf.size(values))
    first = tf.math.unsorted_segment_min(tf.range(int(tf.size(flat))), inverse, count)
    if sorted:
        order = tf.argsort(values, stable=True)
        values, first, counts = tf.gather(values, order), tf.gather(first, order), tf.gather(counts, order)
        inverse = tf.gather(tf.math.invert_permutation(order), inverse)
    if size is not None:
        keep = min(count, size)
        pad = max(0, size - count)
        values = tf.pad(values[:keep], [[0, pad]], constant_values=0 if fill_value is None else fill_value)
        first = tf.pad(first[:keep], [[0, pad]], constant_values=1)
        counts = tf.pad(counts[:keep], [[0, pad]])
    results = [values]
    if return_index:
        results.append(first)
    if return_inverse:
        results.append(tf.reshape(inverse, tf.shape(x)))
    if return_counts:
        results.append(counts)
    return results[0] if len(results) == 1 else tuple(results)


def correlate(x1, x2, mode="valid"):
    """keras.ops.correlate: the cross-correlation of two vectors (modes valid, same, full)."""
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = _dtypes.result_type(_name(x1), _name(x2))
    dtype = "float64" if dtype == "int64" else (dtype if dtype in ("bfloat16", "float16", "float64") else "float32")
    x1, x2 = tf.cast(x1, dtype), tf.cast(x2, dtype)
    if mode not in ("valid", "same", "full"):
        raise ValueError("Invalid mode: '%s'. Mode must be one of: 'full', 'same', 'valid'." % (mode,))
    n, m = x1.shape[0], x2.shape[0]
    if mode != "valid":
        x1 = tf.pad(x1, [[m - 1, m - 1]])
    windows = tf.signal.frame(x1, m, 1)
    full = tf.linalg.matvec(windows, x2)
    if mode != "same":
        return full
    length = max(n, m)
    start = (n + m - 1 - length) // 2
    return full[start:start + length]


def nanquantile(x, q, axis=None, method="linear", keepdims=False):
    """keras.ops.nanquantile: quantile of the non-NaN values (NaN where all are NaN)."""
    x = convert_to_tensor(x)
    if not _dtypes.is_float(_name(x)):
        return _quantile(x, q, axis=axis, method=method, keepdims=keepdims)
    if method not in ("linear", "lower", "higher", "midpoint", "nearest"):
        raise ValueError("Invalid value for argument `method`: %s" % method)
    x = tf.cast(x, _dtypes.result_type(_name(x), float))
    q = convert_to_tensor(q, x.dtype)
    rank = len(x.shape)
    reduce = list(range(rank)) if axis is None else sorted(a % rank for a in ([axis] if isinstance(axis, int)
                                                                             else axis))
    kept = [a for a in range(rank) if a not in reduce]
    rows = tf.transpose(x, perm=kept + reduce)
    rows = tf.reshape(rows, [x.shape[a] for a in kept] + [-1])
    nan = tf.math.is_nan(rows)
    # NaNs sort last as +inf; each row's quantile positions count its non-NaN values only.
    ordered = tf.sort(tf.where(nan, tf.cast(_np.inf, x.dtype) * tf.ones_like(rows), rows), axis=-1)
    valid = tf.math.reduce_sum(tf.cast(tf.math.logical_not(nan), x.dtype), axis=-1, keepdims=True)
    q_row = tf.reshape(q, [1] * len(kept) + [-1])
    position = q_row * tf.math.maximum(valid - 1, 0)
    low, high = tf.math.floor(position), tf.math.ceil(position)

    def at(index):
        return tf.gather(ordered, tf.cast(index, "int32"), axis=-1, batch_dims=len(kept))

    if method == "lower":
        result = at(low)
    elif method == "higher":
        result = at(high)
    elif method == "nearest":
        result = at(tf.math.round(position))
    else:
        weight = tf.cast(0.5, x.dtype) if method == "midpoint" else position - low
        result = at(low) + (at(high) - at(low)) * weight
    result = tf.where(tf.math.equal(valid, 0), tf.cast(_np.nan, x.dtype) * tf.ones_like(result), result)
    if len(q.shape) == 0:
        result = tf.squeeze(result, [-1])
    else:
        result = tf.transpose(result, perm=[len(kept)] + list(range(len(kept))))
    if keepdims:
        full = [1 if a in reduce else x.shape[a] for a in range(rank)]
        result = tf.reshape(result, ([q.shape[0]] if len(q.shape) == 1 else []) + full)
    return result


def nanpercentile(x, q, axis=None, method="linear", keepdims=False):
    """keras.ops.nanpercentile: nanquantile of q / 100."""
    return nanquantile(x, _np.asarray(q, _np.float32) / 100.0, axis=axis, method=method, keepdims=keepdims)


def nanmedian(x, axis=None, keepdims=False):
    """keras.ops.nanmedian."""
    return nanquantile(x, 0.5, axis=axis, keepdims=keepdims)


def vectorize(pyfunc, *, excluded=None, signature=None):
    """keras.ops.vectorize: pyfunc mapped over the leading axis of its (broadcast) tensor arguments,
    repeatedly until they are scalars (NumPy's vectorize without signature)."""
    if signature is not None:
        raise ValueError("tfpp's keras.ops.vectorize takes no signature")
    excluded = set(excluded or ())

    def mapped(*args, **kwargs):
        positions = [i for i in range(len(args)) if i not in excluded]
        tensors = _promote(*[args[i] for i in positions]) if len(positions) > 1 else [
            convert_to_tensor(args[i]) for i in positions]
        shape = _np.broadcast_shapes(*[tuple(t.shape) for t in tensors])
        tensors = [tf.broadcast_to(t, list(shape)) for t in tensors]

        def apply(parts):
            call = list(args)
            for i, part in zip(positions, parts):
                call[i] = part
            return pyfunc(*call, **kwargs)

        def over(parts, rank):
            if rank == 0:
                return apply(parts)
            return tf.stack([over([p[k] for p in parts], rank - 1) for k in range(parts[0].shape[0])])

        return over(tensors, len(shape))

    return mapped


def associative_scan(f, elems, reverse=False, axis=0):
    """keras.ops.associative_scan: the inclusive scan of the associative f along axis (a nest of
    tensors), computed left to right."""
    flat = [convert_to_tensor(e) for e in tf.nest.flatten(elems)]
    length = flat[0].shape[axis]
    for e in flat:
        if e.shape[axis] != length:
            raise ValueError("Array inputs to associative_scan must have the same first dimension. (saw: %s)"
                             % ([tuple(t.shape) for t in flat],))
    order = list(range(length - 1, -1, -1)) if reverse else list(range(length))
    carry, results = None, []
    for k in order:
        item = tf.nest.pack_sequence_as(elems, [tf.gather(e, tf.constant(k), axis=axis) for e in flat])
        carry = item if carry is None else f(carry, item)
        results.append(tf.nest.flatten(carry))
    if reverse:
        results.reverse()
    stacked = [tf.stack([r[j] for r in results], axis=axis) for j in range(len(flat))]
    return tf.nest.pack_sequence_as(elems, stacked)

"""keras.ops' core and math groups: casts, shapes, control flow (cond, while_loop, fori_loop,
scan, map, switch), scatter and slice updates, segment reductions, top_k, logsumexp, erf, ...
over tfpp's functions."""

import numpy as _np

import tfpp as tf

from . import _ops_dtypes as _dtypes
from .layers import KerasTensor as _KerasTensor
from ._ops_convert import axes as _axes, convert_to_tensor, dtype_name as _name, to_float as _f


def cast(x, dtype):
    """keras.ops.cast."""
    return tf.cast(convert_to_tensor(x), _dtypes.standardize_dtype(dtype))


def saturate_cast(x, dtype):
    """keras.ops.saturate_cast: values clipped to the target dtype's range first."""
    x = convert_to_tensor(x)
    dtype = _dtypes.standardize_dtype(dtype)
    if _dtypes.is_float(_name(x)) and (_dtypes.is_int(dtype) or dtype == "uint8"):
        info = _np.iinfo(dtype)
        x = tf.clip_by_value(x, float(info.min), float(info.max))
    elif _dtypes.is_int(_name(x)) and _dtypes.is_int(dtype):
        info, source = _np.iinfo(dtype), _np.iinfo(_name(x))
        x = tf.clip_by_value(x, tf.cast(max(info.min, source.min), x.dtype), tf.cast(min(info.max, source.max), x.dtype))
    return tf.cast(x, dtype)


def convert_to_numpy(x):
    """keras.ops.convert_to_numpy."""
    return _np.asarray(convert_to_tensor(x))


def is_tensor(x):
    """keras.ops.is_tensor: whether x is a backend tensor."""
    return tf.is_tensor(x)


def dtype(x):
    """keras.ops.dtype: x's dtype name."""
    return _dtypes.standardize_dtype(x.dtype if isinstance(x, _KerasTensor) else convert_to_tensor(x).dtype)


def shape(x):
    """keras.ops.shape: a tuple of ints (scalar tensors for the dimensions unknown while tracing; a
    KerasTensor's own shape, None for the batch)."""
    if isinstance(x, _KerasTensor):
        return tuple(x.shape)
    x = convert_to_tensor(x)
    dims = list(x.shape)
    if any(d is None for d in dims):
        dynamic = tf.shape(x)
        dims = [dynamic[i] if d is None else d for i, d in enumerate(dims)]
    return tuple(dims)


def stop_gradient(variable):
    """keras.ops.stop_gradient."""
    return tf.stop_gradient(convert_to_tensor(variable))


def cond(pred, true_fn, false_fn):
    """keras.ops.cond."""
    return tf.cond(pred, true_fn, false_fn)


def switch(index, branches, *operands):
    """keras.ops.switch: branches[index](*operands), the index clipped to the branches (a chain of
    tf.cond while tracing)."""
    index = tf.clip_by_value(convert_to_tensor(index, "int32"), 0, len(branches) - 1)
    if tf.executing_eagerly():
        return branches[int(index)](*operands)

    def pick(i):
        if i == len(branches) - 1:
            return branches[i](*operands)
        return tf.cond(tf.math.equal(index, i), lambda: branches[i](*operands), lambda: pick(i + 1))

    return pick(0)


def while_loop(cond, body, loop_vars, maximum_iterations=None):  # noqa: F811
    """keras.ops.while_loop: loop_vars a tuple / list or a single value."""
    is_tuple = isinstance(loop_vars, (tuple, list))
    loop_vars = tuple(loop_vars) if is_tuple else (loop_vars,)

    def step(*args):
        outputs = body(*args)
        return tuple(outputs) if is_tuple else (outputs,)

    outputs = tf.while_loop(cond, step, loop_vars, maximum_iterations=maximum_iterations)
    return tuple(outputs) if is_tuple else outputs[0]


def fori_loop(lower, upper, body_fun, init_val):
    """keras.ops.fori_loop: init_val carried through body_fun(i, value) for i in [lower, upper)."""
    _, value = tf.while_loop(lambda i, v: i < upper, lambda i, v: (i + 1, body_fun(i, v)), (lower, init_val))
    return value


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """keras.ops.scan: (carry, stacked ys) of carry, y = f(carry, x) over xs' first axis."""
    del unroll
    if not callable(f):
        raise TypeError("`f` should be a callable. Received: f=%s" % (f,))
    if xs is None and length is None:
        raise ValueError("Got no `xs` to scan over and `length` not provided.")
    n = int(length) if xs is None else int(tf.nest.flatten(xs)[0].shape[0])
    order = range(n - 1, -1, -1) if reverse else range(n)
    carry, ys = init, []
    for i in order:
        x = None if xs is None else tf.nest.map_structure(lambda t, i=i: convert_to_tensor(t)[i], xs)
        carry, y = f(carry, x)
        ys.append(y)
    if reverse:
        ys.reverse()
    if not ys or ys[0] is None:
        return carry, None
    flat = [tf.nest.flatten(y) for y in ys]
    return carry, tf.nest.pack_sequence_as(ys[0], [tf.stack([f[k] for f in flat]) for k in range(len(flat[0]))])


def map(f, xs):  # noqa: A001 - keras.ops' name
    """keras.ops.map: f over xs' first axis, results stacked."""
    return tf.map_fn(f, xs)


def vectorized_map(function, elements):
    """keras.ops.vectorized_map: function over elements' first axis (as map)."""
    return tf.map_fn(function, elements)


def scatter(indices, values, shape):
    """keras.ops.scatter: zeros of `shape` with values added at indices."""
    values = convert_to_tensor(values)
    return tf.tensor_scatter_nd_add(tf.zeros(list(shape), values.dtype), convert_to_tensor(indices), values)


def scatter_update(inputs, indices, updates, reduction=None):
    """keras.ops.scatter_update: updates written (or added / maxed / mined) at indices."""
    inputs, indices, updates = convert_to_tensor(inputs), convert_to_tensor(indices), convert_to_tensor(updates)
    by_reduction = {None: tf.tensor_scatter_nd_update, "add": tf.tensor_scatter_nd_add,
                    "max": tf.tensor_scatter_nd_max, "min": tf.tensor_scatter_nd_min}
    if reduction not in by_reduction:
        raise ValueError("Unsupported reduction: %s" % (reduction,))
    return by_reduction[reduction](inputs, indices, updates)


def slice(inputs, start_indices, shape):  # noqa: A001
    """keras.ops.slice: `shape` elements from start_indices."""
    return tf.slice(convert_to_tensor(inputs), start_indices, shape)


def slice_update(inputs, start_indices, updates):
    """keras.ops.slice_update: inputs with the block at start_indices replaced by updates."""
    inputs, updates = convert_to_tensor(inputs), convert_to_tensor(updates)
    updates = tf.cast(updates, inputs.dtype)
    starts = [int(s) for s in start_indices]
    grids = _np.meshgrid(*[_np.arange(s, s + n) for s, n in zip(starts, updates.shape)], indexing="ij")
    indices = _np.stack(grids, axis=-1).astype(_np.int32)
    return tf.tensor_scatter_nd_update(inputs, indices, updates)


def custom_gradient(f):
    """keras.ops.custom_gradient."""
    return tf.custom_gradient(f)


# The math group.
def _segment(sorted_fn, unsorted_fn):
    def fn(data, segment_ids, num_segments=None, sorted=False):  # noqa: A002 - keras' name
        data, segment_ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
        if sorted:
            if num_segments is not None:
                raise ValueError("Argument `num_segments` cannot be set when sorted is True when using the tensorflow "
                                 "backend.Received: num_segments=%s, sorted=%s" % (num_segments, sorted))
            return sorted_fn(data, segment_ids)
        if num_segments is None:  # Keras' segment_max / segment_min rule (its segment_sum counts unique ids)
            num_segments = int(tf.math.reduce_max(segment_ids)) + 1
        return unsorted_fn(data, segment_ids, num_segments)

    return fn


segment_sum = _segment(tf.math.segment_sum, tf.math.unsorted_segment_sum)
segment_sum.__doc__ = "keras.ops.segment_sum"
segment_max = _segment(tf.math.segment_max, tf.math.unsorted_segment_max)
segment_max.__doc__ = "keras.ops.segment_max"
segment_min = _segment(tf.math.segment_min, tf.math.unsorted_segment_min)
segment_min.__doc__ = "keras.ops.segment_min"
segment_prod = _segment(tf.math.segment_prod, tf.math.unsorted_segment_prod)
segment_prod.__doc__ = "keras.ops.segment_prod"


def top_k(x, k, sorted=True):  # noqa: A002
    """keras.ops.top_k: (values, int32 indices) of the k largest along the last axis."""
    values, indices = tf.math.top_k(convert_to_tensor(x), k, sorted=sorted)
    return values, tf.cast(indices, "int32")


def in_top_k(targets, predictions, k):
    """keras.ops.in_top_k."""
    return tf.math.in_top_k(convert_to_tensor(targets), convert_to_tensor(predictions), k)


def logsumexp(x, axis=None, keepdims=False):
    """keras.ops.logsumexp: of float inputs (half precision computes in float32)."""
    x = convert_to_tensor(x)
    if _name(x) in ("float16", "bfloat16"):
        return tf.cast(tf.math.reduce_logsumexp(tf.cast(x, "float32"), axis=_axes(axis), keepdims=keepdims), x.dtype)
    return tf.math.reduce_logsumexp(x, axis=_axes(axis), keepdims=keepdims)


def rsqrt(x):
    """keras.ops.rsqrt: 1 / sqrt(x)."""
    return tf.math.rsqrt(_f(x))


def erf(x):
    """keras.ops.erf."""
    return tf.math.erf(_f(x))


def erfc(x):
    """keras.ops.erfc."""
    return tf.math.erfc(_f(x))


def erfinv(x):
    """keras.ops.erfinv."""
    return tf.math.erfinv(_f(x))


def extract_sequences(x, sequence_length, sequence_stride):
    """keras.ops.extract_sequences: frames of the last axis."""
    return tf.signal.frame(convert_to_tensor(x), sequence_length, sequence_stride, pad_end=False)


def logdet(x):
    """keras.ops.logdet: log of the determinant of a positive definite matrix."""
    return tf.linalg.logdet(convert_to_tensor(x))

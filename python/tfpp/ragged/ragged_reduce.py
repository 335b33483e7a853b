"""tf.reduce_sum / prod / max / min / mean / any / all of RaggedTensors, over any axes, as TensorFlow
reduces them: one axis at a time from the innermost, each reduction of a ragged dimension giving
a RaggedTensor of one ragged dimension less (or a tensor when none is left).

Note [Reducing a ragged axis by padding]: the tensor is padded to its bounding shape with the
reduction's identity (0, 1, the dtype's lowest or highest value, as TensorFlow's unsorted
segment reductions give an empty segment) and reduced densely. The result keeps a position
where any reduced row had one: the row lengths of each remaining ragged dimension, padded with
0, are reduced with max over the same axis, and cut the dense result back into rows."""

import numpy as _np

from .. import _tfpp
from .ragged_array_ops import expand_dims
from .ragged_tensor import RaggedTensor, ones_of


def reduction(kind):
    """The tf.reduce_<kind> function, dispatching RaggedTensors to `reduce`."""
    from .ragged_ops import dispatch_for_ragged

    def ragged_fn(input_tensor, axis=None, keepdims=False, name=None):
        return reduce(kind, input_tensor, axis, bool(keepdims))
    return dispatch_for_ragged(getattr(_tfpp.math, "reduce_" + kind), ragged_fn)


def reduce(kind, rt, axis=None, keepdims=False):
    """tf.reduce_<kind> of a RaggedTensor over `axis` (an int, a list of them, or None: every value)."""
    if kind == "mean":
        total = reduce("sum", rt, axis, keepdims)
        count = reduce("sum", rt.with_flat_values(ones_of(rt.flat_values)), axis, keepdims)
        if isinstance(total, RaggedTensor):
            return total.with_flat_values(total.flat_values / count.flat_values)
        return total / count
    if kind in ("any", "all"):  # as TensorFlow: a sum or product of the values as int32
        as_int = rt.with_flat_values(_tfpp.math.cast(rt.flat_values, _tfpp.int32))
        result = reduce("sum" if kind == "any" else "prod", as_int, axis, keepdims)
        return _map_values(result, lambda v: _tfpp.math.cast(v, _tfpp.bool))
    if axis is None:
        result = _dense(kind)(rt.flat_values, None, keepdims)
        for _ in range(rt.shape.rank - 1 if keepdims else 0):
            result = _tfpp.expand_dims(result, 0)
        return result
    axes = _positive_axes(axis, rt.shape.rank)
    result = rt
    for a in sorted(axes, reverse=True):
        result = _reduce_axis(kind, result, a, keepdims) if isinstance(result, RaggedTensor) else _dense(kind)(
            result, a, keepdims)
    return result


def _map_values(value, fn):
    return value.with_flat_values(fn(value.flat_values)) if isinstance(value, RaggedTensor) else fn(value)


def _dense(kind):
    return getattr(_tfpp.math, "reduce_" + kind)


def _positive_axes(axis, rank):
    axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    result = []
    for a in axes:
        if isinstance(a, (_tfpp.Tensor, _np.ndarray)) or not isinstance(a, (int, _np.integer)) or isinstance(a, bool):
            raise TypeError("axis must be an int; got %s" % type(a).__name__)
        if not -rank <= a < rank:
            raise ValueError("axis=%d out of bounds: expected %d <= axis < %d for a RaggedTensor of rank %d" % (
                a, -rank, rank, rank))
        result.append(int(a) + rank if a < 0 else int(a))
    return sorted(set(result))


def _identity(kind, dtype):
    """The value a missing entry contributes nothing with (Note [Reducing a ragged axis by padding])."""
    if kind == "sum":
        return 0
    if kind == "prod":
        return 1
    limits = _np.finfo(dtype.as_numpy_dtype) if dtype in (_tfpp.float32, _tfpp.float64) else \
        _np.iinfo(dtype.as_numpy_dtype)
    return limits.min if kind == "max" else limits.max


def _reduce_axis(kind, rt, axis, keepdims):
    """rt reduced over one axis (Note [Reducing a ragged axis by padding])."""
    ragged_rank = rt.ragged_rank
    if axis > ragged_rank:
        return rt.with_flat_values(_dense(kind)(rt.flat_values, axis - ragged_rank, keepdims))
    reduced = _dense(kind)(rt.to_tensor(_identity(kind, rt.dtype)), axis)
    # lengths[l - 1]: the lengths of ragged dimension l at every position of the bounding shape.
    lengths = [_tfpp.math.cast(rt.row_lengths(axis=1), _tfpp.int64)]
    for level in range(2, ragged_rank + 1):
        lengths.append(_tfpp.math.cast(rt.row_lengths(axis=level).to_tensor(0), _tfpp.int64))
    # Dimension `axis` goes, and with axis 0 dimension 1 becomes the outermost, a uniform one.
    kept = [l for level, l in enumerate(lengths, 1) if level < axis]
    kept += [_tfpp.math.maximum(_tfpp.math.reduce_max(l, axis), 0) for level, l in enumerate(lengths, 1)
             if level > max(axis, 1)]
    result = _from_dense(reduced, kept, rt.row_splits_dtype)
    return expand_dims(result, axis) if keepdims else result


def _from_dense(dense, lengths, splits_dtype):
    """The RaggedTensor whose ragged dimension j + 1 has the row lengths lengths[j] (given at every
    position of `dense`'s leading dims, 0 where there is no row) over `dense`'s values."""
    if not lengths:
        return dense
    flat_lengths, exists = [], None
    for j, row_lengths in enumerate(lengths):
        flat_lengths.append(row_lengths if exists is None else _tfpp.boolean_mask(row_lengths, exists))
        width = _tfpp.shape(dense, out_type=_tfpp.int64)[j + 1]
        exists = _tfpp.math.less(_tfpp.range(width, dtype=_tfpp.int64), _tfpp.expand_dims(row_lengths, -1))
    values = _tfpp.boolean_mask(dense, exists)
    return RaggedTensor.from_nested_row_lengths(values, [_tfpp.math.cast(l, splits_dtype) for l in flat_lengths],
                                                validate=False)


"""Indexing a RaggedTensor as TensorFlow does: the first key picks rows (an index gives one row, a
tensor or a RaggedTensor; a slice, with any step, the rows it names), the following keys apply
inside every row: a slice cuts each row (or passes a uniform dimension through), an index picks
from a uniform dimension only (TensorFlow's ValueError for a ragged one), `...` and tf.newaxis
as in NumPy. Eagerly and traced."""

from .. import _tfpp
from .ragged_tensor import RaggedTensor, _invalid, value_rowids_of


def getitem(rt, key):
    """rt[key]."""
    return _getitem(rt, list(key) if isinstance(key, (list, tuple)) else [key])


def _getitem(rt, keys):
    if not keys:
        return rt
    row_key, inner_keys = keys[0], keys[1:]
    if row_key is Ellipsis:
        return _getitem(rt, _expand_ellipsis(keys, rt.shape.rank))
    if row_key is None:  # tf.newaxis
        inner = _getitem(rt, inner_keys)
        return RaggedTensor.from_uniform_row_length(inner, _nrows(inner), nrows=1, validate=False)._with_splits_dtype(
            rt.row_splits_dtype)
    if isinstance(row_key, slice):
        return _inner(_rows(rt, row_key), inner_keys)
    row = _row(rt, row_key)
    if not inner_keys:
        return row
    return getitem(row, inner_keys) if isinstance(row, RaggedTensor) else row[tuple(inner_keys)]


def _nrows(value):
    if isinstance(value, RaggedTensor):
        return value.nrows(out_type=_tfpp.int64)
    return _tfpp.shape(value, out_type=_tfpp.int64)[0]


def _expand_ellipsis(keys, rank):
    """`keys` (starting with ...) with the ellipsis as the slices it stands for (none, or `:`
    before the next key)."""
    if rank is None:
        raise ValueError("Ellipsis not supported for unknown shape RaggedTensors")
    count = sum(1 for k in keys if k is not None)
    if count > rank + 1:
        raise IndexError("Too many indices for RaggedTensor")
    if count == rank + 1:
        return keys[1:]
    return [slice(None)] + keys


def _row(rt, index):
    is_integer = isinstance(index, (int, _tfpp.Tensor)) or hasattr(index, "__index__")
    if isinstance(index, (bool, float)) or not is_integer:
        raise TypeError("Ragged tensor indices must be integers or slices, got %r" % (index,))
    splits = rt.row_splits
    if not isinstance(index, _tfpp.Tensor) and not splits._is_symbolic():
        nrows = int(splits.shape[0]) - 1
        index = int(index)
        if not -nrows <= index < nrows:
            raise IndexError("Row key %d out of bounds" % index)
        index = index + nrows if index < 0 else index
        start, limit = int(splits.numpy()[index]), int(splits.numpy()[index + 1])
        return rt.values[start:limit]
    index = _tfpp.math.cast(_tfpp._convert_to_tensor(index), splits.dtype)
    index = _tfpp.math.where(index < 0, index + rt.nrows(), index)
    start, limit = _tfpp.gather(splits, index), _tfpp.gather(splits, index + 1)
    return rt.values[start:limit]


def _rows(rt, key):
    """The rows `key` (a slice) names."""
    if key.start is None and key.stop is None and key.step is None:
        return rt
    splits = rt.row_splits
    if key.step not in (None, 1):
        rows = from_value_ranges(splits[:-1][key], splits[1:][key], 1, rt.values, splits.dtype)
        return _with_uniform_row_length(rows, rt._uniform_row_length)
    nrows = rt.nrows()
    begin = _bound(key.start, 0, nrows)
    end = _tfpp.math.maximum(begin, _bound(key.stop, nrows, nrows))
    row_splits = _tfpp.slice(splits, _tfpp.reshape(begin, [1]), _tfpp.reshape(end - begin + 1, [1]))
    start, limit = _tfpp.gather(splits, begin), _tfpp.gather(splits, end)
    return RaggedTensor(rt.values[start:limit], row_splits - start, True, rt._uniform_row_length)


def _with_uniform_row_length(rt, length):
    """`rt`, known to have rows of `length` values each (None: not known while tracing)."""
    return RaggedTensor(rt.values, rt.row_splits, True, length)


def _bound(value, default, nrows):
    """A slice bound as Python normalizes it: negative counts from the end, clipped to [0, nrows]."""
    if value is None:
        return _tfpp._convert_to_tensor(default, dtype=nrows.dtype)
    value = _tfpp.math.cast(_tfpp._convert_to_tensor(value), nrows.dtype)
    value = _tfpp.math.where(value < 0, value + nrows, value)
    return _tfpp.math.minimum(_tfpp.math.maximum(value, 0), nrows)


def _inner(rt, keys):
    """`keys` applied inside each row of `rt` (a RaggedTensor or a tensor)."""
    if not keys:
        return rt
    if not isinstance(rt, RaggedTensor):
        return rt[tuple([slice(None)] + keys)]
    key = keys[0]
    if key is Ellipsis:
        return _inner(rt, _expand_ellipsis(keys, rt.values.shape.rank))
    if key is None:  # tf.newaxis: each row becomes one row of one more dimension
        inner = _inner(rt, keys[1:])
        return RaggedTensor.from_uniform_row_length(inner, 1, nrows=_nrows(inner), validate=False)._with_splits_dtype(
            rt.row_splits_dtype)
    if isinstance(key, slice):
        if key.start is None and key.stop is None and key.step is None:
            return rt.with_values(_inner(rt.values, keys[1:]))
        cut = _cut_rows(rt, key)
        return cut.with_values(_inner(cut.values, keys[1:]))
    if rt._uniform_row_length is None:
        raise ValueError("Cannot index into an inner ragged dimension.")
    length = rt._uniform_row_length
    if isinstance(key, int) and not -length <= key < length:
        raise _invalid("Index out of bounds when indexing into a ragged tensor: %d not in [%d, %d)" % (
            key, -length, length))
    offset = key + length if isinstance(key, int) and key < 0 else key
    return _inner(rt.values[offset::length], keys[1:])


def _cut_rows(rt, key):
    """Each row of `rt` sliced by `key`, as Python slices a list."""
    for bound in (key.start, key.stop):
        if not isinstance(bound, (_tfpp.Tensor, int, type(None))) or isinstance(bound, bool):
            raise TypeError("slice offsets must be integers or None")
    step = 1 if key.step is None else key.step
    if not isinstance(step, int) or step == 0:
        raise ValueError("tfpp slices the rows of a RaggedTensor with a non-zero integer step, got %r" % (key.step,))
    splits = rt.row_splits
    starts, limits = splits[:-1], splits[1:]
    # Where a row's slice begins and ends in `values`, clipped to the row (for a negative step,
    # to one before its start).
    lower, upper = (starts, limits) if step > 0 else (starts - 1, limits - 1)
    first = _offset(key.start, starts, limits, lower, upper, starts if step > 0 else limits - 1)
    last = _offset(key.stop, starts, limits, lower, upper, limits if step > 0 else starts - 1)
    cut = from_value_ranges(first, last, step, rt.values, splits.dtype)
    static_bounds = all(b is None or isinstance(b, int) for b in (key.start, key.stop))
    if rt._uniform_row_length is None or not static_bounds:
        return cut
    return _with_uniform_row_length(cut, len(range(rt._uniform_row_length)[key]))


def _offset(bound, starts, limits, lower, upper, default):
    if bound is None:
        return default
    bound = _tfpp.math.cast(_tfpp._convert_to_tensor(bound), starts.dtype)
    from_start = _tfpp.math.minimum(starts + bound, upper)
    from_end = _tfpp.math.maximum(limits + bound, lower)
    return _tfpp.math.where(bound >= 0, from_start, from_end)


def from_value_ranges(starts, limits, step, values, splits_dtype):
    """The RaggedTensor (of row splits of `splits_dtype`) whose row i holds
    values[starts[i]:limits[i]:step] (rows of `values` when it is ragged)."""
    starts = _tfpp.math.cast(starts, _tfpp.int64)
    limits = _tfpp.math.cast(limits, _tfpp.int64)
    span = limits - starts
    # The length of range(start, limit, step): ceil(span / step), at least 0.
    lengths = _tfpp.math.maximum(_tfpp.math.floordiv(span + step - (1 if step > 0 else -1), step), 0)
    splits = _tfpp.concat([_tfpp.zeros([1], _tfpp.int64), _tfpp.math.cumsum(lengths)], 0)
    rowids = value_rowids_of(splits)
    positions = _tfpp.range(splits[-1], dtype=_tfpp.int64) - _tfpp.gather(splits[:-1], rowids)
    indices = _tfpp.gather(starts, rowids) + positions * step
    return RaggedTensor(gather_rows(values, indices), _tfpp.math.cast(splits, splits_dtype), internal=True)


def gather_rows(values, indices):
    """The rows `indices` of `values` (a tensor, or a RaggedTensor whose rows carry their values)."""
    if not isinstance(values, RaggedTensor):
        return _tfpp.gather(values, indices)
    splits = values.row_splits
    return from_value_ranges(_tfpp.gather(splits, indices), _tfpp.gather(splits, indices + 1), 1, values.values,
                             splits.dtype)

"""Indexing the rows of a RaggedTensor: rt[i] is row i (a tensor, or a RaggedTensor when more ragged
dimensions follow) and rt[a:b] the rows a..b-1, as TensorFlow indexes them."""

from .. import _tfpp
from .ragged_tensor import RaggedTensor


def getitem(rt, key):
    """rt[key] for an integer or a slice of the rows."""
    if isinstance(key, tuple) and len(key) == 1:
        key = key[0]
    if isinstance(key, slice):
        return _rows(rt, key)
    if isinstance(key, (int, _tfpp.Tensor)) and not isinstance(key, bool):
        return _row(rt, key)
    raise ValueError("tfpp indexes a RaggedTensor by one integer or slice of its rows, got %r" % (key,))


def _row(rt, index):
    splits = rt.row_splits
    if isinstance(index, int) and not splits._is_symbolic():
        nrows = int(splits.shape[0]) - 1
        if not -nrows <= index < nrows:
            raise IndexError("Row key %d out of bounds" % index)
        index = index + nrows if index < 0 else index
        start, limit = int(splits.numpy()[index]), int(splits.numpy()[index + 1])
        return rt.values[start:limit]
    index = _tfpp.convert_to_tensor(index, dtype=splits.dtype)
    index = _tfpp.math.where(index < 0, index + rt.nrows(), index)
    start, limit = _tfpp.gather(splits, index), _tfpp.gather(splits, index + 1)
    return rt.values[start:limit]


def _rows(rt, key):
    if key.step not in (None, 1):
        raise ValueError("tfpp slices the rows of a RaggedTensor with step 1 only, got step %r" % (key.step,))
    splits = rt.row_splits
    nrows = rt.nrows()
    begin = _bound(key.start, 0, nrows)
    end = _tfpp.math.maximum(begin, _bound(key.stop, nrows, nrows))
    row_splits = _tfpp.slice(splits, _tfpp.reshape(begin, [1]), _tfpp.reshape(end - begin + 1, [1]))
    start, limit = _tfpp.gather(splits, begin), _tfpp.gather(splits, end)
    return RaggedTensor(rt.values[start:limit], row_splits - start, internal=True)


def _bound(value, default, nrows):
    """A slice bound as Python normalizes it: negative counts from the end, clipped to [0, nrows]."""
    if value is None:
        return _tfpp.convert_to_tensor(default, dtype=nrows.dtype)
    value = _tfpp.convert_to_tensor(value, dtype=nrows.dtype)
    value = _tfpp.math.where(value < 0, value + nrows, value)
    return _tfpp.math.minimum(_tfpp.math.maximum(value, 0), nrows)

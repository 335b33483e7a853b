"""RaggedTensors as tf.data carries them: one string vector of serialized components (the flat
values, then the row splits outermost first). Batching stacks those vectors; decoding a stack
joins its RaggedTensors under a new outermost ragged dimension, as TensorFlow's
RaggedTensorFromVariant does. A stack is decoded eagerly; inside a traced function only a single
encoded RaggedTensor is."""

import numpy as _np

from .. import _tfpp
from .ragged_tensor import RaggedTensor


def encode(components):
    """A RaggedTensor's components [flat_values, row_splits...] (a dense tensor's [itself]) as a
    string vector of serialized tensors."""
    return _tfpp.stack([_tfpp._io.serialize_tensor(c) for c in components])


def decode(encoded, spec, batch_levels):
    """The RaggedTensor of RaggedTensorSpec `spec` that `encoded` (a string vector, or a stack of
    them `batch_levels` deep) holds."""
    dtype, splits_dtype = spec.dtype, spec.row_splits_dtype
    if batch_levels == 0:
        rt = _decode_one(encoded, dtype, splits_dtype, spec.ragged_rank + 1)
        # The parsed components' ranks (unknown to ParseTensor) are the spec's.
        if spec.ragged_rank == 0:
            return _with_static_shape(rt, spec.shape)
        inner = spec.shape.as_list()[spec.ragged_rank + 1:] if spec.shape.rank is not None else None
        if inner is None or None in inner:
            return rt
        return RaggedTensor.from_nested_row_splits(_tfpp.reshape(rt.flat_values, [-1] + inner), [
            _tfpp.reshape(s, [-1]) for s in rt.nested_row_splits], validate=False)
    if encoded._is_symbolic():
        raise TypeError("tfpp reads batched RaggedTensor elements of a dataset eagerly only: iterate the dataset, or "
                        "batch after the Dataset.map that uses them")
    return _decode_eager(encoded.numpy(), dtype, splits_dtype)


def _with_static_shape(tensor, shape):
    """A parsed dense tensor reshaped to `shape` where that shape leaves at most one dim unknown."""
    dims = shape.as_list() if shape.rank is not None else None
    if not tensor._is_symbolic() or dims is None or dims.count(None) > 1:
        return tensor
    return _tfpp.reshape(tensor, [-1 if d is None else d for d in dims])


def _decode_one(encoded, dtype, splits_dtype, count):
    flat = _tfpp._io.parse_tensor(encoded[0], dtype)
    splits = [_tfpp._io.parse_tensor(encoded[i], splits_dtype) for i in range(1, count)]
    return RaggedTensor.from_nested_row_splits(flat, splits, validate=False)


def _decode_eager(array, dtype, splits_dtype):
    if array.ndim == 1:
        return _decode_one(_tfpp.constant(array, dtype=_tfpp.string), dtype, splits_dtype, array.shape[0])
    rows = [_decode_eager(row, dtype, splits_dtype) for row in array]
    return _join(rows, splits_dtype)


def _join(rows, splits_dtype):
    """The RaggedTensors `rows` as the rows of one RaggedTensor of one more ragged dimension."""
    # A row is a RaggedTensor [flat_values, row_splits...] or a tensor (of ragged_rank 0) [itself].
    levels = [[r.numpy()] if isinstance(r, _tfpp.Tensor) else [r.flat_values.numpy()] + [
        s.numpy() for s in r.nested_row_splits] for r in rows]
    flat = _np.concatenate([level[0] for level in levels]) if levels else _np.zeros([0])
    lengths = [len(level[1]) - 1 if len(level) > 1 else len(level[0]) for level in levels]
    nested = [_np.concatenate([[0], _np.cumsum(lengths)])]
    for depth in range(1, len(levels[0])):
        offset, pieces = 0, [_np.zeros([1], _np.int64)]
        for level in levels:
            pieces.append(level[depth][1:] + offset)
            offset += level[depth][-1]
        nested.append(_np.concatenate(pieces))
    splits = [_tfpp.constant(s.astype(_np.int64), dtype=splits_dtype) for s in nested]
    flat_values = _tfpp.constant(flat, dtype=rows[0].dtype) if rows else flat
    return RaggedTensor.from_nested_row_splits(flat_values, splits, validate=False)

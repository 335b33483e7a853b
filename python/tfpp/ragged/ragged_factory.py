"""tf.ragged.constant and tf.ragged.range: RaggedTensors from nested Python lists and from ranges."""

import numpy as _np

from .. import _tfpp
from .ragged_tensor import RaggedTensor, _splits_dtype


def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None, row_splits_dtype=_tfpp.int64):
    """A RaggedTensor of the nested list `pylist`: the lists down to `ragged_rank` (by default all but
    the scalars' depth) may differ in length, the ones below must be uniform."""
    splits_dtype = _splits_dtype(row_splits_dtype)
    depth = _scalar_depth(pylist)
    if depth is None:  # no scalars: empty lists only
        depth = _list_depth(pylist) + (0 if inner_shape is None else len(inner_shape))
        if ragged_rank is None:
            ragged_rank = max(1, _list_depth(pylist) - 1)
    if ragged_rank is None:
        ragged_rank = depth - 1 - (0 if inner_shape is None else len(inner_shape))
    if ragged_rank < 0:
        raise ValueError("A ragged tensor needs a list: got a scalar of depth 0" if depth == 0 else
                         "ragged_rank must be non-negative, got %d" % ragged_rank)
    if ragged_rank >= depth and depth > 0:
        raise ValueError("pylist has scalar values depth %d, but ragged_rank=%d requires scalar value depth greater "
                         "than %d" % (depth, ragged_rank, ragged_rank))
    nested_splits = []
    level = [pylist]
    for _ in range(ragged_rank + 1):
        lengths = [len(item) for item in level]
        nested_splits.append(_np.concatenate([[0], _np.cumsum(lengths)]).astype(_np.int64))
        level = [x for item in level for x in item]
    nested_splits = nested_splits[1:]
    if ragged_rank == 0:
        return _tfpp.constant(pylist, dtype=dtype)
    flat_values = _flat_values(level, dtype, inner_shape)
    splits = [_tfpp.constant(s, dtype=splits_dtype) for s in nested_splits]
    return RaggedTensor.from_nested_row_splits(flat_values, splits, validate=False)


def _flat_values(items, dtype, inner_shape):
    if items:
        try:
            return _tfpp.constant(items, dtype=dtype)
        except ValueError as e:
            raise ValueError("inner values must be uniform below the ragged dimensions: %s" % e) from None
    shape = [0] + list(inner_shape or [])
    return _tfpp.reshape(_tfpp.constant([], dtype=_tfpp.float32 if dtype is None else dtype), shape)


def _scalar_depth(value):
    """The nesting depth of the scalars in `value` (None without scalars); all must share it."""
    if not isinstance(value, (list, tuple)):
        return 0
    depths = {d for d in (_scalar_depth(v) for v in value) if d is not None}
    if len(depths) > 1:
        raise ValueError("all scalar values must have the same nesting depth")
    return depths.pop() + 1 if depths else None


def _list_depth(value):
    if not isinstance(value, (list, tuple)):
        return 0
    return 1 + max((_list_depth(v) for v in value), default=0)


def ragged_range(starts, limits=None, deltas=1, dtype=None, name=None, row_splits_dtype=_tfpp.int64):
    """Row i is tf.range(starts[i], limits[i], deltas[i]); with one argument, tf.range(0, starts[i])."""
    if limits is None:
        starts, limits = 0, starts
    values = [_tfpp._convert_to_tensor(v) if dtype is None else _tfpp._convert_to_tensor(v, dtype=dtype)
              for v in (starts, limits, deltas)]
    starts, limits, deltas = (v.numpy() for v in values)
    starts, limits, deltas = _np.broadcast_arrays(starts, limits, deltas)
    if _np.any(deltas == 0):
        from .ragged_tensor import _invalid
        raise _invalid("[RaggedRange] Requires delta != 0")
    rows = [_np.arange(s, l, d) for s, l, d in zip(starts.ravel(), limits.ravel(), deltas.ravel())]
    out_dtype = values[1].dtype if dtype is None else dtype
    flat = _np.concatenate(rows) if rows else _np.zeros([0])
    lengths = [len(r) for r in rows]
    return RaggedTensor.from_row_lengths(_tfpp.constant(flat.astype(out_dtype.as_numpy_dtype)),
                                         _tfpp.constant(lengths, dtype=_splits_dtype(row_splits_dtype)))

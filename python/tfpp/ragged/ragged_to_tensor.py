"""RaggedTensor.to_tensor: each row gathered from the values into a padded dense row. A position
past the end of its row gathers the default value, appended after the values, so every dtype
(strings too) pads alike, eagerly and traced."""

from .. import _tfpp
from .ragged_tensor import RaggedTensor, _invalid, ones_of


def to_tensor(rt, default_value=None, shape=None):
    """`rt` as a dense tensor padded with `default_value`, to `shape` (a list, None where the bounding
    shape decides) or to the bounding shape."""
    dims = None if shape is None else _shape_list(shape)
    if dims is not None and len(dims) != len(rt.shape):
        raise ValueError("shape %s must have rank %d, the rank of the RaggedTensor" % (dims, len(rt.shape)))
    values = rt.values
    if isinstance(values, RaggedTensor):
        inner_dims = None if dims is None else [None] + dims[2:]
        values = to_tensor(values, default_value, inner_dims)
    elif dims is not None and any(d is not None for d in dims[2:]):
        _check_inner_dims(values, dims[2:])
    default = _default(values, default_value)
    splits = _tfpp.math.cast(rt.row_splits, _tfpp.int64)
    lengths = splits[1:] - splits[:-1]
    starts = splits[:-1]
    nrows = _tfpp.shape(lengths, out_type=_tfpp.int64)[0]
    width = _tfpp.math.reduce_max(_tfpp.concat([_tfpp.zeros([1], _tfpp.int64), lengths], 0))
    if dims is not None and dims[1] is not None:
        width = _tfpp.constant(dims[1], dtype=_tfpp.int64)
    if dims is not None and dims[0] is not None:
        # Rows past the end are empty; rows past dims[0] are dropped.
        pad = _tfpp.math.maximum(dims[0] - nrows, 0)
        lengths = _tfpp.concat([lengths, _tfpp.zeros(_tfpp.reshape(pad, [1]), _tfpp.int64)], 0)[:dims[0]]
        starts = _tfpp.concat([starts, _tfpp.zeros(_tfpp.reshape(pad, [1]), _tfpp.int64)], 0)[:dims[0]]
    nvals = _tfpp.shape(values, out_type=_tfpp.int64)[0]
    columns = _tfpp.expand_dims(_tfpp.range(width, dtype=_tfpp.int64), 0)
    inside = _tfpp.math.less(columns, _tfpp.expand_dims(lengths, 1))
    positions = _tfpp.math.where(inside, _tfpp.expand_dims(starts, 1) + columns, nvals)
    return _tfpp.gather(_tfpp.concat([values, default], 0), positions)


def _shape_list(shape):
    if isinstance(shape, _tfpp.Tensor):
        shape = shape.numpy().tolist()
    if hasattr(shape, "as_list"):
        shape = shape.as_list()
    return [None if d is None or d == -1 else int(d) for d in shape]


def _check_inner_dims(values, dims):
    actual = values.shape.as_list()[1:]
    for want, have in zip(dims, actual):
        if want is not None and have is not None and want != have:
            raise ValueError("shape %s is incompatible with the uniform inner dimensions %s" % (dims, actual))


def _default(values, default_value):
    """The default value as one row of `values`' inner shape (a [1, ...] tensor)."""
    inner = values.shape.as_list()[1:] if values.shape.rank is not None else None
    if inner is None:
        raise ValueError("tfpp pads RaggedTensors whose flat values have a known rank while tracing, got flat values "
                         "of shape %s" % (values.shape,))
    if default_value is None:
        default_value = {_tfpp.string: "", _tfpp.bool: False}.get(values.dtype, 0)
    default = _tfpp._convert_to_tensor(default_value, dtype=values.dtype)
    rank = values.shape.rank
    if default.shape.rank is not None and rank is not None and default.shape.rank >= rank:
        raise _invalid("[RaggedTensorToTensor] default_value.shape=%s and rt_input.flat_values.shape=%s are "
                       "incompatible: default_value.rank = %d must be less than rt_input.flat_values.rank = %d" % (
                           default.shape.as_list(), values.shape.as_list(), default.shape.rank, rank))
    if None in inner:
        if default.shape.rank != 0:
            raise ValueError("tfpp pads RaggedTensors whose uniform inner dimensions are unknown while tracing with a "
                             "scalar default value only, got %s" % (default.shape,))
        # Inner dims known only when the graph runs: index 0 of [default] at every position of a row.
        zero_row = _tfpp.pad(ones_of(values[:0], _tfpp.int64), [[0, 1]] + [[0, 0]] * len(inner))
        return _tfpp.gather(_tfpp.reshape(default, [1]), zero_row)
    target = [1] + inner
    if default.shape.rank == 0:
        return _tfpp.fill(target, default)
    return _tfpp.zeros(target, values.dtype) + default  # a row of the inner shape, broadcast

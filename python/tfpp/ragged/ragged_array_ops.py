"""tf.concat, tf.stack and tf.expand_dims of RaggedTensors, and tf.ragged.boolean_mask, as TensorFlow
computes them: rows are moved by gathering value ranges (ragged_getitem.gather_rows), so every
dtype works and gradients reach the values. Eagerly and traced."""

import functools

from .. import _tfpp
from .ragged_getitem import gather_rows
from .ragged_ops import check_same_splits
from .ragged_tensor import RaggedTensor, _invalid


def dispatch_for_lists(dense_fn, ragged_fn):
    """dense_fn, or ragged_fn when the list of values (the first argument) holds a RaggedTensor."""
    @functools.wraps(dense_fn)
    def fn(values, *args, **kwargs):
        if isinstance(values, (list, tuple)) and any(isinstance(v, RaggedTensor) for v in values):
            return ragged_fn(values, *args, **kwargs)
        return dense_fn(values, *args, **kwargs)
    return fn


def expand_dims_of_ragged(input, axis, name=None):  # noqa: A002 - TensorFlow's argument name
    """tf.expand_dims of a RaggedTensor: a new dimension of size 1 at `axis` (negative from the end)."""
    return expand_dims(input, _positive_axis(axis, input.shape.rank + 1, "expand_dims"))


def expand_dims(value, axis):
    """tf.expand_dims of a tensor or RaggedTensor (a new dimension of size 1 at `axis` >= 0)."""
    if not isinstance(value, RaggedTensor):
        return _tfpp.expand_dims(value, axis)
    if axis == 0:
        return RaggedTensor.from_uniform_row_length(value, value.nrows(out_type=_tfpp.int64), nrows=1,
                                                    validate=False)._with_splits_dtype(value.row_splits_dtype)
    if axis == 1:
        return RaggedTensor.from_uniform_row_length(value, 1, validate=False)._with_splits_dtype(
            value.row_splits_dtype)
    return value.with_values(expand_dims(value.values, axis - 1))


def concat(values, axis, name=None):
    """tf.concat of tensors and RaggedTensors of one rank: the rows of all (axis 0), or each row the
    rows' concatenation (axis 1), or the same inside every row (further axes)."""
    values = _as_ragged(values, "concat")
    return _concat(values, _positive_axis(axis, values[0].shape.rank, "concat"))


def stack(values, axis=0, name=None):
    """tf.stack of tensors and RaggedTensors of one rank: concat of each with a new dimension at `axis`."""
    values = _as_ragged(values, "stack")
    axis = _positive_axis(axis, values[0].shape.rank + 1, "stack")
    return _concat([expand_dims(v, axis) for v in values], axis)


def ragged_stack(values, axis=0, name=None):
    """tf.ragged.stack: like tf.stack, but the values may differ in every dimension's size. Tensors
    of rank 1 stacked on axis 0 give a RaggedTensor of rows; tensors stacked on their last axis + 1
    give tf.stack's Tensor; anything else a RaggedTensor."""
    if not values:
        raise ValueError("rt_inputs may not be empty.")
    values = [v if isinstance(v, RaggedTensor) else _tfpp._convert_to_tensor(v) for v in values]
    if not any(isinstance(v, RaggedTensor) for v in values):
        rank = values[0].shape.rank
        if rank is not None:
            axis = _positive_axis(axis, rank + 1, "stack")
            if rank == 1 and axis == 0:
                return RaggedTensor.from_row_lengths(_tfpp.concat(values, 0),
                                                     _tfpp.concat([_tfpp.shape(v) for v in values], 0))
            if axis >= rank - 1:
                return _tfpp.stack(values, axis)
    return stack(values, axis, name)


def stack_dynamic_partitions(data, partitions, num_partitions, name=None):
    """A RaggedTensor of num_partitions rows: row i stacks, in row-major order, the slices of `data`
    whose entry of `partitions` (a prefix of data's shape, int32 or int64) is i."""
    data = data if isinstance(data, RaggedTensor) else _tfpp._convert_to_tensor(data)
    splits_dtype = data.row_splits_dtype if isinstance(data, RaggedTensor) else None
    if not isinstance(partitions, RaggedTensor):
        partitions = _tfpp._convert_to_tensor(partitions, dtype_hint=splits_dtype or _tfpp.int32)
    num_partitions = _tfpp._convert_to_tensor(num_partitions, dtype_hint=partitions.dtype)
    if splits_dtype is not None:
        partitions = _tfpp.math.cast(partitions, splits_dtype)
    num_partitions = _tfpp.math.cast(num_partitions, partitions.dtype)
    rank = partitions.shape.rank
    if rank is None:
        raise ValueError("partitions must have known rank.")
    if num_partitions.shape.rank != 0:
        raise ValueError("Shape %s must have rank 0" % (num_partitions.shape,))
    if not partitions.shape.is_compatible_with(data.shape[:rank]):
        raise ValueError("Shapes %s and %s are incompatible" % (partitions.shape, data.shape[:rank]))
    if rank == 0:
        return RaggedTensor.from_value_rowids(_tfpp.stack([data]), _tfpp.stack([partitions]), nrows=num_partitions,
                                              validate=False)
    if rank == 1:
        # A stable sort by partition keeps each row's slices in their order in data.
        permutation = _tfpp.argsort(partitions, stable=True)
        value_rowids = _tfpp.gather(partitions, permutation)
        _check_partitions(partitions, value_rowids, num_partitions)
        return RaggedTensor.from_value_rowids(gather_rows(data, permutation), value_rowids, nrows=num_partitions,
                                              validate=False)
    if not isinstance(data, RaggedTensor):
        data = RaggedTensor.from_tensor(data, row_splits_dtype=partitions.dtype, ragged_rank=1)
    if not isinstance(partitions, RaggedTensor):
        partitions = RaggedTensor.from_tensor(partitions, row_splits_dtype=partitions.dtype,
                                              ragged_rank=max(data.ragged_rank, rank - 1))
    check_same_splits([data.row_splits], [partitions.row_splits])
    return stack_dynamic_partitions(data.values, partitions.values, num_partitions)


def _check_partitions(partitions, value_rowids, num_partitions):
    """TensorFlow's InvalidArgumentError for a partition out of [0, num_partitions)."""
    less = _tfpp.math.reduce_all(_tfpp.math.less(value_rowids[-1:], num_partitions))
    non_negative = _tfpp.math.reduce_all(_tfpp.math.greater_equal(partitions, _tfpp.zeros([], partitions.dtype)))
    if less._is_symbolic() or non_negative._is_symbolic():
        _tfpp._assert_true(less, "partitions must be less than num_partitions")
        _tfpp._assert_true(non_negative, "partitions must be non-negative.")
        return
    if not bool(less.numpy()):
        raise _invalid("partitions must be less than num_partitions")
    if not bool(non_negative.numpy()):
        raise _invalid("partitions must be non-negative.")


def _positive_axis(axis, rank, op):
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError("[%s] axis must be an int, got %r" % (op, axis))
    if not -rank <= axis < rank:
        raise ValueError("[%s] axis=%d out of bounds: expected %d <= axis < %d" % (op, axis, -rank, rank))
    return axis + rank if axis < 0 else axis


def _as_ragged(values, op):
    """The values as RaggedTensors of one rank and ragged_rank (tensors split into uniform rows)."""
    values = [v if isinstance(v, RaggedTensor) else _tfpp._convert_to_tensor(v) for v in values]
    ranks = {v.shape.rank for v in values}
    if len(ranks) != 1 or None in ranks:
        raise ValueError("[%s] the values must have one known rank, got shapes %s" % (
            op, [str(v.shape) for v in values]))
    # Tensors alone (tf.ragged.stack's) become RaggedTensors of ragged_rank 1 and int64 splits.
    ragged_rank = max((v.ragged_rank for v in values if isinstance(v, RaggedTensor)), default=1)
    splits_dtype = next((v.row_splits_dtype for v in values if isinstance(v, RaggedTensor)), _tfpp.int64)
    return [_with_ragged_rank(v, ragged_rank, splits_dtype) for v in values]


def _with_ragged_rank(value, ragged_rank, splits_dtype):
    if not isinstance(value, RaggedTensor):
        return RaggedTensor.from_tensor(value, ragged_rank=ragged_rank, row_splits_dtype=splits_dtype)
    if value.ragged_rank < ragged_rank:
        flat = RaggedTensor.from_tensor(value.flat_values, ragged_rank=ragged_rank - value.ragged_rank,
                                        row_splits_dtype=splits_dtype)
        return value.with_flat_values(flat)
    return value


def _concat(values, axis):
    if axis == 0:
        return _concat_rows(values)
    if axis == 1:
        nrows = [v.nrows(out_type=_tfpp.int64) for v in values]
        _check_equal_nrows(nrows)
        # The rows of all, row i of every value in turn, then each run of len(values) rows merged.
        count = len(values)
        order = _tfpp.reshape(_tfpp.transpose(_tfpp.reshape(_tfpp.range(count * nrows[0], dtype=_tfpp.int64),
                                                            [count, -1])), [-1])
        interleaved = gather_rows(_concat_rows(values), order)
        return RaggedTensor(interleaved.values, interleaved.row_splits[::count], internal=True)
    for other in values[1:]:
        _check_same_outer(values[0], other)
    inner = [v.values for v in values]
    if not any(isinstance(v, RaggedTensor) for v in inner):
        return values[0].with_values(_tfpp.concat(inner, axis - 1))
    return values[0].with_values(_concat(inner, axis - 1))


def _concat_rows(values):
    if not isinstance(values[0], RaggedTensor):
        return _tfpp.concat(values, 0)
    splits, offset = [values[0].row_splits], values[0].row_splits[-1]
    for v in values[1:]:
        splits.append(v.row_splits[1:] + offset)
        offset = offset + v.row_splits[-1]
    return RaggedTensor(_concat_rows([v.values for v in values]), _tfpp.concat(splits, 0), internal=True)


def _check_equal_nrows(nrows):
    """TensorFlow's InvalidArgumentError unless all have one number of rows: at once eagerly, when
    the function runs for traced values."""
    if any(n._is_symbolic() for n in nrows):
        for n in nrows[1:]:
            same = _tfpp.math.equal(_tfpp.math.cast(n, _tfpp.int64), _tfpp.math.cast(nrows[0], _tfpp.int64))
            _tfpp._assert_true(same, "[RaggedConcat] every value must have the same number of rows to concatenate "
                                     "along axis 1")
        return
    counts = [int(n.numpy()) for n in nrows]
    if len(set(counts)) > 1:
        raise _invalid("[RaggedConcat] Input tensors at index 0 (=x) and 1 (=y) have incompatible shapes: every "
                       "value must have the same number of rows to concatenate along axis 1, got %s" % counts)


def _check_same_outer(a, b):
    """The same row partition in the outermost ragged dimension (axes below concatenate inside rows)."""
    _check_equal_nrows([a.nrows(), b.nrows()])
    check_same_splits([a.row_splits], [b.row_splits])


def boolean_mask(data, mask, name=None):
    """tf.ragged.boolean_mask: the entries of `data` where `mask` (bool, a prefix of data's shape) is
    True, dropped from their rows (a rank-1 mask drops rows)."""
    mask = mask if isinstance(mask, RaggedTensor) else _tfpp._convert_to_tensor(mask)
    if mask.dtype != _tfpp.bool:
        raise ValueError("mask.dtype=%s is not bool" % mask.dtype.name)
    if not isinstance(data, RaggedTensor):
        data = _tfpp._convert_to_tensor(data)
    rank = mask.shape.rank
    if rank is None:
        raise ValueError("mask.shape.ndims must be known statically")
    if rank == 1:
        kept = _tfpp.reshape(_tfpp.math.where(mask), [-1])
        return gather_rows(data, kept)
    ragged_rank = rank - 1
    if not isinstance(mask, RaggedTensor):
        mask = RaggedTensor.from_tensor(mask, ragged_rank=ragged_rank)
    if not isinstance(data, RaggedTensor) or data.ragged_rank < mask.ragged_rank:
        data = _with_ragged_rank(data, mask.ragged_rank, mask.row_splits_dtype)
    return _mask_rows(data, mask)


def _mask_rows(data, mask):
    """Both ragged, mask's partitions data's outer ones: each row keeps its masked entries."""
    _check_same_outer(data, mask)
    if isinstance(mask.values, RaggedTensor):
        return data.with_values(_mask_rows(data.values, mask.values))
    kept = _tfpp.reshape(_tfpp.math.where(mask.values), [-1])
    # A row keeps as many entries as the running count of True grows over it.
    counts = _tfpp.math.cumsum(_tfpp.concat([_tfpp.zeros([1], _tfpp.int64), _tfpp.math.cast(mask.values, _tfpp.int64)],
                                            0))
    splits = _tfpp.gather(counts, _tfpp.math.cast(mask.row_splits, _tfpp.int64))
    return RaggedTensor(gather_rows(data.values, kept), _tfpp.math.cast(splits, data.row_splits_dtype), internal=True)

"""tf.ragged.cross and tf.ragged.cross_hashed (TensorFlow's RaggedCross): per batch row, every
combination of one feature from each input, in the inputs' order. Each input (ragged, sparse or
dense, all of rank 2) becomes a sparse input of SparseCross, tfpp's C++ crossing and hashing, and the
sparse result's rows become the ragged result's rows."""

from .. import _tfpp
from ..sparse_tensor import SparseTensor
from .ragged_tensor import RaggedTensor, _invalid, value_rowids_of

_DEFAULT_HASH_KEY = 0xDECAFCAFFE
_RANK_ERROR = "tf.ragged.cross only supports inputs with rank=2."


def _int64_positions(rows, splits):
    """Each value's (row, position in its row) as an int64 [n, 2] sparse index."""
    rows = _tfpp.math.cast(rows, _tfpp.int64)
    splits = _tfpp.math.cast(splits, _tfpp.int64)
    columns = _tfpp.range(_tfpp.shape(rows, out_type=_tfpp.int64)[0]) - _tfpp.gather(splits, rows)
    return _tfpp.stack([rows, columns], axis=1)


def _as_sparse(i, value):
    """The input's indices, values (int32 widened to int64, as TensorFlow does) and dense shape."""
    if isinstance(value, RaggedTensor):
        if value.ragged_rank != 1 or value.flat_values.shape.rank != 1:  # TensorFlow checks these in Python
            raise ValueError(_RANK_ERROR)
        splits = value.row_splits
        indices = _int64_positions(value_rowids_of(splits), splits)
        nrows = _tfpp.math.cast(_tfpp.shape(splits)[:1] - 1, _tfpp.int64)
        shape = _tfpp.concat([nrows, _tfpp.math.reduce_max(_tfpp.concat([indices[:, 1] + 1, _tfpp.zeros([1], _tfpp.int64)], 0), keepdims=True)], 0)
        values = value.values
    elif isinstance(value, SparseTensor):
        if value.shape.rank not in (None, 2):
            raise _invalid(_RANK_ERROR)
        indices, values, shape = value.indices, value.values, value.dense_shape
    else:
        value = _tfpp._convert_to_tensor(value)
        if value.shape.rank != 2:
            raise _invalid(_RANK_ERROR)
        dims = _tfpp.shape(value, out_type=_tfpp.int64)
        indices = _tfpp.reshape(_tfpp.stack(_tfpp.meshgrid(_tfpp.range(dims[0]), _tfpp.range(dims[1]), indexing="ij"), -1),
                                [-1, 2])
        values, shape = _tfpp.reshape(value, [-1]), dims
    if values.dtype == _tfpp.int32:
        values = _tfpp.math.cast(values, _tfpp.int64)
    if values.dtype not in (_tfpp.int64, _tfpp.string):
        raise ValueError("Unexpected dtype for inputs[%d]: %r" % (i, values.dtype))
    return indices, values, shape


def _cross(inputs, separator, num_buckets, hash_key, name):
    if not isinstance(inputs, (tuple, list)):
        raise TypeError("Inputs must be a list")
    parts = [_as_sparse(i, value) for i, value in enumerate(inputs)]
    if not parts:  # TensorFlow gives an empty ragged tensor: no rows
        dtype = _tfpp.string if separator is not None else _tfpp.int64
        return RaggedTensor.from_row_splits(_tfpp.zeros([0], dtype), _tfpp.zeros([1], _tfpp.int64))
    if _tfpp.executing_eagerly() and len({int(shape[0]) for _, _, shape in parts}) > 1:
        raise _invalid("inputs must all have the same batch dimension size.")
    indices, values, shape = _tfpp._sparse_cross(parts, [], separator, num_buckets, hash_key, name)
    return RaggedTensor.from_value_rowids(values, indices[:, 0], nrows=shape[0])


def cross(inputs, name=None):
    """Every combination, per row, of one feature from each input, as strings joined by '_X_'."""
    return _cross(inputs, "_X_", 0, 0, name)


def cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """The combinations of `cross` as int64 fingerprints (modulo num_buckets when positive)."""
    return _cross(inputs, None, num_buckets, _DEFAULT_HASH_KEY if hash_key is None else hash_key, name)

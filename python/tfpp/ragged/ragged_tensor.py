"""tf.RaggedTensor: a tensor whose rows have different lengths, stored as TensorFlow stores it: the
values of all rows concatenated (a tensor, or a RaggedTensor for more ragged dimensions) and the
row_splits that say where each row starts and ends. Eagerly and inside tf.function; factories
validate the splits eagerly with TensorFlow's errors."""

import numpy as _np

from .. import _tfpp
from ..tensor_shape import TensorShape


def _errors():
    from .. import errors
    return errors


def _invalid(message):
    return _errors().InvalidArgumentError(None, None, message)


def _splits_dtype(dtype):
    dtype = _tfpp.int64 if dtype is None else _tfpp.TensorSpec([], dtype).dtype
    if dtype not in (_tfpp.int32, _tfpp.int64):
        raise ValueError("dtype must be int32 or int64")
    return dtype


def _to_values(values):
    return values if isinstance(values, RaggedTensor) else _tfpp._convert_to_tensor(values)


def _partition(tensor, name, dtype):
    """A row-partitioning tensor (splits, lengths or row ids) as a vector of the splits' dtype."""
    if isinstance(tensor, _tfpp.Tensor):
        if tensor.dtype not in (_tfpp.int32, _tfpp.int64):
            raise ValueError("%s must have dtype int32 or int64, got %s" % (name, tensor.dtype.name))
        tensor = _tfpp.math.cast(tensor, dtype)
    else:
        tensor = _tfpp._convert_to_tensor(tensor, dtype=dtype)
    if tensor.shape.rank is not None and tensor.shape.rank != 1:
        raise ValueError("Shape %s must have rank 1" % (tensor.shape,))
    return tensor


def _concrete(*tensors):
    return all(not t._is_symbolic() for t in tensors)


def _nvals(values):
    """The number of rows of `values` (a scalar tensor of dtype int64)."""
    if isinstance(values, RaggedTensor):
        return values.nrows(out_type=_tfpp.int64)
    return _tfpp.shape(values, out_type=_tfpp.int64)[0]


def _check_nvals(factory, splits, values):
    if isinstance(values, RaggedTensor) or not values._is_symbolic():
        nvals = _nvals(values)
        if _concrete(splits, nvals) and int(splits.numpy()[-1]) != int(nvals.numpy()):
            raise _invalid("Arguments to %s do not form a valid RaggedTensor: the last row split is %d, but the "
                           "values have %d rows" % (factory, int(splits.numpy()[-1]), int(nvals.numpy())))


class RaggedTensor:
    """A tensor with one or more ragged dimensions (tf.RaggedTensor); build it with the factories
    (from_row_splits, from_row_lengths, ...) or tf.ragged.constant."""

    # A tensor's binary operators leave a RaggedTensor operand to its reflected operators.
    _overrides_tensor_operators = True

    def __init__(self, values, row_splits, internal=False, uniform_row_length=None):
        if not internal:
            raise ValueError("RaggedTensor constructor is private; please use one of the factory methods instead "
                             "(e.g., RaggedTensor.from_row_lengths())")
        self._values = values
        self._row_splits = row_splits
        self._uniform_row_length = uniform_row_length  # the rows' length when all have one known length

    # ---- factories ----
    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True):
        """Row i holds values[row_splits[i]:row_splits[i + 1]]."""
        values = _to_values(values)
        splits = _partition(row_splits, "row_splits", _row_splits_dtype_of(row_splits))
        _check_rank(values)
        if validate and _concrete(splits):
            s = splits.numpy()
            if s.size == 0 or s[0] != 0:
                raise _invalid("Arguments to from_row_splits do not form a valid RaggedTensor: the first row split "
                               "must be 0, got %s" % (s[:1].tolist(),))
            if _np.any(s[1:] < s[:-1]):
                raise _invalid("Arguments to from_row_splits do not form a valid RaggedTensor: row_splits must be "
                               "monotonic, got %s" % (s.tolist(),))
            _check_nvals("from_row_splits", splits, values)
        return cls(values, splits, internal=True)

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True):
        """Row i holds the next row_lengths[i] values."""
        lengths = _partition(row_lengths, "row_lengths", _row_splits_dtype_of(row_lengths))
        if validate and _concrete(lengths) and _np.any(lengths.numpy() < 0):
            raise _invalid("Arguments to from_row_lengths do not form a valid RowPartition: row lengths must be "
                           "non-negative, got %s" % (lengths.numpy().tolist(),))
        splits = _tfpp.concat([_tfpp.zeros([1], lengths.dtype), _tfpp.math.cumsum(lengths)], 0)
        return cls._checked(values, splits, "from_row_lengths", validate)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True):
        """values[i] goes to row value_rowids[i] (sorted ids); `nrows` adds empty rows at the end."""
        rowids = _partition(value_rowids, "value_rowids", _row_splits_dtype_of(value_rowids))
        if validate and _concrete(rowids):
            ids = rowids.numpy()
            if _np.any(ids < 0) or _np.any(ids[1:] < ids[:-1]):
                raise _invalid("Arguments to from_value_rowids do not form a valid RowPartition: value_rowids must "
                               "be sorted and non-negative, got %s" % (ids.tolist(),))
        if nrows is None:
            nrows = _tfpp.math.reduce_max(_tfpp.concat([_tfpp.constant([-1], dtype=rowids.dtype), rowids], 0)) + 1
        nrows = _tfpp._convert_to_tensor(nrows, dtype=rowids.dtype)
        if validate and _concrete(rowids, nrows) and rowids.shape[0] and int(rowids.numpy()[-1]) >= int(nrows.numpy()):
            raise _invalid("Arguments to from_value_rowids do not form a valid RowPartition: value_rowids %s name "
                           "rows past nrows=%d" % (rowids.numpy().tolist(), int(nrows.numpy())))
        counts = _tfpp.scatter_nd(_tfpp.expand_dims(rowids, 1), ones_of(rowids), _tfpp.reshape(nrows, [1]))
        splits = _tfpp.concat([_tfpp.zeros([1], rowids.dtype), _tfpp.math.cumsum(counts)], 0)
        return cls._checked(values, splits, "from_value_rowids", validate)

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None, validate=True):
        """Several ragged dimensions at once: the outermost splits first."""
        if isinstance(nested_row_splits, _tfpp.Tensor):
            raise TypeError("nested_row_splits must be a list of Tensors")
        result = _to_values(flat_values)
        for splits in reversed(list(nested_row_splits)):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None, validate=True):
        """Several ragged dimensions at once, by their row lengths (outermost first)."""
        result = _to_values(flat_values)
        for lengths in reversed(list(nested_row_lengths)):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def from_uniform_row_length(cls, values, uniform_row_length, nrows=None, validate=True, name=None):
        """Rows of `uniform_row_length` values each."""
        values = _to_values(values)
        length = _tfpp._convert_to_tensor(uniform_row_length, dtype=_tfpp.int64)
        if nrows is None:
            nrows = _tfpp.math.floordiv(_nvals(values), _tfpp.math.maximum(length, 1))
        splits = _tfpp.range(_tfpp._convert_to_tensor(nrows, dtype=_tfpp.int64) + 1, dtype=_tfpp.int64) * length
        result = cls._checked(values, splits, "from_uniform_row_length", validate)
        result._uniform_row_length = None if length._is_symbolic() else int(length.numpy())
        return result

    @classmethod
    def from_tensor(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None, row_splits_dtype=_tfpp.int64):
        """The rows of a dense tensor, cut at `lengths` or where only `padding` follows."""
        tensor = _tfpp._convert_to_tensor(tensor)
        if lengths is not None and padding is not None:
            raise ValueError("Specify lengths or padding, but not both")
        rank = tensor.shape.rank
        if rank is not None and rank < ragged_rank + 1:
            raise ValueError("ragged_rank must be smaller than the rank of the tensor, got %d for rank %d" %
                             (ragged_rank, rank))
        dtype = _splits_dtype(row_splits_dtype)
        shape = _tfpp.shape(tensor, out_type=dtype)
        if ragged_rank > 1:
            inner = _tfpp.reshape(tensor, _tfpp.concat([[-1], shape[2:]], 0))
            inner_lengths = None if lengths is None else _tfpp.reshape(lengths, [-1])
            values = cls.from_tensor(inner, inner_lengths, padding, ragged_rank - 1, row_splits_dtype=dtype)
            return cls.from_uniform_row_length(values, _tfpp.math.cast(shape[1], _tfpp.int64), shape[0],
                                               validate=False)._with_splits_dtype(dtype)
        nrows, ncols = shape[0], shape[1]
        if padding is not None:
            padding = _tfpp._convert_to_tensor(padding, dtype=tensor.dtype)
            is_padding = _tfpp.math.equal(tensor, padding)
            for _ in range((rank or 2) - 2 - (padding.shape.rank or 0)):
                is_padding = _tfpp.math.reduce_all(is_padding, axis=-1)
            has_value = _tfpp.math.cast(_tfpp.math.logical_not(is_padding), dtype)
            # The length of a row ends after its last non-padding value.
            positions = _tfpp.range(1, ncols + 1, dtype=dtype)
            lengths = _tfpp.math.reduce_max(has_value * positions, axis=1)
        elif lengths is None:
            lengths = _tfpp.range(nrows, dtype=dtype) * 0 + ncols
        lengths = _partition(lengths, "lengths", dtype)
        keep = _tfpp.math.less(_tfpp.expand_dims(_tfpp.range(ncols, dtype=dtype), 0), _tfpp.expand_dims(lengths, 1))
        values = _tfpp.boolean_mask(tensor, keep)
        return cls.from_row_lengths(values, lengths, validate=False)

    @classmethod
    def _checked(cls, values, splits, factory, validate):
        values = _to_values(values)
        _check_rank(values)
        if validate:
            _check_nvals(factory, splits, values)
        return cls(values, splits, internal=True)

    def _with_splits_dtype(self, dtype):
        values = self._values._with_splits_dtype(dtype) if isinstance(self._values, RaggedTensor) else self._values
        return RaggedTensor(values, _tfpp.math.cast(self._row_splits, dtype), True, self._uniform_row_length)

    def with_values(self, new_values):
        """This tensor's row partition over `new_values`."""
        return RaggedTensor(_to_values(new_values), self._row_splits, True, self._uniform_row_length)

    def with_flat_values(self, new_values):
        """This tensor's row partitions over `new_values`."""
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    # ---- properties ----
    @property
    def values(self):
        """The concatenated rows."""
        return self._values

    @property
    def row_splits(self):
        """Where each row starts and ends in `values`."""
        return self._row_splits

    @property
    def flat_values(self):
        """The innermost values: a tensor."""
        values = self._values
        while isinstance(values, RaggedTensor):
            values = values._values
        return values

    @property
    def nested_row_splits(self):
        """The row splits of every ragged dimension, outermost first, as a tuple."""
        splits, values = [self._row_splits], self._values
        while isinstance(values, RaggedTensor):
            splits.append(values._row_splits)
            values = values._values
        return tuple(splits)

    @property
    def ragged_rank(self):
        """The number of ragged dimensions."""
        return len(self.nested_row_splits)

    @property
    def dtype(self):
        """The dtype of the values."""
        return self.flat_values.dtype

    @property
    def row_splits_dtype(self):
        """The dtype of the row splits (int64 or int32)."""
        return self._row_splits.dtype

    @property
    def shape(self):
        """The static shape, None for the ragged dimensions."""
        nrows = self._row_splits.shape[0]
        row_lengths, values = [self._uniform_row_length], self._values
        while isinstance(values, RaggedTensor):
            row_lengths.append(values._uniform_row_length)
            values = values._values
        if values.shape.rank is None:
            return TensorShape(None)
        return TensorShape([None if nrows is None else nrows - 1] + row_lengths + values.shape.as_list()[1:])

    def get_shape(self):
        """The static shape (as .shape)."""
        return self.shape

    @property
    def _type_spec(self):
        from .. import type_spec
        return type_spec.RaggedTensorSpec(self.shape, self.dtype, self.ragged_rank, self.row_splits_dtype)

    def _is_eager(self):
        return all(not t._is_symbolic() for t in self.nested_row_splits + (self.flat_values,))

    # ---- row partition ----
    def nrows(self, out_type=None, name=None):
        """The number of rows, a scalar."""
        n = _tfpp.shape(self._row_splits, out_type=self.row_splits_dtype)[0] - 1
        return n if out_type is None else _tfpp.math.cast(n, out_type)

    def row_starts(self, name=None):
        """Where each row starts in `values`."""
        return self._row_splits[:-1]

    def row_limits(self, name=None):
        """Where each row ends in `values`."""
        return self._row_splits[1:]

    def row_lengths(self, axis=1, name=None):
        """The length of each row (of dimension `axis`: a RaggedTensor for an inner ragged one)."""
        if axis == 0:
            return self.nrows()
        if axis == 1:
            return self._row_splits[1:] - self._row_splits[:-1]
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        raise ValueError("axis=%d out of bounds for a RaggedTensor of ragged_rank %d" % (axis, self.ragged_rank))

    def value_rowids(self, name=None):
        """The row of each value."""
        return value_rowids_of(self._row_splits)

    def nested_row_lengths(self, name=None):
        """The row lengths of every ragged dimension, outermost first."""
        return tuple(s[1:] - s[:-1] for s in self.nested_row_splits)

    def bounding_shape(self, axis=None, name=None, out_type=None):
        """The smallest dense shape that holds every row (as to_tensor pads it)."""
        dtype = self.row_splits_dtype if out_type is None else out_type
        dims = [self.nrows(out_type=_tfpp.int64)]
        for splits in self.nested_row_splits:
            lengths = _tfpp.math.cast(splits[1:] - splits[:-1], _tfpp.int64)
            dims.append(_tfpp.math.reduce_max(_tfpp.concat([_tfpp.zeros([1], _tfpp.int64), lengths], 0)))
        inner = _tfpp.shape(self.flat_values, out_type=_tfpp.int64)[1:]
        shape = _tfpp.math.cast(_tfpp.concat([_tfpp.stack(dims), inner], 0), dtype)
        return shape if axis is None else _tfpp.gather(shape, axis)

    # ---- conversion ----
    def to_tensor(self, default_value=None, name=None, shape=None):
        """A dense tensor: each row padded with `default_value` (zero by default) to the bounding
        shape, or cut or padded to `shape`."""
        from . import ragged_to_tensor
        return ragged_to_tensor.to_tensor(self, default_value, shape)

    def to_list(self):
        """The value as nested Python lists (bytes for strings)."""
        if not self._is_eager():
            raise ValueError("RaggedTensor.to_list() is only supported in eager mode.")
        values = self._values.to_list() if isinstance(self._values, RaggedTensor) else self._values.numpy().tolist()
        splits = self._row_splits.numpy()
        return [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]

    def numpy(self):
        """The value as NumPy arrays: a ragged dimension is an object array of its rows."""
        if not self._is_eager():
            raise ValueError("RaggedTensor.numpy() is only supported in eager mode.")
        values = self._values.numpy()
        splits = self._row_splits.numpy()
        rows = [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]
        if not rows:
            return _np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
        ragged = any(len(row) != len(rows[0]) for row in rows)
        if not ragged:
            return _np.array(rows)
        result = _np.empty(len(rows), dtype=object)
        for i, row in enumerate(rows):
            result[i] = row
        return result

    def merge_dims(self, outer_axis, inner_axis):
        """Dimensions outer_axis..inner_axis merged into one (only 0..1 for now and the uniform inner dims)."""
        if (outer_axis, inner_axis) == (0, 1):
            return self._values
        raise ValueError("tfpp merges the dimensions 0 and 1 of a RaggedTensor only, got %d and %d" %
                         (outer_axis, inner_axis))

    def __repr__(self):
        if self._is_eager():
            with _np.printoptions(formatter={"all": _formatter}):
                return "<tf.RaggedTensor %s>" % _formatter(self.numpy())
        return "tf.RaggedTensor(values=%s, row_splits=%s)" % (self._values, self._row_splits)

    # ---- rows ----
    def __getitem__(self, key):
        from . import ragged_getitem
        return ragged_getitem.getitem(self, key)

    def __iter__(self):
        if not self._is_eager():
            raise TypeError("Iterating over a symbolic RaggedTensor is not allowed inside tf.function.")
        for i in range(int(self.nrows().numpy())):
            yield self[i]

    def __bool__(self):
        raise TypeError("RaggedTensor may not be used as a boolean.")

    __hash__ = None


def _formatter(x):
    # NumPy's printing, its elements separated by commas; an empty array as its nested list.
    if isinstance(x, _np.ndarray):
        return _np.array2string(x, separator=", ") if x.size != 0 else repr(x.tolist())
    return str(x)


def _row_splits_dtype_of(partition):
    if isinstance(partition, _tfpp.Tensor) and partition.dtype in (_tfpp.int32, _tfpp.int64):
        return partition.dtype
    return _tfpp.int64


def _check_rank(values):
    if not isinstance(values, RaggedTensor) and values.shape.rank == 0:
        raise ValueError("values must have rank >= 1, got a scalar")


def value_rowids_of(splits):
    """The row of each value of a row partition given by its splits."""
    nvals = splits[-1:]
    inner_starts = _tfpp.expand_dims(splits[1:-1], 1)
    steps = _tfpp.scatter_nd(inner_starts, ones_of(splits[1:-1]), nvals + 1)
    return _tfpp.math.cumsum(steps)[:-1]


def ones_of(tensor, dtype=None):
    """Ones of the shape of `tensor`, also where tracing does not know it (tfpp's ones_like and fill
    need a known shape there): x == x or x != x holds everywhere, NaNs included."""
    everywhere = _tfpp.math.logical_or(_tfpp.math.equal(tensor, tensor), _tfpp.math.not_equal(tensor, tensor))
    return _tfpp.math.cast(everywhere, dtype or tensor.dtype)


def is_ragged(value):
    """Whether `value` is a RaggedTensor."""
    return isinstance(value, RaggedTensor)

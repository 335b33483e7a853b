"""tf.sparse: from_dense, to_dense and reorder over existing ops, eagerly and traced. A value's
place in the dense tensor is its row-major offset (indices times the dense shape's strides);
to_dense scatters each value's number there and gathers the values (the default first) by it, so
every dtype, strings too, converts, and gradients flow to the values through the gather."""

from . import _tfpp
from .sparse_tensor import SparseTensor


def _errors():
    from . import errors
    return errors


def _offsets(indices, dense_shape):
    """The row-major offset of each index tuple in a tensor of `dense_shape`."""
    strides = _tfpp.math.cumprod(dense_shape, exclusive=True, reverse=True)
    return _tfpp.math.reduce_sum(indices * strides, axis=1)


def from_dense(tensor, name=None):
    """The non-zero (non-empty for strings) elements of `tensor` as a SparseTensor."""
    tensor = _tfpp.convert_to_tensor(tensor)
    if tensor.shape.rank == 0:
        raise ValueError("tf.sparse.from_dense needs a tensor of rank >= 1, got a scalar")
    zero = "" if tensor.dtype == _tfpp.string else _tfpp.zeros([], tensor.dtype)
    indices = _tfpp.math.where(_tfpp.math.not_equal(tensor, zero))
    return SparseTensor(indices, _tfpp.gather_nd(tensor, indices), _tfpp.shape(tensor, out_type=_tfpp.int64))


def _check_indices(sp_input, validate_order):
    """TensorFlow's checks of SparseToDense, made eagerly: indices inside the dense shape, in
    row-major order without repeats."""
    if sp_input.indices._is_symbolic() or sp_input.dense_shape._is_symbolic():
        return
    indices, shape = sp_input.indices.numpy(), sp_input.dense_shape.numpy()
    for i, index in enumerate(indices):
        if any(d < 0 or d >= s for d, s in zip(index, shape)):
            raise _errors().InvalidArgumentError(None, None, "[SparseToDense] indices[%d] = [%s] is out of bounds: need "
                                                 "0 <= index < [%s]" % (i, ",".join(map(str, index)),
                                                                        ",".join(map(str, shape))))
        if validate_order and i > 0:
            previous = tuple(indices[i - 1])
            if tuple(index) == previous:
                raise _errors().InvalidArgumentError(None, None, "[SparseToDense] indices[%d] = [%s] is repeated" % (
                    i, ",".join(map(str, index))))
            if tuple(index) < previous:
                raise _errors().InvalidArgumentError(None, None, "[SparseToDense] indices[%d] = [%s] is out of order. "
                                                     "Many sparse ops require sorted indices. Use `tf.sparse.reorder` "
                                                     "to create a correctly ordered copy." % (
                                                         i, ",".join(map(str, index))))


def to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    """The dense tensor of a SparseTensor, `default_value` (zero by default) where it has no value."""
    if not isinstance(sp_input, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
    _check_indices(sp_input, validate_indices)
    values = sp_input.values
    if default_value is None:
        default_value = "" if values.dtype == _tfpp.string else 0
    default = _tfpp.reshape(_tfpp.convert_to_tensor(default_value, dtype=values.dtype), [1])
    size = _tfpp.math.reduce_prod(sp_input.dense_shape)
    offsets = _tfpp.expand_dims(_offsets(sp_input.indices, sp_input.dense_shape), 1)
    count = _tfpp.shape(values, out_type=_tfpp.int64)[0]
    numbers = _tfpp.scatter_nd(offsets, _tfpp.range(1, count + 1, dtype=_tfpp.int64), _tfpp.reshape(size, [1]))
    dense = _tfpp.gather(_tfpp.concat([default, values], 0), numbers)
    return _tfpp.reshape(dense, sp_input.dense_shape)


def reorder(sp_input, name=None):
    """The SparseTensor with its values in row-major order of their indices."""
    offsets = _tfpp.math.cast(_offsets(sp_input.indices, sp_input.dense_shape), _tfpp.float64)
    count = offsets.shape[0]
    if count is None:
        raise ValueError("inside tf.function tfpp reorders SparseTensors of a known number of values only")
    _, order = _tfpp.math.top_k(-offsets, k=count)
    return SparseTensor(_tfpp.gather(sp_input.indices, order), _tfpp.gather(sp_input.values, order),
                        sp_input.dense_shape)

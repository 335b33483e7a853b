"""tf.sets: set operations along the last dimension of dense tensors and SparseTensors (the graph
ops SetSize, DenseToDenseSetOperation, DenseToSparseSetOperation and SparseToSparseSetOperation;
include/tfpp/set_ops.h). Results are SparseTensors listing each row's values in ascending order."""

from . import _tfpp
from .sparse_tensor import SparseTensor

_VALID_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "string")


def _convert(a, b):
    """a and b as tensors or SparseTensors, a dense one first (TensorFlow flips sparse, dense pairs),
    and whether they were flipped; TensorFlow's TypeErrors for dtypes."""
    a = a if isinstance(a, SparseTensor) else _tfpp._convert_to_tensor(a)
    b = b if isinstance(b, SparseTensor) else _tfpp._convert_to_tensor(b, dtype=a.dtype)
    for name, value in (("a", a), ("b", b)):
        if value.dtype.name not in _VALID_DTYPES:
            raise TypeError("'%s' has invalid dtype `%r` not in supported dtypes: `%s`." % (
                name, value.dtype, ", ".join(_VALID_DTYPES)))
    if a.dtype != b.dtype:
        raise TypeError("Types don't match, %r vs %r." % (a.dtype, b.dtype))
    if isinstance(a, SparseTensor) and not isinstance(b, SparseTensor):
        return b, a, True
    return a, b, False


def _operand(x):
    return (x.indices, x.values, x.dense_shape) if isinstance(x, SparseTensor) else x


def _set_operation(a, b, operation, validate_indices):
    return SparseTensor(*_tfpp._set_operation(operation, _operand(a), _operand(b), validate_indices))


def size(a, validate_indices=True):
    """The number of distinct values in each row of the SparseTensor `a` (int32)."""
    if not isinstance(a, SparseTensor):
        raise TypeError("Expected `SparseTensor`, got %s." % (a,))
    if a.dtype.name not in _VALID_DTYPES:
        raise TypeError("Invalid dtype %r." % (a.dtype,))
    return _tfpp._set_size(a.indices, a.values, a.dense_shape, validate_indices)


def intersection(a, b, validate_indices=True):
    """The values of each row in both a and b."""
    a, b, _ = _convert(a, b)
    return _set_operation(a, b, "intersection", validate_indices)


def union(a, b, validate_indices=True):
    """The values of each row in a or b."""
    a, b, _ = _convert(a, b)
    return _set_operation(a, b, "union", validate_indices)


def difference(a, b, aminusb=True, validate_indices=True):
    """The values of each row in a but not b (b but not a when aminusb is False)."""
    a, b, flipped = _convert(a, b)
    if flipped:
        aminusb = not aminusb
    return _set_operation(a, b, "a-b" if aminusb else "b-a", validate_indices)

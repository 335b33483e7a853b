"""The rows of elements that hold composite tensors (RaggedTensors, SparseTensors, batchable
extension types), for Dataset.from_tensor_slices and Dataset.unbatch: a RangeDataset over the
rows mapped to row i of every component. Row i of a RaggedTensor is its i-th row (a tensor, or a
RaggedTensor of one ragged dimension less), row i of a SparseTensor the values whose first index
is i, in a SparseTensor of the remaining dimensions, row i of a BatchableExtensionType the value
of row i of each of its tensors. Eagerly and traced."""

from .. import _tfpp
from .. import _nest as nest
from .. import type_spec
from ..extension_type import ExtensionType
from ..ragged.ragged_tensor import RaggedTensor
from ..sparse_tensor import SparseTensor

_data = _tfpp._data


class Encoded:
    """A composite component left as tf.data carries it, stacked by Dataset.batch: its rows are
    the rows of that stack (no decoding, which tfpp does eagerly only for stacks)."""

    def __init__(self, stack):
        self.stack = stack


def rows_variant(leaves, row_specs):
    """A dataset (variant) whose element i holds row i of every leaf (a tensor, a composite
    tensor or an Encoded stack), carried as `row_specs` say."""
    indices = _data.range_op(_tfpp.constant(0, _tfpp.int64), nrows(leaves[0]), _tfpp.constant(1, _tfpp.int64))

    def rows(flat):
        index, out = flat[0], []
        for leaf, spec in zip(leaves, row_specs):
            if isinstance(leaf, Encoded):
                out.append(_tfpp.gather(leaf.stack, index))
            elif type_spec.is_composite_spec(spec):
                out.extend(spec._to_tensor_list(row(leaf, index)))
            else:
                out.append(row(leaf, index))
        return out

    return _data.map_op(indices, [_tfpp.TensorSpec([], _tfpp.int64)], rows)


def has_composite(element):
    """Whether a structure of values holds a composite tensor."""
    return any(type_spec.is_composite(v) for v in nest.flatten(element))


def row_spec(value):
    """The spec of one row of `value` (a tensor or a composite tensor)."""
    if type_spec.is_composite(value):
        return value._type_spec._unbatch()
    if value.shape.rank == 0:
        raise ValueError("Unbatching a tensor is only supported for rank >= 1")
    return _tfpp.TensorSpec(value.shape.as_list()[1:] if value.shape.rank is not None else None, value.dtype)


def static_nrows(value):
    """The number of rows when known while tracing, else None."""
    if isinstance(value, SparseTensor):
        return value.shape[0] if value.shape.rank else None
    if isinstance(value, ExtensionType):
        return value._type_spec._to_tensor_list(value)[0].shape[0]
    return value.shape[0]


def nrows(value):
    """The number of rows, an int64 scalar."""
    if isinstance(value, Encoded):
        value = value.stack
    if isinstance(value, RaggedTensor):
        return value.nrows(out_type=_tfpp.int64)
    if isinstance(value, SparseTensor):
        return value.dense_shape[0]
    if isinstance(value, ExtensionType):
        value = value._type_spec._to_tensor_list(value)[0]
    return _tfpp.shape(value, out_type=_tfpp.int64)[0]


def row(value, index):
    """Row `index` (an int64 scalar) of `value`."""
    if isinstance(value, RaggedTensor):
        return value[_tfpp.math.cast(index, value.row_splits_dtype)]
    if isinstance(value, SparseTensor):
        in_row = _tfpp.math.equal(value.indices[:, 0], index)
        return SparseTensor._with_static_shape(_tfpp.boolean_mask(value.indices, in_row)[:, 1:],
                                               _tfpp.boolean_mask(value.values, in_row), value.dense_shape[1:],
                                               value.shape[1:] if value.shape.rank is not None else None)
    if isinstance(value, ExtensionType):
        spec = value._type_spec
        return spec._unbatch()._from_tensor_list([_tfpp.gather(t, index) for t in spec._to_tensor_list(value)])
    return _tfpp.gather(value, index)

"""Type specs (tf.TypeSpec, the base of them all, tf.TensorSpec included) and those of composite
tensors (tf.RaggedTensorSpec, tf.SparseTensorSpec): what a RaggedTensor or SparseTensor is made of,
as TensorFlow's TypeSpecs describe it; and the specs tf.type_spec_from_value gives None and
IndexedSlices (tf.NoneTensorSpec, tf.IndexedSlicesSpec).

A composite value goes through tf.function and tf.data as its component tensors:
`_to_components` takes them apart, `_from_components` rebuilds the value, and
`_component_specs` are the placeholders a trace gets. tf.data carries a composite element as one
string tensor instead (`_to_tensor_list`: its components serialized as TensorProtos), so that
batching stacks the serialized elements and `_from_tensor_list` rebuilds one batched value, as
TensorFlow's variant encoding does.

tf.type_spec_from_value, at the end, gives the spec of a value (a TensorSpec for a tensor).
"""

import abc

import numpy as _np

from . import _tfpp
from .tensor_shape import TensorShape


class TypeSpec(metaclass=abc.ABCMeta):
    """tf.TypeSpec: the base of type specs (tf.TensorSpec is registered as one). Its subclasses here
    are the composite specs, compared, hashed and printed by their fields."""

    # How many Dataset.batch calls stacked the encoded values tf.data carries for this spec.
    _batch_levels = 0

    @property
    @abc.abstractmethod
    def value_type(self):
        """The Python type of the values the spec describes."""

    def _fields(self):
        raise NotImplementedError

    def __eq__(self, other):
        return type(self) is type(other) and self._fields() == other._fields()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((type(self).__name__,) + self._fields())

    def _dtype_text(self, dtype):
        return "tf." + dtype.name

    @property
    def _flat_tensor_specs(self):
        """How tf.data carries the value: one string tensor of serialized components."""
        return [_tfpp.TensorSpec(None, _tfpp.string)]

    def _with_batch_levels(self, levels):
        self._batch_levels = levels
        return self

    @property
    def _unbatches_encoded(self):
        """Whether Dataset.unbatch may split the encoded values tf.data carries (stacked by
        Dataset.batch) instead of splitting the decoded value into its rows."""
        return False


class SparseTensorSpec(TypeSpec):
    """The type of a tf.SparseTensor: its dense shape (None where unknown) and dtype."""

    def __init__(self, shape=None, dtype=_tfpp.float32):
        self._shape = TensorShape(shape)
        self._dtype = _tfpp.TensorSpec([], dtype).dtype

    shape = property(lambda self: self._shape, doc="The dense shape.")
    dtype = property(lambda self: self._dtype, doc="The dtype of the values.")

    @property
    def value_type(self):
        from .sparse_tensor import SparseTensor
        return SparseTensor

    def _fields(self):
        return (self._shape, self._dtype.name)

    def __repr__(self):
        return "SparseTensorSpec(%r, %s)" % (self._shape, self._dtype_text(self._dtype))

    @property
    def _component_specs(self):
        rank = self._shape.rank
        return [_tfpp.TensorSpec([None, rank], _tfpp.int64), _tfpp.TensorSpec([None], self._dtype),
                _tfpp.TensorSpec([rank], _tfpp.int64)]

    def _to_components(self, value):
        return [value.indices, value.values, value.dense_shape]

    def _from_components(self, components):
        from .sparse_tensor import SparseTensor
        return SparseTensor._with_static_shape(*components, self._shape)

    def _with_shape(self, shape):
        return SparseTensorSpec(shape, self._dtype)

    def _batch(self, batch_size):
        return SparseTensorSpec(TensorShape([batch_size]).concatenate(self._shape), self._dtype)._with_batch_levels(
            self._batch_levels + 1)

    def _unbatch(self):
        # The rows of a batch keep the batch's dense shape (not each stacked element's own), so
        # unbatch splits the decoded batch rather than the encoded elements.
        if self._shape.rank == 0:
            raise ValueError("Unbatching a tensor is only supported for rank >= 1")
        return SparseTensorSpec(self._shape[1:], self._dtype)

    def _to_tensor_list(self, value):
        return [_tfpp.stack([_tfpp._io.serialize_tensor(t) for t in self._to_components(value)])]

    def _from_tensor_list(self, tensors):
        from .sparse_tensor import SparseTensor
        indices, values, dense_shape = _tfpp._io.deserialize_sparse(tensors[0], self._dtype)
        return SparseTensor._with_static_shape(indices, values, dense_shape, self._shape)

    def is_compatible_with(self, value):
        spec = value._type_spec if hasattr(value, "_type_spec") else value
        return (isinstance(spec, SparseTensorSpec) and spec._dtype == self._dtype and
                spec._shape.is_compatible_with(self._shape))


class RaggedTensorSpec(TypeSpec):
    """The type of a tf.RaggedTensor: its shape (None for ragged dimensions), dtype, ragged_rank and
    the dtype of its row splits."""

    def __init__(self, shape=None, dtype=_tfpp.float32, ragged_rank=None, row_splits_dtype=_tfpp.int64,
                 flat_values_spec=None):
        self._shape = TensorShape(shape)
        self._dtype = _tfpp.TensorSpec([], dtype).dtype
        self._row_splits_dtype = _tfpp.TensorSpec([], row_splits_dtype).dtype
        rank = self._shape.rank
        if ragged_rank is None:
            if rank is None:
                raise ValueError("Must specify ragged_rank or a shape with a known rank.")
            ragged_rank = rank - 1
        if rank is not None and not 0 <= ragged_rank < rank and not (rank == 0 and ragged_rank == 0):
            raise ValueError("ragged_rank must be non-negative and less than the rank %d, got %d" % (rank, ragged_rank))
        self._ragged_rank = ragged_rank

    shape = property(lambda self: self._shape, doc="The shape, None for the ragged dimensions.")
    dtype = property(lambda self: self._dtype, doc="The dtype of the values.")
    ragged_rank = property(lambda self: self._ragged_rank, doc="The number of ragged dimensions.")
    row_splits_dtype = property(lambda self: self._row_splits_dtype, doc="The dtype of the row splits.")

    @property
    def value_type(self):
        from .ragged.ragged_tensor import RaggedTensor
        return RaggedTensor

    def _fields(self):
        return (self._shape, self._dtype.name, self._ragged_rank, self._row_splits_dtype.name)

    def __repr__(self):
        return "RaggedTensorSpec(%r, %s, %d, %s)" % (self._shape, self._dtype_text(self._dtype), self._ragged_rank,
                                                     self._dtype_text(self._row_splits_dtype))

    def _inner_shape(self):
        rank = self._shape.rank
        return None if rank is None else [None] + self._shape.as_list()[self._ragged_rank + 1:]

    @property
    def _component_specs(self):
        if self._ragged_rank == 0:
            return [_tfpp.TensorSpec(self._shape, self._dtype)]
        nrows = self._shape[0] if self._shape.rank is not None else None
        outer = [None if nrows is None else nrows + 1]
        return [_tfpp.TensorSpec(self._inner_shape(), self._dtype), _tfpp.TensorSpec(outer, self._row_splits_dtype)] + [
            _tfpp.TensorSpec([None], self._row_splits_dtype) for _ in range(self._ragged_rank - 1)]

    def _to_components(self, value):
        if self._ragged_rank == 0:
            return [value]
        return [value.flat_values] + list(value.nested_row_splits)

    def _from_components(self, components):
        if self._ragged_rank == 0:
            return components[0]
        from .ragged.ragged_tensor import RaggedTensor
        return RaggedTensor.from_nested_row_splits(components[0], components[1:], validate=False)

    def _with_shape(self, shape):
        return RaggedTensorSpec(shape, self._dtype, self._ragged_rank, self._row_splits_dtype)

    def _batch(self, batch_size):
        return RaggedTensorSpec(TensorShape([batch_size]).concatenate(self._shape), self._dtype, self._ragged_rank + 1,
                                self._row_splits_dtype)._with_batch_levels(self._batch_levels + 1)

    def _unbatch(self):
        if self._ragged_rank == 0:
            raise ValueError("Unbatching a tensor is only supported for rank >= 1")
        return RaggedTensorSpec(self._shape[1:], self._dtype, self._ragged_rank - 1,
                                self._row_splits_dtype)._with_batch_levels(max(self._batch_levels - 1, 0))

    @property
    def _unbatches_encoded(self):
        return self._batch_levels > 0

    def _to_tensor_list(self, value):
        from .ragged import ragged_encoding
        return [ragged_encoding.encode(self._to_components(value))]

    def _from_tensor_list(self, tensors):
        from .ragged import ragged_encoding
        return ragged_encoding.decode(tensors[0], self, self._batch_levels)

    def is_compatible_with(self, value):
        spec = value._type_spec if hasattr(value, "_type_spec") else value
        return (isinstance(spec, RaggedTensorSpec) and spec._dtype == self._dtype and
                spec._ragged_rank == self._ragged_rank and spec._row_splits_dtype == self._row_splits_dtype and
                spec._shape.is_compatible_with(self._shape))


TypeSpec.register(_tfpp.TensorSpec)


class NoneTensorSpec(TypeSpec):
    """The type of None as a value of a structure (tf.NoneTensorSpec)."""

    value_type = property(lambda self: type(None))

    def _fields(self):
        return ()

    def __repr__(self):
        return "NoneTensorSpec()"

    def is_compatible_with(self, value):
        return value is None or isinstance(value, NoneTensorSpec)


class IndexedSlicesSpec(TypeSpec):
    """The type of a tf.IndexedSlices: the dense shape, the dtypes of its values, indices and dense
    shape (None when it has none) and the shape of its indices."""

    def __init__(self, shape=None, dtype=_tfpp.float32, indices_dtype=_tfpp.int64, dense_shape_dtype=None,
                 indices_shape=None):
        self._shape = TensorShape(shape)
        self._values_dtype = _tfpp.TensorSpec([], dtype).dtype
        self._indices_dtype = _tfpp.TensorSpec([], indices_dtype).dtype
        self._dense_shape_dtype = None if dense_shape_dtype is None else _tfpp.TensorSpec([], dense_shape_dtype).dtype
        self._indices_shape = TensorShape([None] if indices_shape is None else indices_shape)

    @property
    def value_type(self):
        from .indexed_slices import IndexedSlices
        return IndexedSlices

    def _fields(self):
        return (self._shape, self._values_dtype.name, self._indices_dtype.name,
                self._dense_shape_dtype and self._dense_shape_dtype.name, self._indices_shape)

    def __repr__(self):
        dense_shape_dtype = "None" if self._dense_shape_dtype is None else self._dtype_text(self._dense_shape_dtype)
        return "IndexedSlicesSpec(%r, %s, %s, %s, %r)" % (self._shape, self._dtype_text(self._values_dtype),
                                                          self._dtype_text(self._indices_dtype), dense_shape_dtype,
                                                          self._indices_shape)

    @staticmethod
    def from_value(value):
        """The spec of an IndexedSlices: its static dense shape where known, else its rows' shape."""
        from .array_everyday import get_static_value
        shape = TensorShape([None]).concatenate(value.values.shape[1:])
        dense_shape_dtype = None
        if value.dense_shape is not None:
            dense_shape_dtype = value.dense_shape.dtype
            static = get_static_value(value.dense_shape)
            if static is not None:
                shape = TensorShape(static.tolist())
        indices_shape = _merged(TensorShape(value.indices.shape), TensorShape(value.values.shape)[:1])
        return IndexedSlicesSpec(shape, value.dtype, value.indices.dtype, dense_shape_dtype, indices_shape)


def _merged(a, b):
    """The shape with the dimensions known in either of two compatible shapes."""
    if a.rank is None:
        return b
    if b.rank is None:
        return a
    return TensorShape([x if x is not None else y for x, y in zip(a.as_list(), b.as_list())])


def most_specific_shape(a, b):
    """The shape compatible with both: unknown where their dimensions differ."""
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])


def is_composite_spec(spec):
    """Whether `spec` describes a composite tensor (a RaggedTensorSpec or SparseTensorSpec)."""
    return not isinstance(spec, _tfpp.TensorSpec) and isinstance(spec, TypeSpec)


def is_composite(value):
    """Whether `value` is a composite tensor (a RaggedTensor or SparseTensor)."""
    return is_composite_spec(getattr(value, "_type_spec", None))


def type_spec_from_value(value):
    """tf.type_spec_from_value: the spec of a tensor, NumPy array, composite tensor, dataset, iterator,
    IndexedSlices or None; of a list of values whose specs batch together (a batch of their common spec); else of the tensor
    `value` converts to. TypeError for a value none of these fits."""
    spec = _spec_of(value)
    if spec is not None:
        return spec
    try:
        spec = _spec_of(_tfpp.convert_to_tensor(value))
    except (ValueError, TypeError):
        spec = None
    if spec is None:
        raise TypeError("Could not build a TypeSpec for %s of unsupported type %s." % (value, type(value)))
    return spec


def _dataset_spec_class():
    from .data.dataset_ops import DatasetSpec  # tf.data builds on this module
    return DatasetSpec


def _spec_of(value):
    """The spec TensorFlow registers for `value`'s type, or None."""
    if isinstance(value, _tfpp.Tensor):
        return _tfpp.TensorSpec(value.shape, value.dtype)
    if type(value) is _np.ndarray:
        return _spec_of(_tfpp.convert_to_tensor(value))
    if is_composite(value):
        return value._type_spec
    if getattr(value, "_tfpp_dataset", False):
        return _dataset_spec_class().from_value(value)
    if getattr(value, "_tfpp_iterator", False):
        from .data.dataset_ops import IteratorSpec
        return IteratorSpec(value.element_spec)
    if value is None:
        return NoneTensorSpec()
    from .indexed_slices import IndexedSlices
    if isinstance(value, IndexedSlices):
        return IndexedSlicesSpec.from_value(value)
    if isinstance(value, list) and value:
        specs = [_spec_of(item) for item in value]
        common = specs[0]
        for spec in specs[1:]:
            common = _common_supertype(common, spec)
        return None if common is None else _batched(common, len(specs))
    return None


def _common_supertype(a, b):
    """The most specific spec both `a` and `b` fit, among the specs that batch; else None."""
    if a is None or b is None or type(a) is not type(b):
        return None
    if isinstance(a, (_tfpp.TensorSpec, SparseTensorSpec)) and a.dtype == b.dtype:
        return type(a)(most_specific_shape(a.shape, b.shape), a.dtype)
    if isinstance(a, RaggedTensorSpec) and a._fields()[1:] == b._fields()[1:]:
        return a._with_shape(most_specific_shape(a.shape, b.shape))
    if isinstance(a, (_dataset_spec_class(), NoneTensorSpec)) and a == b:
        return a
    return None


def _batched(spec, size):
    """The spec of `size` values of `spec` stacked."""
    if isinstance(spec, NoneTensorSpec):
        return spec
    shape = TensorShape([size]).concatenate(spec.shape)
    if isinstance(spec, RaggedTensorSpec):
        return RaggedTensorSpec(shape, spec.dtype, spec.ragged_rank + 1, spec.row_splits_dtype)
    if isinstance(spec, (_tfpp.TensorSpec, SparseTensorSpec)):
        return type(spec)(shape, spec.dtype)
    return type(spec)(spec.element_spec, shape)

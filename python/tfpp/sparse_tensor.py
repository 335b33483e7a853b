"""tf.SparseTensor as a value: the indices, values and dense shape of a tensor whose other elements
are zero. tf.io's VarLenFeature results are SparseTensors, as in TensorFlow; tf.function and
tf.data take them apart into their components by their type spec (tfpp/type_spec.py)."""

from . import _tfpp
from .tensor_shape import TensorShape


class SparseTensor:
    """A sparse tensor: `values[i]` sits at `indices[i]` in a tensor of shape `dense_shape`."""

    def __init__(self, indices, values, dense_shape):
        self._indices = _tfpp._convert_to_tensor(indices, dtype=_tfpp.int64)
        self._values = _tfpp._convert_to_tensor(values)
        self._dense_shape = _tfpp._convert_to_tensor(dense_shape, dtype=_tfpp.int64)
        for tensor, rank, what in ((self._indices, 2, "indices"), (self._values, 1, "values"),
                                   (self._dense_shape, 1, "dense_shape")):
            if tensor.shape.rank is not None and tensor.shape.rank != rank:
                raise ValueError("Shape %s must have rank %d (the SparseTensor's %s)" % (tensor.shape, rank, what))
        self._static_shape = None

    @classmethod
    def _with_static_shape(cls, indices, values, dense_shape, shape):
        """A SparseTensor whose dense shape, known only when a graph runs, is at least `shape`."""
        sparse = cls(indices, values, dense_shape)
        sparse._static_shape = TensorShape(shape)
        return sparse

    @classmethod
    def from_value(cls, sparse_tensor_value):
        """The SparseTensor itself (TensorFlow's conversion of SparseTensorValues)."""
        return sparse_tensor_value

    @property
    def indices(self):
        """The int64 [N, rank] positions of the values."""
        return self._indices

    @property
    def values(self):
        """The 1-D tensor of the N values."""
        return self._values

    @property
    def dense_shape(self):
        """The int64 [rank] shape of the dense tensor."""
        return self._dense_shape

    @property
    def dtype(self):
        """The dtype of the values."""
        return self._values.dtype

    @property
    def shape(self):
        """The dense shape as a TensorShape."""
        if not self._dense_shape._is_symbolic():
            return TensorShape([int(d) for d in self._dense_shape.numpy()])
        if self._static_shape is not None:
            return self._static_shape
        rank = self._dense_shape.shape[0]
        return TensorShape(None if rank is None else [None] * rank)

    def get_shape(self):
        """The dense shape as a TensorShape (as .shape)."""
        return self.shape

    def set_shape(self, shape):
        """Narrows the static dense shape to `shape`; ValueError when the two are not compatible."""
        current, shape = self.shape, TensorShape(shape)
        if not current.is_compatible_with(shape):
            raise ValueError("Shapes %s and %s are not compatible" % (current, shape))
        if current.rank is None:
            self._static_shape = shape
        elif shape.rank is not None:
            self._static_shape = TensorShape([a if a is not None else b for a, b in zip(current.as_list(),
                                                                                          shape.as_list())])

    def with_values(self, new_values):
        """A SparseTensor with these indices and dense shape and `new_values` as its values."""
        sparse = SparseTensor(self._indices, new_values, self._dense_shape)
        sparse._static_shape = self._static_shape
        return sparse

    @property
    def _type_spec(self):
        from .type_spec import SparseTensorSpec
        return SparseTensorSpec(self.shape, self.dtype)

    def _dense_operand(self, other, op):
        """The values of `self` combined with dense `other` (broadcast to the dense shape) at its indices."""
        if isinstance(other, SparseTensor):
            raise ValueError("tf.SparseTensor %s another SparseTensor is not supported; use tf.sparse ops" % op)
        values = _tfpp._sparse_dense_cwise(op, self._indices, self._values, self._dense_shape, other)
        return SparseTensor(self._indices, values, self._dense_shape)

    def __mul__(self, other):
        """Elementwise product with a dense tensor, at this tensor's indices (SparseDenseCwiseMul)."""
        return self._dense_operand(other, "mul")

    def __truediv__(self, other):
        """Elementwise quotient by a dense tensor, at this tensor's indices (SparseDenseCwiseDiv)."""
        return self._dense_operand(other, "div")

    __div__ = __truediv__

    def __repr__(self):
        return "SparseTensor(indices=%s, values=%s, dense_shape=%s)" % (self._indices, self._values,
                                                                        self._dense_shape)

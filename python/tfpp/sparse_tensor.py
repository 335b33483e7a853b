"""tf.SparseTensor as a value: the indices, values and dense shape of a tensor whose other elements
are zero. tf.io's VarLenFeature results are SparseTensors, as in TensorFlow."""

from . import _tfpp


class SparseTensor:
    """A sparse tensor: `values[i]` sits at `indices[i]` in a tensor of shape `dense_shape`."""

    def __init__(self, indices, values, dense_shape):
        self._indices = _tfpp.convert_to_tensor(indices, dtype=_tfpp.int64)
        self._values = _tfpp.convert_to_tensor(values)
        self._dense_shape = _tfpp.convert_to_tensor(dense_shape, dtype=_tfpp.int64)

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
        from .tensor_shape import TensorShape
        if self._dense_shape._is_symbolic():  # known only when the graph runs
            return TensorShape([None] * int(self._dense_shape.shape[0]))
        return TensorShape([int(d) for d in self._dense_shape.numpy()])

    def __repr__(self):
        return "SparseTensor(indices=%s, values=%s, dense_shape=%s)" % (self._indices, self._values,
                                                                        self._dense_shape)

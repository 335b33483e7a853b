"""tf.IndexedSlices: the rows `values` of a dense tensor of shape `dense_shape` at `indices` (the
first axis), as TensorFlow's sparse gradients and tf.sparse.mask give them. Converting one to a
tensor sums the rows into place (duplicate indices add up), as TensorFlow's conversion does."""


def _tf():
    import tfpp
    return tfpp


class IndexedSlices:
    """tf.IndexedSlices(values, indices, dense_shape=None)."""

    def __init__(self, values, indices, dense_shape=None):
        self._values = values
        self._indices = indices
        self._dense_shape = dense_shape

    @property
    def values(self):
        return self._values

    @property
    def indices(self):
        return self._indices

    @property
    def dense_shape(self):
        return self._dense_shape

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def device(self):
        return self._values.device

    @property
    def shape(self):
        """The dense tensor's static shape (unknown without dense_shape)."""
        tf = _tf()
        if self._dense_shape is None:
            return tf.TensorShape(None)
        return tf.TensorShape([int(d) for d in tf.get_static_value(self._dense_shape)])

    def __neg__(self):
        return IndexedSlices(-self._values, self._indices, self._dense_shape)

    def __str__(self):
        shape = "" if self._dense_shape is None else ", dense_shape=%s" % (self._dense_shape,)
        return "IndexedSlices(indices=%s, values=%s%s)" % (self._indices, self._values, shape)

    def __tf_tensor__(self, dtype=None, name=None):
        """The dense tensor (tf.convert_to_tensor and ops taking tensors call this)."""
        tf = _tf()
        if dtype is not None and tf.as_dtype(dtype) != self.dtype:
            raise ValueError("Incompatible tensor conversion requested to `dtype` %s for IndexedSlices (%s) with dtype %s"
                             % (tf.as_dtype(dtype).name, self, self.dtype.name))
        if self._dense_shape is None:
            raise ValueError("Tensor conversion requested for IndexedSlices for argument `value` without dense_shape: %s"
                             % (self,))
        return tf.math.unsorted_segment_sum(self._values, self._indices, self._dense_shape[0])


def mask(a, mask_indices, name=None):
    """tf.sparse.mask: the slices of `a` whose index is not in mask_indices, in their order."""
    tf = _tf()
    mask_indices = tf.cast(mask_indices, a.indices.dtype)
    keep = tf.reduce_all(tf.not_equal(tf.expand_dims(a.indices, 1), tf.expand_dims(mask_indices, 0)), axis=1)
    positions = tf.reshape(tf.where(keep), [-1])
    return IndexedSlices(tf.gather(a.values, positions), tf.gather(a.indices, positions), a.dense_shape)

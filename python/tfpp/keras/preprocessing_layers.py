"""The methods of keras.layers.StringLookup, IntegerLookup, TextVectorization, Discretization and
CategoryEncoding beyond a layer's own (adapt, get_vocabulary, vocabulary_size, set_vocabulary,
bin_boundaries, count_weights), and the tf.RaggedTensor and tf.SparseTensor inputs of the lookup
layers, Hashing and Embedding, added to the layer classes that layers.py makes from the C++ layers."""

import tfpp as tf  # the package; its attributes are complete by the time a layer is called

from .. import _tfpp

_k = _tfpp.keras


def _batches(data, steps):
    """The batches adapt() reads, as Keras: a dataset's or iterable's elements, or one array."""
    from ..data import dataset_ops
    if isinstance(data, dataset_ops.DatasetV2):
        if steps is not None:
            data = data.take(steps)
        for batch in data:
            yield batch
        return
    if hasattr(data, "__iter__") and not isinstance(data, (list, tuple, str, bytes)) and not hasattr(data, "dtype"):
        for i, batch in enumerate(data):
            if steps is not None and i >= steps:
                break
            yield batch
        return
    tensor = _tfpp._convert_to_tensor(data)
    if tensor.shape.rank == 1:  # a vector of tokens is a column of one-token documents
        tensor = _tfpp.expand_dims(tensor, -1)
    yield tensor


def adapt(self, data, steps=None):
    """Learns the vocabulary from `data` (an array, a tf.data dataset or an iterable of batches)."""
    _k._lookup_reset_state(self._cpp)
    for batch in _batches(data, steps):
        _k._lookup_update_state(self._cpp, batch)
    _k._lookup_finalize_state(self._cpp)


def get_vocabulary(self, include_special_tokens=True):
    """The vocabulary by id (the mask and OOV tokens included when asked)."""
    return _k._lookup_vocabulary(self._cpp, include_special_tokens)


def vocabulary_size(self):
    """The number of ids, the mask and OOV ids included."""
    if type(self).__name__ == "TextVectorization":
        return _k._text_vectorization_vocabulary_size(self._cpp)
    return _k._lookup_vocabulary_size(self._cpp)


def set_vocabulary(self, vocabulary, idf_weights=None):
    """Replaces the vocabulary (and the IDF weights of "tf_idf" output)."""
    _k._lookup_set_vocabulary(self._cpp, vocabulary, [] if idf_weights is None else [float(w) for w in idf_weights])


def _state_errors_as_runtime_errors(call):
    """Keras raises RuntimeError when a vocabulary layer is called in a state that cannot work
    (no vocabulary yet for vector outputs, or a vocabulary size changed after calls)."""
    from .. import errors

    def checked(self, *args, **kwargs):
        try:
            return call(self, *args, **kwargs)
        except errors.FailedPreconditionError as e:
            raise RuntimeError(e.message) from None

    return checked


# Keras converts a SparseTensor given to these to a dense array (zeros where it has no value).
_DENSIFIED_SPARSE = ("IntegerLookup", "Embedding")


def _composite_inputs(call):
    """Keras' lookup layers, Hashing and Embedding take ragged and sparse inputs; the C++ layers take
    dense tensors, so the composite's values go through the layer and back into its structure."""

    def routed(self, inputs, *args, **kwargs):
        if not isinstance(inputs, (tf.RaggedTensor, tf.SparseTensor)):  # dense: the layer's own call, at once
            return call(self, inputs, *args, **kwargs)
        if isinstance(inputs, tf.SparseTensor) and type(self).__name__ in _DENSIFIED_SPARSE:
            inputs = tf.sparse.to_dense(inputs)
        ragged = isinstance(inputs, tf.RaggedTensor)
        mode = self._cpp.get_config().get("output_mode", "int")
        if ragged and mode in ("int", "one_hot"):  # an id (or one-hot row) for each value, rows kept
            flat = inputs.flat_values
            return inputs.with_flat_values(call(self, flat if mode == "int" else tf.expand_dims(flat, -1)))
        if isinstance(inputs, tf.SparseTensor) and mode == "int":
            return tf.SparseTensor(inputs.indices, call(self, inputs.values), inputs.dense_shape)
        # Other composites (sparse "one_hot", more than 2 dimensions) fail to convert, with Keras'
        # error class; "multi_hot", "count" and "tf_idf" of 2-D ones encode each value as a row of
        # its own (its idf weight applied) and sum a row's encodings, clipped to 1 for "multi_hot".
        if not isinstance(inputs, (tf.RaggedTensor, tf.SparseTensor)) or mode == "one_hot" or inputs.shape.rank != 2:
            return call(self, inputs, *args, **kwargs)
        if ragged:  # the number of rows known when tracing too, as TensorFlow's bincount gives it
            rows, nrows = inputs.value_rowids(), inputs.nrows() if inputs.shape[0] is None else inputs.shape[0]
        else:
            rows, nrows = inputs.indices[:, 0], inputs.dense_shape[0]
        counts = tf.math.unsorted_segment_sum(call(self, tf.expand_dims(inputs.values, -1)), rows, nrows)
        return tf.minimum(counts, 1) if mode == "multi_hot" else counts

    return routed


def install(layers):
    """Adds the methods to the classes of the `layers` module."""
    for name in ("StringLookup", "IntegerLookup", "TextVectorization"):
        cls = getattr(layers, name)
        cls.__call__ = _state_errors_as_runtime_errors(cls.__call__)
        if name != "TextVectorization":  # which, as Keras, rejects ragged strings to split by their rank
            cls.__call__ = _composite_inputs(cls.__call__)
        cls.adapt = _state_errors_as_runtime_errors(adapt)
        cls.get_vocabulary = get_vocabulary
        cls.vocabulary_size = vocabulary_size
        cls.set_vocabulary = set_vocabulary
    for cls in (layers.Hashing, layers.Embedding):
        cls.__call__ = _composite_inputs(cls.__call__)
    layers.Discretization.adapt = adapt
    layers.Discretization.bin_boundaries = property(lambda self: _k._discretization_boundaries(self._cpp) or None)
    encoding = layers.CategoryEncoding
    plain_call = encoding.__call__

    def call(self, inputs, count_weights=None, **kwargs):
        if count_weights is None:
            return plain_call(self, inputs, **kwargs)
        return _k._category_encoding_weighted(self._cpp, inputs, count_weights)

    encoding.__call__ = call

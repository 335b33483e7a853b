"""The methods of keras.layers.StringLookup, IntegerLookup, TextVectorization, Discretization and
CategoryEncoding beyond a layer's own (adapt, get_vocabulary, vocabulary_size, set_vocabulary,
bin_boundaries, count_weights), added to the layer classes that layers.py makes from the C++ layers."""

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


def install(layers):
    """Adds the methods to the classes of the `layers` module."""
    for name in ("StringLookup", "IntegerLookup", "TextVectorization"):
        cls = getattr(layers, name)
        cls.__call__ = _state_errors_as_runtime_errors(cls.__call__)
        cls.adapt = _state_errors_as_runtime_errors(adapt)
        cls.get_vocabulary = get_vocabulary
        cls.vocabulary_size = vocabulary_size
        cls.set_vocabulary = set_vocabulary
    layers.Discretization.adapt = adapt
    layers.Discretization.bin_boundaries = property(lambda self: _k._discretization_boundaries(self._cpp) or None)
    encoding = layers.CategoryEncoding
    plain_call = encoding.__call__

    def call(self, inputs, count_weights=None, **kwargs):
        if count_weights is None:
            return plain_call(self, inputs, **kwargs)
        return _k._category_encoding_weighted(self._cpp, inputs, count_weights)

    encoding.__call__ = call

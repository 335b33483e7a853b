"""The methods of keras.layers.StringLookup, IntegerLookup, TextVectorization, Normalization,
Discretization and CategoryEncoding beyond a layer's own (adapt, get_vocabulary, vocabulary_size,
set_vocabulary, Normalization's mean and variance, bin_boundaries, count_weights), their arguments
as NumPy arrays, tensors or a vocabulary file, TextVectorization's ragged output, and the
tf.RaggedTensor and tf.SparseTensor inputs of the lookup layers, Hashing and Embedding, added to the
layer classes that layers.py makes from the C++ layers."""

import itertools

import numpy as np

import tfpp as tf  # the package; its attributes are complete by the time a layer is called

from .. import _tfpp
from .. import errors
from ._signatures import LAYERS as _SIGNATURES

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


def _text_adapt(self, data, batch_size=None, steps=None):
    """TextVectorization.adapt, whose batch_size Keras takes and ignores."""
    adapt(self, data, steps)


def get_vocabulary(self, include_special_tokens=True):
    """The vocabulary by id (the mask and OOV tokens included when asked): the special tokens as
    Python values, the others as NumPy scalars, as Keras gives them."""
    return _k._lookup_vocabulary(self._cpp, include_special_tokens)


def vocabulary_size(self):
    """The number of ids, the mask and OOV ids included."""
    if type(self).__name__ == "TextVectorization":
        return _k._text_vectorization_vocabulary_size(self._cpp)
    return _k._lookup_vocabulary_size(self._cpp)


def set_vocabulary(self, vocabulary, idf_weights=None):
    """Replaces the vocabulary (a list, tuple, NumPy array, tensor or text file path) and the IDF
    weights of "tf_idf" output."""
    if isinstance(vocabulary, str):
        vocabulary = _file_tokens(self, vocabulary)
    _k._lookup_set_vocabulary(self._cpp, _plain_list(vocabulary), [] if idf_weights is None else _plain_list(idf_weights))


def _file_tokens(layer, path):
    """The tokens of a vocabulary file, one a line, as Keras' text file lookup table reads them."""
    config = layer._cpp.get_config()
    if not tf.io.gfile.exists(path):
        raise ValueError("Vocabulary file %s does not exist." % path)
    if config["output_mode"] == "tf_idf":
        raise ValueError("output_mode `'tf_idf'` does not support loading a vocabulary from file.")
    with tf.io.gfile.GFile(path, "rb") as f:
        lines = f.read().decode(config.get("encoding", "utf-8")).split("\n")
    if lines[-1] == "":  # the end of the last line
        lines.pop()
    tokens = [line[:-1] if line.endswith("\r") else line for line in lines]
    return [int(t) for t in tokens] if type(layer).__name__ == "IntegerLookup" else tokens


def _plain_list(values):
    """A vocabulary, IDF weights, mean or variance given as a list, tuple, NumPy array or tensor, as
    the list the C++ config takes (a scalar as itself, bytes decoded)."""
    if tf.is_tensor(values):
        values = values.numpy()
    if isinstance(values, np.ndarray):
        values = values.tolist()
    if not isinstance(values, (list, tuple)):
        return values
    return [v.decode() if isinstance(v, bytes) else v for v in values]


def _keyword_arguments(class_name, args, kwargs):
    """A constructor's arguments all by name (positional ones named by Keras' signature), or None
    when they do not fit it (the constructor then raises its TypeError)."""
    parameters = _SIGNATURES[class_name]
    if len(args) > len(parameters) or set(parameters[:len(args)]) & kwargs.keys():
        return None
    return dict(zip(parameters, args), **kwargs)


def _array_arguments(names, keras_form, file_vocabulary=False):
    """An __init__ wrapper: the `names` arguments may be NumPy arrays or tensors too (and, with
    file_vocabulary, the vocabulary a text file's path, whose tokens are set after construction as
    Keras sets them, so the config has no vocabulary); get_config gives them as Keras keeps them,
    `keras_form` of the argument."""

    def wrap(plain_init):
        def __init__(self, *args, **kwargs):
            arguments = _keyword_arguments(type(self)._class_name, args, kwargs)
            if arguments is None:
                return plain_init(self, *args, **kwargs)
            given = {name: arguments[name] for name in names if arguments.get(name) is not None}
            path = given.pop("vocabulary") if file_vocabulary and isinstance(given.get("vocabulary"), str) else None
            arguments.update({name: _plain_list(value) for name, value in given.items()})
            if path is not None:
                arguments["vocabulary"] = None
            plain_init(self, **arguments)
            self._keras_config = {name: keras_form(value) for name, value in given.items()}
            if path is not None:
                self.set_vocabulary(path, arguments.get("idf_weights"))

        return __init__

    return wrap


def _listified(values):
    """Keras' listify_tensors: a tensor or array as a list (a string tensor's items as bytes), a list
    or tuple as given."""
    if tf.is_tensor(values):
        values = values.numpy()
    return values.tolist() if isinstance(values, np.ndarray) else values


def _with_keras_arguments(get_config):
    """get_config with the arguments as Keras keeps them (see _array_arguments)."""

    def config(self):
        return {**get_config(self), **self.__dict__.get("_keras_config", {})}

    return config


def _plain_from_config(from_config, names, keras_form):
    """from_config taking what get_config gives (a vocabulary of bytes from a string tensor); the
    layer's get_config gives the `names` values back as Keras' constructor, which gets them, keeps
    them (see _array_arguments)."""

    def plain(cls, config):
        given = {name: config[name] for name in names if config.get(name) is not None}
        layer = from_config.__func__(cls, {**config, **{name: _plain_list(value) for name, value in given.items()}})
        layer._keras_config = {name: keras_form(value) for name, value in given.items()}
        return layer

    return classmethod(plain)


def _ragged_rows(layer):
    """Whether TextVectorization's "int" ids come as ragged rows: ragged=True with text split into
    tokens (unsplit text gives one id per string, a dense tensor, as Keras); read once, eagerly
    (the config's vocabulary size has no value inside a traced function)."""
    if "_ragged" not in layer.__dict__:
        with _tfpp._init_scope():
            config = layer._cpp.get_config()
        layer._ragged = bool(config["ragged"]) and config["split"] is not None
    return layer._ragged


def _ragged_ids(call):
    """TextVectorization's call giving a tf.RaggedTensor for ragged=True: the C++ layer pads the
    rows with the mask id 0, which no token has, so a row ends where its padding starts."""

    def ragged_call(self, inputs, *args, **kwargs):
        outputs = call(self, inputs, *args, **kwargs)
        if not _ragged_rows(self) or isinstance(outputs, _k.KerasTensor):
            return outputs
        return tf.RaggedTensor.from_tensor(outputs, padding=0)

    return ragged_call


def _shape_list(shape):
    return shape.as_list() if hasattr(shape, "as_list") else list(shape)


def _features(batch):
    """The inputs of a batch, which may be (inputs, targets[, sample_weights])."""
    return batch[0] if isinstance(batch, tuple) else batch


def _normalization_batches(data):
    """The input shape Normalization.adapt builds the layer for and the batches it reads, as Keras:
    an array or tensor is one batch; a dataset's elements are batches (a dataset of vectors is
    batched by 128 first), and so are an iterable's."""
    from ..data import dataset_ops
    if isinstance(data, np.ndarray) or tf.is_tensor(data):
        return _shape_list(data.shape), [data]
    if isinstance(data, dataset_ops.DatasetV2):
        if len(_shape_list(_features(data.element_spec).shape)) == 1:
            data = data.batch(128)
        return _shape_list(_features(data.element_spec).shape), (_features(batch) for batch in data)
    if not hasattr(data, "__iter__"):
        raise TypeError("Unsupported data type: %s. `adapt` supports NumPy arrays, tensors, `tf.data.Dataset` and "
                        "iterables of batches (e.g. list, generator)." % type(data))
    batches = iter(data)
    first = next(batches, None)
    if first is None:
        raise ValueError("adapt() received an empty iterable (no batches). Expected at least one batch.")
    first = _features(first)
    if getattr(first, "shape", None) is None:
        raise TypeError("adapt() expects an iterable that yields arrays or tensors with a `.shape` attribute. Got an "
                        "element of type %s." % type(first).__name__)
    return _shape_list(first.shape), itertools.chain([first], (_features(batch) for batch in batches))


def _shape_errors_as_value_errors(fn, *args):
    """Calls a C++ step; Keras rejects axes and shapes that do not fit the layer with ValueError."""
    try:
        return fn(*args)
    except errors.InvalidArgumentError as e:
        raise ValueError(e.message) from None


def _normalization_adapt(self, data):
    """Normalization.adapt: builds the layer for the data's shape, then sets the mean and variance of
    all the batches (a layer given its mean and variance has none to set: AttributeError, as Keras)."""
    input_shape, batches = _normalization_batches(data)
    if not self.built:
        _shape_errors_as_value_errors(self.build, input_shape)
    if self._cpp.get_config()["mean"] is not None:
        raise AttributeError("Normalization layer '%s' was given its mean and variance; adapt() cannot set them"
                             % self.name)
    _k._normalization_reset_state(self._cpp)
    for batch in batches:
        _shape_errors_as_value_errors(_k._normalization_update_state, self._cpp, batch)
    _shape_errors_as_value_errors(_k._normalization_finalize_state, self._cpp)


def _normalization_statistic(index):
    """Normalization's mean (index 0) or variance (1) as Keras' attribute holds it: None before the
    layer is built, then shaped to broadcast against its inputs, in its compute dtype."""

    def statistic(self):
        if not self.built:
            return None
        value = _k._normalization_statistics(self._cpp)[index]
        return value if value.dtype.name == self.compute_dtype else tf.cast(value, self.compute_dtype)

    return property(statistic)


def _axis_tuple(get_config):
    """get_config with Normalization's axis as Keras' tuple."""

    def config(self):
        config = get_config(self)
        config["axis"] = tuple(config["axis"])
        return config

    return config


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
    vocabulary_arguments = ("vocabulary", "idf_weights")
    for name in ("StringLookup", "IntegerLookup", "TextVectorization"):
        cls = getattr(layers, name)
        cls.__init__ = _array_arguments(vocabulary_arguments, _listified, file_vocabulary=True)(cls.__init__)
        cls.get_config = _with_keras_arguments(cls.get_config)
        cls.from_config = _plain_from_config(cls.from_config, vocabulary_arguments, _listified)
        cls.__call__ = _state_errors_as_runtime_errors(cls.__call__)
        if name != "TextVectorization":  # which, as Keras, rejects ragged strings to split by their rank
            cls.__call__ = _composite_inputs(cls.__call__)
        cls.adapt = _state_errors_as_runtime_errors(adapt if name != "TextVectorization" else _text_adapt)
        cls.get_vocabulary = get_vocabulary
        cls.vocabulary_size = vocabulary_size
        cls.set_vocabulary = set_vocabulary
    layers.TextVectorization.__call__ = _ragged_ids(layers.TextVectorization.__call__)
    normalization = layers.Normalization
    # Keras' config keeps the mean and variance as np.array(value).tolist(): a scalar stays one.
    statistics, as_keras_keeps = ("mean", "variance"), lambda value: np.array(value).tolist()
    normalization.__init__ = _array_arguments(statistics, as_keras_keeps)(normalization.__init__)
    normalization.get_config = _axis_tuple(_with_keras_arguments(normalization.get_config))
    normalization.from_config = _plain_from_config(normalization.from_config, statistics, as_keras_keeps)
    normalization.adapt = _normalization_adapt
    normalization.mean = _normalization_statistic(0)
    normalization.variance = _normalization_statistic(1)
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

"""tf.keras.utils: Sequence (PyDataset), the custom-object registry, Keras' object serialization, the
NumPy helpers (to_categorical, normalize, pad_sequences), the image helpers (load_img, ...), Progbar,
get_file, the dataset builders and clear_session."""

import random as _random

import numpy as _np

from .. import _tfpp
from .dataset_utils import image_dataset_from_directory, text_dataset_from_directory, timeseries_dataset_from_array
from .file_utils import get_file
from .image_utils import array_to_img, img_to_array, load_img, save_img
from .progbar import Progbar
from ._registration import CustomObjectScope, custom_object_scope, get_custom_objects, get_registered_name
from ._registration import get_registered_object, register_keras_serializable
from ._serialization import deserialize_keras_object, serialize_keras_object
from .backend import is_keras_tensor, standardize_dtype
from .config import disable_interactive_logging, enable_interactive_logging, is_interactive_logging_enabled
from .split_dataset import split_dataset


class PyDataset:
    """keras.utils.PyDataset (also keras.utils.Sequence): batches by index for fit. Subclasses give
    __len__ (batches per epoch) and __getitem__ (batch idx: (x, y) or (x, y, sample_weight)), and
    may give on_epoch_begin and on_epoch_end."""

    def __init__(self, workers=1, use_multiprocessing=False, max_queue_size=10):
        self.workers = workers
        self.use_multiprocessing = use_multiprocessing
        self.max_queue_size = max_queue_size

    def on_epoch_begin(self):
        """Called before every epoch."""

    def on_epoch_end(self):
        """Called after every epoch (e.g. to reshuffle)."""

    def __len__(self):
        raise NotImplementedError("%s must implement __len__" % type(self).__name__)

    def __getitem__(self, index):
        raise NotImplementedError("%s must implement __getitem__" % type(self).__name__)


Sequence = PyDataset

__all__ = ["CustomObjectScope", "PyDataset", "Sequence", "custom_object_scope", "deserialize_keras_object",
           "get_custom_objects", "get_registered_name", "get_registered_object", "register_keras_serializable",
           "serialize_keras_object"]


def to_categorical(x, num_classes=None):
    """Class indices as one-hot float rows (a trailing dimension of 1 replaced by the classes);
    NumPy in, NumPy out (tensors in, a tensor out); num_classes defaults to the largest index + 1."""
    if isinstance(x, _tfpp.Tensor):
        if x.shape.rank is not None and x.shape.rank > 1 and x.shape[-1] == 1:
            x = _tfpp.squeeze(x, -1)
        return _tfpp.one_hot(x, num_classes)
    indices = _np.array(x, dtype="int64")
    shape = indices.shape[:-1] if indices.ndim > 1 and indices.shape[-1] == 1 else indices.shape
    flat = indices.reshape(-1)
    num_classes = num_classes or _np.max(flat) + 1
    one_hot = _np.zeros((flat.shape[0], num_classes))
    one_hot[_np.arange(flat.shape[0]), flat] = 1
    return one_hot.reshape(shape + (num_classes,))


def normalize(x, axis=-1, order=2):
    """x divided by its `order`-norm along `axis`: NumPy in, NumPy out (zero norms left as 1);
    tensors through Keras' ops.normalize (norms below Keras' epsilon, 1e-7, clamped to it)."""
    if isinstance(x, _np.ndarray):
        norm = _np.atleast_1d(_np.linalg.norm(x, order, axis))
        norm[norm == 0] = 1
        return x / _np.expand_dims(norm, axis or -1)
    if not isinstance(order, int) or not order >= 1:
        raise ValueError("Argument `order` must be an int >= 1. Received: order=%s" % (order,))
    x = _tfpp._convert_to_tensor(x)
    if x.shape.rank == 0:
        x = _tfpp.expand_dims(x, 0)
    epsilon = 1e-7
    if order == 2:
        inverse_norm = _tfpp.math.rsqrt(_tfpp.math.reduce_sum(_tfpp.math.square(x), axis=axis, keepdims=True))
        return x * _tfpp.math.minimum(inverse_norm, 1.0 / epsilon)
    return x / _tfpp.math.maximum(_tfpp.norm(x, ord=order, axis=axis, keepdims=True), epsilon)


def pad_sequences(sequences, maxlen=None, dtype="int32", padding="pre", truncating="pre", value=0.0):
    """Sequences of different lengths as one array of [len(sequences), maxlen] (+ the samples'
    shape): truncated at the start ("pre") or end ("post") to maxlen (default: the longest), then
    padded with `value` before ("pre") or after ("post")."""
    if not hasattr(sequences, "__len__"):
        raise ValueError("`sequences` must be iterable.")
    lengths, sample_shape = [], None
    for sequence in sequences:
        try:
            lengths.append(len(sequence))
        except TypeError as e:
            raise ValueError("`sequences` must be a list of iterables. Found non-iterable: %s" % (sequence,)) from e
        if sample_shape is None and len(sequence):
            sample_shape = _np.asarray(sequence).shape[1:]
    sample_shape = sample_shape or ()
    maxlen = _np.max(lengths) if maxlen is None else maxlen
    textual = _np.issubdtype(dtype, _np.str_) or _np.issubdtype(dtype, _np.bytes_)
    if isinstance(value, str) and dtype is not object and not textual:
        raise ValueError("`dtype` %s is not compatible with `value`'s type: %s\nYou should set `dtype=object` for "
                         "variable length strings." % (dtype, type(value)))
    padded = _np.full((len(sequences), maxlen) + sample_shape, value, dtype=dtype)
    for row, sequence in enumerate(sequences):
        if not len(sequence):
            continue
        if truncating not in ("pre", "post"):
            raise ValueError('Truncating type "%s" not understood' % truncating)
        kept = _np.asarray(sequence[-maxlen:] if truncating == "pre" else sequence[:maxlen], dtype=dtype)
        if kept.shape[1:] != sample_shape:
            raise ValueError("Shape of sample %s of sequence at position %d is different from expected shape %s"
                             % (kept.shape[1:], row, sample_shape))
        if padding == "post":
            padded[row, :len(kept)] = kept
        elif padding == "pre":
            padded[row, len(padded[row]) - len(kept):] = kept
        else:
            raise ValueError('Padding type "%s" not understood' % padding)
    return padded


def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    """What fit takes as one element: x alone (a list x as the 1-tuple (x,)), (x, y) or (x, y, sample_weight)."""
    if y is None:
        return (x,) if isinstance(x, list) else x
    return (x, y) if sample_weight is None else (x, y, sample_weight)


def unpack_x_y_sample_weight(data):
    """An element of fit's data as (x, y, sample_weight), None for what it lacks."""
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if 1 <= len(data) <= 3:
        return tuple(data) + (None,) * (3 - len(data))
    raise ValueError("Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, found: %s"
                     % (data,))


def set_random_seed(seed):
    """Seeds Python's, NumPy's and tfpp's random generators at once."""
    if not isinstance(seed, int):
        raise ValueError("Expected `seed` argument to be an integer. Received: seed=%s (of type %s)"
                         % (seed, type(seed)))
    _random.seed(seed)
    _np.random.seed(seed)
    _tfpp.random.set_seed(seed)
    from .random import _reset_global_seed_generator
    _reset_global_seed_generator()  # as Keras: unseeded keras.random draws restart from the new seed


def clear_session(free_memory=True):
    """Resets Keras' global state: new layers take their plain names again ("dense", not "dense_7"),
    and the global dtype policy follows keras.config.floatx again."""
    from . import config
    _tfpp.keras.clear_session()
    config.reset_dtype_policy()


def get_source_inputs(tensor):
    """keras.utils.get_source_inputs: the Input tensors `tensor` was computed from, in the order a
    depth-first walk over its layer calls meets them."""
    if not hasattr(tensor, "_inbound_tensors"):
        return [tensor]
    found, seen, pending = [], set(), [tensor]
    while pending:
        t = pending.pop()
        inbound = t._inbound_tensors
        if not inbound:
            if t._history_name not in seen:
                seen.add(t._history_name)
                found.append(t)
        pending.extend(reversed(inbound))
    return found

"""tf.keras.utils: Sequence (PyDataset), the custom-object registry and Keras' object serialization."""

from ._registration import CustomObjectScope, custom_object_scope, get_custom_objects, get_registered_name
from ._registration import get_registered_object, register_keras_serializable
from ._serialization import deserialize_keras_object, serialize_keras_object


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

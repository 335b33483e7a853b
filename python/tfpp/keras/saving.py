"""keras.saving: saving and loading models and weights, and the registry of serializable objects
(the same functions keras.models and keras.utils hold, under Keras 3's module of them)."""

from ._registration import CustomObjectScope, custom_object_scope, get_custom_objects, get_registered_name
from ._registration import get_registered_object, register_keras_serializable
from ._serialization import deserialize_keras_object, serialize_keras_object
from .models import load_model, save_model


def save_weights(model, filepath, overwrite=True, max_shard_size=None, **kwargs):
    """keras.saving.save_weights: model.save_weights to a .weights.h5 file."""
    return model.save_weights(filepath, overwrite=overwrite, max_shard_size=max_shard_size, **kwargs)


def load_weights(model, filepath, skip_mismatch=False, **kwargs):
    """keras.saving.load_weights: model.load_weights from a .weights.h5 or .keras file."""
    return model.load_weights(filepath, skip_mismatch=skip_mismatch, **kwargs)


__all__ = ["CustomObjectScope", "custom_object_scope", "deserialize_keras_object", "get_custom_objects",
           "get_registered_name", "get_registered_object", "load_model", "load_weights", "register_keras_serializable",
           "save_model", "save_weights", "serialize_keras_object"]

"""tf.keras.utils: register_keras_serializable."""

from .models import register_keras_serializable

__all__ = ["register_keras_serializable"]

"""tf.keras.regularizers: weight penalties. Layers take them (or their names) as
kernel_regularizer, ...; calling one gives the penalty of a weight."""

import math as _math

import numpy as _np

from .. import _tfpp
from . import _identifiers

_k = _tfpp.keras


def _validate_float_arg(value, name):
    """Keras' check of a factor: a finite, non-negative Python number."""
    if not isinstance(value, (float, int)) or _math.isinf(value) or _math.isnan(value) or value < 0:
        raise ValueError("Invalid value for argument %s: expected a non-negative float.Received: %s=%s" % (
            name, name, value))
    return float(value)


class Regularizer:
    """keras.regularizers.Regularizer: subclasses override `__call__(x)` and get_config."""

    def __call__(self, x):
        return 0.0

    def get_config(self):
        raise NotImplementedError("%s does not implement get_config()" % self)

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def _serialized(self):
        return _identifiers.registered_config(self, _k.register_regularizer_class)


class _BuiltinRegularizer(Regularizer):
    """A penalty tfpp's C++ library computes."""

    def __call__(self, x):
        return _k.apply_regularizer(self._serialized(), x)

    def _serialized(self):
        return {"class_name": type(self).__name__, "config": self.get_config()}


class L1(_BuiltinRegularizer):
    """keras.regularizers.L1: l1 * sum(|x|)."""

    def __init__(self, l1=0.01):
        self.l1 = float(_np.float32(_validate_float_arg(l1, "l1")))  # Keras keeps it as a float32 tensor

    def get_config(self):
        return {"l1": self.l1}


class L2(_BuiltinRegularizer):
    """keras.regularizers.L2: l2 * sum(x ** 2)."""

    def __init__(self, l2=0.01):
        self.l2 = _validate_float_arg(l2, "l2")

    def get_config(self):
        return {"l2": self.l2}


class L1L2(_BuiltinRegularizer):
    """keras.regularizers.L1L2: l1 * sum(|x|) + l2 * sum(x ** 2)."""

    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = _validate_float_arg(l1, "l1")
        self.l2 = _validate_float_arg(l2, "l2")

    def get_config(self):
        return {"l1": self.l1, "l2": self.l2}


class OrthogonalRegularizer(Regularizer):
    """keras.regularizers.OrthogonalRegularizer: factor times the mean absolute cosine between the
    rows (or columns) of a 2-D weight."""

    def __init__(self, factor=0.01, mode="rows"):
        self.factor = float(_np.float32(_validate_float_arg(factor, "factor")))
        if mode not in {"rows", "columns"}:
            raise ValueError('Invalid value for argument `mode`. Expected one of {"rows", "columns"}. Received: '
                             "mode=%s" % mode)
        self.mode = mode

    def __call__(self, inputs):
        import tfpp as tf
        inputs = tf.convert_to_tensor(inputs)
        if len(inputs.shape) != 2:
            raise ValueError("Inputs to OrthogonalRegularizer must have rank 2. Received: inputs.shape=%s" % (inputs.shape,))
        axis = 1 if self.mode == "rows" else 0
        normalized = tf.math.l2_normalize(inputs, axis=axis)
        product = tf.matmul(normalized, normalized, transpose_b=axis == 1, transpose_a=axis == 0)
        size = inputs.shape[1 - axis]
        off_diagonal = product * (1.0 - tf.eye(size, dtype=inputs.dtype))
        return self.factor * 0.5 * tf.reduce_sum(tf.abs(off_diagonal)) / (size * (size - 1.0) / 2.0)

    def get_config(self):
        return {"factor": self.factor, "mode": self.mode}


l1, l2, l1_l2, orthogonal_regularizer = L1, L2, L1L2, OrthogonalRegularizer
# What get and deserialize find by name: the class names and their snake_case forms (Keras' "l1l2").
_BY_NAME = {"Regularizer": Regularizer, "L1": L1, "L2": L2, "L1L2": L1L2, "OrthogonalRegularizer": OrthogonalRegularizer,
            "regularizer": Regularizer, "l1": L1, "l2": L2, "l1l2": L1L2, "orthogonal_regularizer": OrthogonalRegularizer}


def serialize(regularizer):
    """keras.regularizers.serialize: {"module", "class_name", "config", "registered_name"}."""
    from ._serialization import serialize_keras_object
    return serialize_keras_object(regularizer)


def deserialize(config, custom_objects=None):
    """keras.regularizers.deserialize: the regularizer a serialized form (or a name) describes."""
    return _identifiers.deserialize(config, custom_objects, _BY_NAME, "keras.regularizers")


def get(identifier):
    """keras.regularizers.get: a regularizer from None, a name, a serialized form, a class or an object."""
    return _identifiers.get(identifier, _BY_NAME, deserialize, "regularizer")

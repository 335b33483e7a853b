"""tf.keras.constraints: projections of a weight applied after each optimizer update. The built-in
constraints keep Keras' attributes and config in Python and project with tfpp's C++ ones; layers
take them (or their names, "non_neg") as kernel_constraint, bias_constraint, ..."""

from .. import _tfpp
from . import _identifiers

_k = _tfpp.keras


class Constraint:
    """keras.constraints.Constraint: the identity; subclasses override `__call__(w)` and get_config."""

    def __call__(self, w):
        return w

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def _serialized(self):
        return _identifiers.registered_config(self, _k.register_constraint_class)


class _BuiltinConstraint(Constraint):
    """A constraint tfpp's C++ library applies; `_KEYS` are its config keys, in Keras' order."""

    _KEYS = ()

    def __call__(self, w):
        return _k.apply_constraint(self._serialized(), w)

    def get_config(self):
        return {key: getattr(self, key) for key in self._KEYS}

    def _serialized(self):
        """The config a layer's C++ deserializer reads."""
        return {"class_name": type(self).__name__, "config": self.get_config()}


class MaxNorm(_BuiltinConstraint):
    """Rescales slices along `axis` whose L2 norm exceeds max_value."""

    _KEYS = ("max_value", "axis")

    def __init__(self, max_value=2, axis=0):
        self.max_value, self.axis = max_value, axis


class MinMaxNorm(_BuiltinConstraint):
    """Moves the L2 norm of slices along `axis` into [min_value, max_value] at `rate`."""

    _KEYS = ("min_value", "max_value", "rate", "axis")

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value, self.max_value, self.rate, self.axis = min_value, max_value, rate, axis


class NonNeg(_BuiltinConstraint):
    """Sets negative entries to zero."""


class UnitNorm(_BuiltinConstraint):
    """Rescales slices along `axis` to unit L2 norm."""

    _KEYS = ("axis",)

    def __init__(self, axis=0):
        self.axis = axis


max_norm, min_max_norm, non_neg, unit_norm = MaxNorm, MinMaxNorm, NonNeg, UnitNorm
_BY_NAME = {"max_norm": MaxNorm, "min_max_norm": MinMaxNorm, "non_neg": NonNeg, "unit_norm": UnitNorm,
            "MaxNorm": MaxNorm, "MinMaxNorm": MinMaxNorm, "NonNeg": NonNeg, "UnitNorm": UnitNorm}


def serialize(constraint):
    """keras.constraints.serialize: {"module", "class_name", "config", "registered_name"}."""
    from ._serialization import serialize_keras_object
    return serialize_keras_object(constraint)


def deserialize(config, custom_objects=None):
    """keras.constraints.deserialize: the constraint a serialized form describes."""
    return _identifiers.deserialize(config, custom_objects, _BY_NAME, "keras.constraints")


def get(identifier):
    """keras.constraints.get: a constraint from None, a name, a serialized form, a class or an object."""
    return _identifiers.get(identifier, _BY_NAME, deserialize, "constraint")

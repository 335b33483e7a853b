"""Python arguments of Keras constructors as the config values the C++ deserializers read."""

import inspect as _inspect

import numpy as _np

from ._signatures import REQUIRED as _REQUIRED

# Regularizers by the names Keras' keras.regularizers.get accepts.
_REGULARIZERS = {"l1": ("L1", {"l1": 0.01}), "l2": ("L2", {"l2": 0.01}), "l1_l2": ("L1L2", {"l1": 0.01, "l2": 0.01})}


def config_value(value, key=""):
    """`value` (a Python argument of a layer, loss, metric or optimizer) as a config value."""
    if value is None or isinstance(value, (bool, int, float, str)):
        if isinstance(value, str) and key.endswith("_regularizer") and value in _REGULARIZERS:
            class_name, config = _REGULARIZERS[value]
            return {"class_name": class_name, "config": dict(config)}
        return value
    if isinstance(value, (list, tuple)):
        return [config_value(v) for v in value]
    if isinstance(value, dict):
        return {k: config_value(v, k) for k, v in value.items()}
    if isinstance(value, _np.generic):
        return value.item()
    serialize = getattr(value, "_serialized", None)
    if serialize is not None:
        return serialize()
    dtype_name = getattr(value, "name", None)
    if type(value).__name__ == "DType" and isinstance(dtype_name, str):
        return dtype_name
    if callable(value) and hasattr(value, "__name__"):
        return value.__name__  # an activation function given as a function: Keras serializes its name
    raise TypeError("tfpp.keras cannot pass a %s as the config value of %r" % (type(value).__name__, key))


def arguments_config(class_name, parameters, args, kwargs):
    """The config of `class_name(*args, **kwargs)`, positional arguments named by `parameters`."""
    if len(args) > len(parameters):
        raise TypeError("%s() takes %d positional arguments but %d were given" % (class_name, len(parameters), len(args)))
    config = dict(zip(parameters, args))
    for key, value in kwargs.items():
        if key in config:
            raise TypeError("%s() got multiple values for argument %r" % (class_name, key))
        config[key] = value
    if "name" in config and config["name"] is None:
        del config["name"]  # name=None: the automatic name, as when no name is given
    missing = [p for p in _REQUIRED.get(class_name, ()) if p not in config]
    if missing:
        raise TypeError("%s.__init__() missing %d required positional argument%s: %s" % (
            class_name, len(missing), "s" if len(missing) > 1 else "", _python_name_list(missing)))
    return {k: config_value(v, k) for k, v in config.items()}


def _python_name_list(names):
    """'a', 'a' and 'b', 'a', 'b', and 'c': how Python's TypeError lists missing arguments."""
    quoted = ["'%s'" % n for n in names]
    if len(quoted) <= 2:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


# What Keras' automatic config of a Layer subclass keeps: plain values only.
_PLAIN_TYPES = (str, int, float, bool, type(None))


class AutoConfig:
    """Keras' automatic config of a Layer subclass without get_config: the arguments its __init__
    was called with, defaults included (`arguments` is None when they cannot make a config:
    `positional_only` tells Keras' two messages apart)."""

    def __init__(self, cls, args, kwargs):
        self.arguments, self.positional_only = None, False
        signature = _inspect.signature(cls.__init__)
        try:
            bound = signature.bind(None, *args, **kwargs)
        except TypeError:
            return
        parameters = list(signature.parameters.values())
        if any(p.kind == p.POSITIONAL_ONLY for p in parameters[1:]):
            self.positional_only = True
            return
        bound.apply_defaults()
        arguments = dict(bound.arguments)
        arguments.pop(parameters[0].name)
        for p in parameters:
            if p.kind == p.VAR_KEYWORD:
                arguments.update(arguments.pop(p.name))
        arguments.pop("name", None)
        for p in parameters:
            if p.kind == p.VAR_POSITIONAL and arguments.pop(p.name):
                self.positional_only = True
                return
        if all(isinstance(v, _PLAIN_TYPES) for v in _flat_values(arguments)):
            self.arguments = arguments

    def config(self, layer):
        """The config entries the arguments give `layer`, or Keras' NotImplementedError."""
        if self.arguments is None:
            reason = ("positional only or variadic positional arguments (e.g., `*args`) to `__init__()`, which is not "
                      "supported by the automatic config generation" if self.positional_only else
                      "non-serializable argument values in `__init__()`, and therefore the object must override "
                      "`get_config()` in order to be serializable")
            raise NotImplementedError("Object %s was created by passing %s. Please implement `get_config()`." % (
                type(layer).__name__, reason))
        return dict(self.arguments)


def _flat_values(value):
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return [leaf for v in value for leaf in _flat_values(v)]
    return [value]

"""Python arguments of Keras constructors as the config values the C++ deserializers read."""

import numpy as _np

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
    return {k: config_value(v, k) for k, v in config.items()}

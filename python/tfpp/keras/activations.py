"""tf.keras.activations: Keras 3's activation functions over tfpp's C++ ones. A layer given one of
these functions as `activation` writes its name in its config, as Keras does; a layer given a
function of the user's calls it, and layers made from configs find such functions by name among
Keras' custom objects (custom_object_scope, register_keras_serializable)."""

import inspect as _inspect

from .. import _tfpp
from . import _registration

_a = _tfpp.keras.activations

_NAMES = ("relu", "leaky_relu", "relu6", "softmax", "celu", "elu", "selu", "softplus", "softsign", "squareplus",
          "soft_shrink", "sparse_plus", "silu", "gelu", "glu", "tanh", "tanh_shrink", "threshold", "sigmoid",
          "sparse_sigmoid", "exponential", "hard_sigmoid", "hard_silu", "hard_tanh", "hard_shrink", "mish",
          "log_softmax", "log_sigmoid", "sparsemax")
for _name in _NAMES:
    globals()[_name] = getattr(_a, _name)


def linear(x):
    """keras.activations.linear: x unchanged."""
    return x


swish = silu  # noqa: F821 (defined by the loop above)
hard_swish = hard_silu  # noqa: F821

_BY_NAME = {name: globals()[name] for name in _NAMES + ("linear",)}
_BY_NAME.update(swish=swish, hard_swish=hard_swish)


def _name_of(fn):
    for name in _NAMES + ("linear",):
        if _BY_NAME[name] is fn:
            return name
    return None


def serialize(activation):
    """keras.activations.serialize: a built-in activation's name."""
    name = _name_of(activation)
    if name is None:
        raise ValueError("Unknown activation function '%s' cannot be serialized due to invalid function name. Make "
                         "sure to use an activation name that matches the references defined in activations.py or use "
                         "`@keras.saving.register_keras_serializable()`to register any custom activations." %
                         (activation,))
    return name


def deserialize(config, custom_objects=None):
    """keras.activations.deserialize: the activation function of a name (or of Keras' function
    config {"class_name": "function", "config": name, ...})."""
    if isinstance(config, dict):
        config = config.get("config")
    if custom_objects and config in custom_objects:
        return custom_objects[config]
    if config in _NAMES or config == "linear":
        return _BY_NAME[config]
    raise ValueError("Could not deserialize activation function %r" % (config,))


def get(identifier):
    """keras.activations.get: the activation function for None (linear), a name, a config or a
    callable."""
    if identifier is None:
        return linear
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = _BY_NAME.get(identifier) or _custom_function(identifier)
    else:
        obj = identifier
    if callable(obj):
        return obj
    raise ValueError("Could not interpret activation function identifier: %s" % (identifier,))


def _custom_function(name):
    """The function the custom object `name` is (in the open custom_object_scope or the registry),
    else None: what the C++ layers call for an activation that is not built in."""
    obj = _registration.get_registered_object(name)
    return obj if callable(obj) and not _inspect.isclass(obj) else None


_a.set_resolver(_custom_function)


def _user_functions(arguments):
    """{name: function} of a layer's activation arguments given as functions of the user's (not
    Keras' or tfpp's own activations, which the C++ layers have built in)."""
    found = {}
    for key in ("activation", "recurrent_activation"):
        fn = arguments.get(key)
        if callable(fn) and not isinstance(fn, str) and not _is_built_in(fn):
            found[fn.__name__] = fn
    return found


def _is_built_in(fn):
    name = getattr(fn, "__name__", None)
    return _name_of(fn) is not None or (name in _BY_NAME and (getattr(fn, "__module__", None) or "").startswith("tfpp"))

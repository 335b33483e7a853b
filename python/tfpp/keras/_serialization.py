"""keras.utils.serialize_keras_object / deserialize_keras_object: Keras 3's
{"module", "class_name", "config", "registered_name"} form of layers and models (the C++
serializer's, with build_config and compile_config), of the built-in optimizers, losses and
metrics, and of custom classes with get_config / from_config; plain values, lists and dicts
pass through."""

from .. import _tfpp
from . import _registration

_k = _tfpp.keras

# The Keras modules of tfpp's built-in optimizers, losses and metrics, with their C++ deserializers.
_BUILTIN_MODULES = {"keras.optimizers": ("optimizers", _k.deserialize_optimizer),
                    "keras.losses": ("losses", _k.deserialize_loss),
                    "keras.metrics": ("metrics", _k.deserialize_metric)}

# tfpp.keras' modules whose built-in classes are Python ones (over C++ functions), by the Keras module
# their configs name.
_PYTHON_BUILTIN_MODULES = {"tfpp.keras.schedules": ("keras.optimizers.schedules", "schedules"),
                           "tfpp.keras.constraints": ("keras.constraints", "constraints"),
                           "tfpp.keras.regularizers": ("keras.regularizers", "regularizers"),
                           "tfpp.keras.initializers": ("keras.initializers", "initializers")}


def serialize_keras_object(obj):
    """The serialized form of `obj`, as Keras 3 writes it."""
    from .layers import Layer
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, (list, tuple)):
        return type(obj)(serialize_keras_object(x) for x in obj)
    if isinstance(obj, dict):
        return {key: serialize_keras_object(value) for key, value in obj.items()}
    if isinstance(obj, Layer):
        return obj._cpp.serialize()
    cls = type(obj)
    builtin_module = _builtin_module(cls)
    if cls.__module__ in _PYTHON_BUILTIN_MODULES:
        builtin_module = _PYTHON_BUILTIN_MODULES[cls.__module__][0]
    if builtin_module is not None:
        return {"module": builtin_module, "class_name": cls.__name__, "config": obj.get_config(), "registered_name": None}
    if callable(obj) and not hasattr(obj, "get_config"):  # a function: by its registered name, as Keras writes it
        return {"module": "builtins", "class_name": "function", "config": _registration.get_registered_name(obj),
                "registered_name": "function"}
    if not hasattr(obj, "get_config"):
        raise TypeError("Cannot serialize object %r of type %s. To be serializable, a class must implement the "
                        "`get_config()` method." % (obj, cls))
    return {"module": _registration.module_entry(cls.__module__), "class_name": cls.__name__,
            "config": serialize_keras_object(obj.get_config()), "registered_name": _registration.get_registered_name(cls)}


def deserialize_keras_object(config, custom_objects=None, safe_mode=True, **kwargs):
    """The object a serialized form describes; a custom class is found by its registered name in
    custom_objects, the open custom_object_scope or the registry (TypeError when it is nowhere)."""
    if config is None or isinstance(config, (bool, int, float, str)):
        return config
    if isinstance(config, (list, tuple)):
        return [deserialize_keras_object(x, custom_objects, safe_mode) for x in config]
    if not isinstance(config, dict):
        raise TypeError("Could not parse config: %s" % (config,))
    if "class_name" not in config or "config" not in config:
        return {key: deserialize_keras_object(value, custom_objects, safe_mode) for key, value in config.items()}
    class_name, module = config["class_name"], config.get("module")
    registered_name = config.get("registered_name") or class_name
    if class_name == "function":
        registered_name = config["config"]
    found = _registration.get_registered_object(registered_name, custom_objects)
    if found is None and module in _BUILTIN_MODULES:
        namespace, deserialize_builtin = _BUILTIN_MODULES[module]
        return _namespace(namespace).wrap(deserialize_builtin({"class_name": class_name, "config": config["config"]}),
                                          class_name)
    for keras_module, namespace in _PYTHON_BUILTIN_MODULES.values():
        if found is None and module == keras_module:
            return _namespace(namespace).deserialize(config, custom_objects)
    from .layers import Layer, deserialize
    if found is None and module is not None and (module == "keras" or module.startswith("keras.")):
        return deserialize(config, custom_objects)
    if found is None:
        what = "function '%s'" % registered_name if class_name == "function" else "class '%s'" % class_name
        raise TypeError("Could not locate %s. Make sure custom classes and functions are decorated with "
                        "`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they "
                        "are all imported so that the decorator is run before trying to load them. Full object "
                        "config: %s" % (what, config))
    if class_name == "function":
        return found
    if isinstance(found, type) and issubclass(found, Layer):
        return deserialize(config, {registered_name: found, **(custom_objects or {})})
    with _registration.CustomObjectScope(_registration.active_custom_objects(custom_objects)):
        return found.from_config(config["config"])


def _namespace(name):
    from . import constraints, initializers, losses, metrics, optimizers, regularizers, schedules
    return {"optimizers": optimizers, "losses": losses, "metrics": metrics, "schedules": schedules,
            "constraints": constraints, "regularizers": regularizers, "initializers": initializers}[name]


def _builtin_module(cls):
    """The Keras module of one of tfpp's built-in optimizer, loss or metric classes, else None."""
    module = cls.__module__
    for keras_module, (namespace, _) in _BUILTIN_MODULES.items():
        if module == "tfpp.keras." + namespace and hasattr(cls, "_class_name"):
            return keras_module
    return None

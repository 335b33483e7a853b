"""Keras' custom-object registry (keras.utils.register_keras_serializable, get_registered_name,
get_registered_object, custom_object_scope): how a config's "registered_name" ("Package>Name", or
a class' own name when unregistered) finds the Python class that load_model, model_from_json and
deserialize make. Registered Layer and Model classes are also known to the C++ deserializer."""

import contextlib as _contextlib
import inspect as _inspect

from .. import _tfpp
from .. import errors as _errors

_GLOBAL_CUSTOM_OBJECTS = {}  # registered name -> class or function
_GLOBAL_CUSTOM_NAMES = {}  # class or function -> registered name
_scopes = []  # the custom_objects of the open CustomObjectScopes, innermost last (the one in effect)


def register_keras_serializable(package="Custom", name=None):
    """keras.utils.register_keras_serializable: registers a class (or function) as "package>name"
    (name: its own by default), so configs naming it load without custom_objects."""

    def register(arg):
        registered_name = "%s>%s" % (package, name if name is not None else arg.__name__)
        if _inspect.isclass(arg) and not hasattr(arg, "get_config"):
            raise ValueError("Cannot register a class that does not have a get_config() method.")
        _GLOBAL_CUSTOM_OBJECTS[registered_name] = arg
        _GLOBAL_CUSTOM_NAMES[arg] = registered_name
        if _is_layer_class(arg):
            _tfpp.keras.register_layer_class(registered_name, arg)
        from .schedules import LearningRateSchedule, _register_class
        if _inspect.isclass(arg) and issubclass(arg, LearningRateSchedule):  # so that load_model finds it
            _register_class(arg)
        return arg

    return register


def get_registered_name(obj):
    """keras.utils.get_registered_name: "package>name" of a registered object, else its __name__."""
    return _GLOBAL_CUSTOM_NAMES.get(obj, obj.__name__)


def get_registered_object(name, custom_objects=None, module_objects=None):
    """keras.utils.get_registered_object: the object `name` stands for in the open scopes, the
    registry, custom_objects or module_objects (in that order); None if none has it."""
    for objects in (active_custom_objects(), _GLOBAL_CUSTOM_OBJECTS, custom_objects or {}, module_objects or {}):
        if name in objects:
            return objects[name]
    return None


def module_entry(module):
    """A class' module as Keras' configs name it: None for the program's own (__main__)."""
    return None if module == "__main__" else module


def get_custom_objects():
    """keras.utils.get_custom_objects: the live dict of registered objects by registered name."""
    return _GLOBAL_CUSTOM_OBJECTS


class CustomObjectScope:
    """keras.utils.CustomObjectScope (custom_object_scope): within `with`, deserialization also
    finds the given objects by name."""

    def __init__(self, custom_objects):
        self.custom_objects = dict(custom_objects or {})

    def __enter__(self):
        _scopes.append(self.custom_objects)
        return self

    def __exit__(self, *exc_info):
        _scopes.pop()


custom_object_scope = CustomObjectScope


def active_custom_objects(custom_objects=None):
    """The innermost open scope's objects (as in Keras, an inner scope hides the outer ones) with
    `custom_objects` on top: what load_model and deserialize look classes up in before the registry."""
    return {**(_scopes[-1] if _scopes else {}), **(custom_objects or {})}


def layer_classes(custom_objects=None):
    """The Layer and Model classes of the registry (also those put into get_custom_objects() by
    hand) and of active_custom_objects, for the C++ deserializer."""
    objects = {**_GLOBAL_CUSTOM_OBJECTS, **active_custom_objects(custom_objects)}
    return {name: obj for name, obj in objects.items() if _is_layer_class(obj)}


@_contextlib.contextmanager
def missing_class_as_type_error():
    """Keras raises TypeError for a config whose class it cannot locate; the C++ deserializer
    raises InvalidArgumentError naming the class."""
    try:
        yield
    except _errors.InvalidArgumentError as e:
        if "[deserialize] unknown layer class" not in str(e):
            raise
        raise TypeError("Could not locate class: %s. Make sure custom classes are decorated with "
                        "`@keras.saving.register_keras_serializable()` or passed in custom_objects." % e) from None


def _is_layer_class(obj):
    from .layers import Layer
    return _inspect.isclass(obj) and issubclass(obj, Layer)

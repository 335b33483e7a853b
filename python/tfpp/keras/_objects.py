"""The classes of keras.losses, metrics and optimizers over their C++ objects: each class builds
its Keras config from the arguments (named as in Keras 3.15) and the C++ deserializer makes it."""

from .. import _tfpp
from .. import errors as _errors
from ._config import arguments_config


def make_classes(namespace, base, signatures, deserialize, aliases=()):
    """Defines a subclass of `base` per class name of `signatures` in `namespace`."""

    def init(self, *args, **kwargs):
        cls_name = type(self)._class_name
        if "name" in kwargs and kwargs["name"] is None:  # Keras: `name or auto_name(class name)`
            kwargs = dict(kwargs, name=_tfpp.keras.auto_name(cls_name))
        config = arguments_config(cls_name, signatures[cls_name], args, kwargs)
        try:
            self._cpp = deserialize({"class_name": cls_name, "config": config})
        except _errors.InvalidArgumentError as e:  # Keras' constructors reject bad arguments with ValueError
            raise ValueError(e.message) from None

    for class_name in signatures:
        namespace[class_name] = type(class_name, (base,), {
            "_class_name": class_name, "__init__": init, "__module__": namespace["__name__"],
            "__doc__": "keras.%s.%s (tfpp's C++ one)." % (namespace["__name__"].rsplit(".", 1)[-1], class_name)})
    for alias, class_name in aliases:
        namespace[alias] = namespace[class_name]


def wrap(namespace, base, cpp, class_name=None):
    """The Python object for a C++ object made elsewhere (compile's names, loaded models), of the
    class `class_name` (default: the C++ object's, when it tells)."""
    cls = namespace.get(class_name or getattr(cpp, "class_name", ""), base)
    if not (isinstance(cls, type) and issubclass(cls, base)):  # a function's name ("mse")
        cls = base
    obj = cls.__new__(cls)
    obj._cpp = cpp
    return obj

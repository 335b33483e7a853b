"""tf.keras.optimizers: Keras' optimizers over tfpp's C++ ones (the training loop updates the
model's variables with them)."""

import sys as _sys

from .. import _tfpp
from .. import errors as _errors
from . import _objects
from . import schedules
from ._config import arguments_config as _arguments_config
from ._signatures import OPTIMIZERS as _SIGNATURES

_k = _tfpp.keras


_BASE_KEYS = ("name", "learning_rate", "weight_decay", "clipnorm", "global_clipnorm", "clipvalue", "use_ema",
              "ema_momentum", "ema_overwrite_frequency", "loss_scale_factor", "gradient_accumulation_steps")


class Optimizer:
    """keras.optimizers.Optimizer."""

    @property
    def name(self):
        return self._cpp.name

    @property
    def learning_rate(self):
        schedule = getattr(self, "_schedule", None)
        if schedule is not None:  # Keras: the schedule's rate at the current step
            return schedule(self.iterations)
        for variable in self.variables:  # Keras: the "<name>/learning_rate" variable
            if variable.path == self.name + "/learning_rate":
                return variable
        return self._cpp.learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        if getattr(self, "_schedule", None) is not None or isinstance(value, schedules.LearningRateSchedule):
            raise TypeError("This optimizer was created with a `LearningRateSchedule` object as its `learning_rate` "
                            "constructor argument, hence its learning rate is not settable. If you need the learning "
                            "rate to be settable, you should instantiate the optimizer with a float `learning_rate` "
                            "argument.")
        self._cpp.learning_rate = float(value)

    @property
    def iterations(self):
        return self._cpp.iterations

    @property
    def variables(self):
        return self._cpp.variables

    def build(self, var_list):
        self._cpp.build(list(var_list))

    def apply_gradients(self, grads_and_vars):
        return self._cpp.apply_gradients(list(grads_and_vars))

    def apply(self, grads, trainable_variables=None):
        return self._cpp.apply_gradients(list(zip(grads, trainable_variables)))

    def get_config(self):
        config = self._cpp.get_config()
        if getattr(self, "_schedule", None) is not None:  # as Keras serializes it (the C++ config has floats only)
            config["learning_rate"] = schedules.serialize(self._schedule)
        # Keras' order: the base keys, then the optimizer's own in its constructor's order.
        own = [key for key in _SIGNATURES.get(getattr(self, "_class_name", ""), ()) if key not in _BASE_KEYS]
        order = {key: i for i, key in enumerate(_BASE_KEYS + tuple(own))}
        return dict(sorted(config.items(), key=lambda item: order.get(item[0], len(order))))

    @classmethod
    def from_config(cls, config, custom_objects=None):
        if isinstance(config.get("learning_rate"), dict):
            config = dict(config, learning_rate=schedules.deserialize(config["learning_rate"], custom_objects))
        return cls(**config)


_objects.make_classes(globals(), Optimizer, _SIGNATURES, _k.deserialize_optimizer)


def _init(self, *args, **kwargs):
    """An optimizer from Keras' arguments; a LearningRateSchedule as learning_rate (the first
    parameter of every optimizer) makes a C++ optimizer running that schedule."""
    class_name = type(self)._class_name
    args = list(args)
    schedule = None
    if args and isinstance(args[0], schedules.LearningRateSchedule):
        schedule, args[0] = args[0], 0.0
    elif isinstance(kwargs.get("learning_rate"), schedules.LearningRateSchedule):
        schedule, kwargs["learning_rate"] = kwargs["learning_rate"], 0.0
    serialized = {"class_name": class_name, "config": _arguments_config(class_name, _SIGNATURES[class_name], args, kwargs)}
    try:
        if schedule is None:
            self._cpp = _k.deserialize_optimizer(serialized)
        else:
            self._cpp = _k.deserialize_optimizer_with_schedule(serialized, schedules._cpp_schedule(schedule))
    except _errors.InvalidArgumentError as e:  # Keras' constructors reject bad arguments with ValueError
        raise ValueError(e.message) from None
    self._schedule = schedule


for _class_name in _SIGNATURES:
    globals()[_class_name].__init__ = _init


def get(identifier):
    """keras.optimizers.get: an optimizer for a name ("adam"), a serialized form, or the object itself."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        try:
            return wrap(_k.deserialize_optimizer(identifier))
        except _errors.InvalidArgumentError:
            raise ValueError("Could not interpret optimizer identifier: %s" % identifier) from None
    obj = deserialize(identifier) if isinstance(identifier, dict) else identifier
    if isinstance(obj, Optimizer):
        return obj
    raise ValueError("Could not interpret optimizer identifier: %s" % (identifier,))


def serialize(optimizer):
    """keras.optimizers.serialize: {"module", "class_name", "config", "registered_name"}."""
    from ._serialization import serialize_keras_object
    return serialize_keras_object(optimizer)


def deserialize(config, custom_objects=None):
    """keras.optimizers.deserialize: the optimizer a serialized form describes (the class name in
    any case, as Keras takes it)."""
    class_name = config["class_name"]
    cls = (custom_objects or {}).get(class_name)
    for name in _SIGNATURES:
        if cls is None and name.lower() == class_name.lower():
            cls = globals()[name]
    if cls is None:
        from ._serialization import deserialize_keras_object
        return deserialize_keras_object(config, custom_objects)
    return cls.from_config(dict(config.get("config", {})), custom_objects)


def wrap(cpp, class_name=None):
    """The Python object of a C++ optimizer (of the class `class_name`, if given)."""
    obj = _objects.wrap(globals(), Optimizer, cpp, class_name)
    learning_rate = cpp.get_config().get("learning_rate")
    obj._schedule = schedules._from_cpp_config(learning_rate) if isinstance(learning_rate, dict) else None
    return obj


_sys.modules[__name__ + ".schedules"] = schedules

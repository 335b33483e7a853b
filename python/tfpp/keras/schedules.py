"""tf.keras.optimizers.schedules: learning rates as functions of the optimizer's step. The built-in
schedules keep Keras' attributes and config in Python and compute with tfpp's C++ schedules;
subclass LearningRateSchedule (`__call__(step)`, `get_config`) for your own."""

from .. import _tfpp

_k = _tfpp.keras


class LearningRateSchedule:
    """keras.optimizers.schedules.LearningRateSchedule: the base of learning-rate schedules."""

    def __call__(self, step):
        raise NotImplementedError("Learning rate schedule '%s' must override `__call__(self, step)`." % type(self).__name__)

    def get_config(self):
        raise NotImplementedError("Learning rate schedule '%s' must override `get_config()` in order to be "
                                  "serializable." % type(self).__name__)

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class _BuiltinSchedule(LearningRateSchedule):
    """A schedule tfpp's C++ library computes; `_KEYS` are its config keys, in Keras' order."""

    _KEYS = ()

    def __call__(self, step):
        if getattr(self, "_cpp", None) is None:
            self._cpp = _k.deserialize_schedule({"class_name": type(self).__name__, "config": self.get_config()})
        return self._cpp(step)

    def get_config(self):
        return {key: getattr(self, _ATTRIBUTES.get(key, key)) for key in self._KEYS}

    def _check_steps(self, key):
        if getattr(self, key) <= 0:
            raise ValueError("Argument `%s` must be > 0. Received: %s=%s" % (key, key, getattr(self, key)))


_ATTRIBUTES = {"t_mul": "_t_mul", "m_mul": "_m_mul"}  # CosineDecayRestarts keeps these private


class ExponentialDecay(_BuiltinSchedule):
    """initial_learning_rate * decay_rate ** (step / decay_steps), floored when staircase."""

    _KEYS = ("initial_learning_rate", "decay_steps", "decay_rate", "staircase", "name")

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="ExponentialDecay"):
        self.initial_learning_rate, self.decay_steps, self.decay_rate = initial_learning_rate, decay_steps, decay_rate
        self.staircase, self.name = staircase, name
        self._check_steps("decay_steps")


class PiecewiseConstantDecay(_BuiltinSchedule):
    """values[i] between boundaries[i - 1] and boundaries[i]."""

    _KEYS = ("boundaries", "values", "name")

    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError("The length of boundaries should be 1 less than the length of values. Received: "
                             "boundaries=%s of length %d, and values=%s of length %d." % (
                                 boundaries, len(boundaries), values, len(values)))
        self.boundaries, self.values, self.name = boundaries, values, name


class PolynomialDecay(_BuiltinSchedule):
    """(initial - end) * (1 - step / decay_steps) ** power + end."""

    _KEYS = ("initial_learning_rate", "decay_steps", "end_learning_rate", "power", "cycle", "name")

    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                 name="PolynomialDecay"):
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.end_learning_rate, self.power, self.cycle, self.name = end_learning_rate, power, cycle, name
        self._check_steps("decay_steps")


class InverseTimeDecay(_BuiltinSchedule):
    """initial_learning_rate / (1 + decay_rate * step / decay_steps)."""

    _KEYS = ("initial_learning_rate", "decay_steps", "decay_rate", "staircase", "name")

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="InverseTimeDecay"):
        self.initial_learning_rate, self.decay_steps, self.decay_rate = initial_learning_rate, decay_steps, decay_rate
        self.staircase, self.name = staircase, name
        self._check_steps("decay_steps")


class CosineDecay(_BuiltinSchedule):
    """An optional linear warmup to warmup_target, then cosine decay to alpha times the rate."""

    _KEYS = ("initial_learning_rate", "decay_steps", "alpha", "name", "warmup_target", "warmup_steps")

    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name="CosineDecay", warmup_target=None,
                 warmup_steps=0):
        self.initial_learning_rate, self.decay_steps, self.alpha, self.name = initial_learning_rate, decay_steps, alpha, name
        self.warmup_steps, self.warmup_target = warmup_steps, warmup_target
        self._check_steps("decay_steps")


class CosineDecayRestarts(_BuiltinSchedule):
    """Cosine decay restarting every period, periods t_mul times longer and restarts m_mul times lower."""

    _KEYS = ("initial_learning_rate", "first_decay_steps", "t_mul", "m_mul", "alpha", "name")

    def __init__(self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0, name="SGDRDecay"):
        self.initial_learning_rate, self.first_decay_steps = initial_learning_rate, first_decay_steps
        self._t_mul, self._m_mul, self.alpha, self.name = t_mul, m_mul, alpha, name
        self._check_steps("first_decay_steps")


def serialize(learning_rate_schedule):
    """keras.optimizers.schedules.serialize: {"module", "class_name", "config", "registered_name"}."""
    from ._serialization import serialize_keras_object
    return serialize_keras_object(learning_rate_schedule)


def deserialize(config, custom_objects=None):
    """keras.optimizers.schedules.deserialize: the schedule a serialized form describes."""
    cls = (custom_objects or {}).get(config.get("class_name")) if isinstance(config, dict) else None
    if cls is None and isinstance(config, dict) and isinstance(globals().get(config.get("class_name")), type):
        cls = globals()[config["class_name"]]
    if cls is not None:
        return cls.from_config(config["config"])
    if isinstance(config, dict) and config.get("module") == "keras.optimizers.schedules":
        raise TypeError("Could not locate class '%s'. Make sure custom classes are decorated with "
                        "`@keras.saving.register_keras_serializable()`. Full object config: %s" % (
                            config.get("class_name"), config))
    from ._serialization import deserialize_keras_object
    return deserialize_keras_object(config, custom_objects)


def _cpp_schedule(schedule):
    """The C++ schedule an optimizer runs for a Python schedule object (a custom class is made known
    to the C++ serializer, which writes and reads optimizer configs)."""
    if isinstance(schedule, _BuiltinSchedule):
        return _k.deserialize_schedule({"class_name": type(schedule).__name__, "config": schedule.get_config()})
    _register_class(type(schedule))
    return _k.python_schedule(schedule)


def _register_class(cls):
    """Lets C++ optimizer configs name the LearningRateSchedule subclass `cls` as Keras does."""
    from ._registration import get_registered_name, module_entry
    _k.register_schedule_class(cls.__name__, module_entry(cls.__module__), get_registered_name(cls), cls)


def _from_cpp_config(serialized):
    """The Python schedule of a C++ optimizer's config (a loaded model's): the C++ config holds
    PiecewiseConstantDecay's boundaries as floats, which Keras' configs usually hold as ints."""
    config = dict(serialized["config"])
    if serialized["class_name"] == "PiecewiseConstantDecay":
        config["boundaries"] = [int(b) if float(b).is_integer() else b for b in config["boundaries"]]
    return deserialize(dict(serialized, config=config))

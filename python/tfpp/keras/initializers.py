"""tf.keras.initializers: initializer objects as layers take them (their Keras config is what the
C++ layer reads); calling one gives a tensor from the C++ initializer."""

import numpy as np

from .. import _tfpp

_SEEDED = (("seed", None),)
_FANS = _SEEDED + (("input_axes", None), ("output_axes", None))  # the variance-scaling family
# Each class's parameters and defaults, in Keras 3's order.
_PARAMETERS = {
    "Zeros": (), "Ones": (), "Constant": (("value", 0.0),),
    "RandomNormal": (("mean", 0.0), ("stddev", 0.05)) + _SEEDED,
    "TruncatedNormal": (("mean", 0.0), ("stddev", 0.05)) + _SEEDED,
    "RandomUniform": (("minval", -0.05), ("maxval", 0.05)) + _SEEDED,
    "GlorotUniform": _FANS, "GlorotNormal": _FANS, "HeNormal": _FANS, "HeUniform": _FANS,
    "LecunNormal": _FANS, "LecunUniform": _FANS, "Orthogonal": (("gain", 1.0),) + _SEEDED,
    "VarianceScaling": (("scale", 1.0), ("mode", "fan_in"), ("distribution", "truncated_normal")) + _FANS,
    "Identity": (("gain", 1.0),),
}


class Initializer:
    """keras.initializers.Initializer: its class name and arguments; initializer(shape, dtype)
    makes a tensor."""

    def __init__(self, *args, **kwargs):
        if not _is_builtin(type(self)):  # a subclass of the program's own: Keras' base takes no arguments
            if args or kwargs:
                raise TypeError("Initializer.__init__() takes no arguments")
            self._config = {}
            return
        parameters = _PARAMETERS[type(self).__name__]
        if len(args) > len(parameters):
            raise TypeError("%s() takes at most %d arguments" % (type(self).__name__, len(parameters)))
        names = [name for name, _ in parameters]
        for key in kwargs:
            if key not in names:
                raise TypeError("%s() got an unexpected keyword argument %r" % (type(self).__name__, key))
        config = dict(parameters)
        config.update(zip(names, args), **kwargs)
        self._config = {"seed": config.pop("seed"), **config} if "seed" in config else config  # Keras' order

    def __call__(self, shape, dtype=None):
        if not _is_builtin(type(self)):
            raise NotImplementedError("Initializer subclasses must implement the `__call__()` method.")
        return _tfpp.keras.initialize(self._serialized(), list(shape), dtype)

    def get_config(self):
        return dict(self._config)

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def clone(self):
        return type(self).from_config(self.get_config())

    def _serialized(self):
        """The config the C++ initializers read; a class of the program's own is registered with
        them under its registered name first, so that layers call its from_config object."""
        if _is_builtin(type(self)):
            return {"class_name": type(self).__name__, "config": dict(self._config)}
        from ._registration import get_registered_name
        name = get_registered_name(type(self))
        _tfpp.keras.register_initializer_class(name, type(self))
        return {"class_name": name, "config": self.get_config()}


def _is_builtin(cls):
    return cls.__module__ == __name__ and cls.__name__ in _PARAMETERS


for _name in _PARAMETERS:
    globals()[_name] = type(_name, (Initializer,), {"__module__": __name__, "__doc__": "keras.initializers.%s." % _name})


class VarianceScaling(Initializer):
    """keras.initializers.VarianceScaling: a distribution scaled by the weight's fans."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        c = self._config
        if c["scale"] <= 0.0:
            raise ValueError("Argument `scale` must be positive float. Received: scale=%s" % c["scale"])
        if c["mode"] not in {"fan_in", "fan_out", "fan_avg"}:
            raise ValueError("Invalid `mode` argument: %s. Please use one of %s" % (c["mode"], {"fan_in", "fan_out", "fan_avg"}))
        c["distribution"] = c["distribution"].lower()
        if c["distribution"] == "normal":
            c["distribution"] = "truncated_normal"
        if c["distribution"] not in {"uniform", "truncated_normal", "untruncated_normal"}:
            raise ValueError("Invalid `distribution` argument: %s.Please use one of %s" % (
                c["distribution"], {"uniform", "truncated_normal", "untruncated_normal"}))


class Constant(Initializer):
    """keras.initializers.Constant: a number, or an array broadcast against the weight's shape
    (value * ones(shape)); the config holds an array as Keras serializes it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._config["value"] = _config_of_value(self._config["value"])


def _config_of_value(value):
    """Constant's value as Keras 3's serialize_keras_object writes it: NumPy and tensor arrays as
    {"class_name": "__numpy__" / "__tensor__", "config": {"value", "dtype"}}, NumPy scalars as numbers."""
    if hasattr(value, "numpy") and hasattr(value, "dtype") and not isinstance(value, np.ndarray):
        array = np.asarray(value.numpy())
        return {"class_name": "__tensor__", "config": {"value": array.tolist(), "dtype": array.dtype.name}}
    if isinstance(value, np.generic) or (isinstance(value, np.ndarray) and value.ndim == 0):
        return value.item()
    if isinstance(value, np.ndarray):
        return {"class_name": "__numpy__", "config": {"value": value.tolist(), "dtype": value.dtype.name}}
    return value


class Identity(Initializer):
    """keras.initializers.Identity: gain times the identity matrix (2-D shapes only)."""

    @property
    def gain(self):
        return self._config["gain"]

    def __call__(self, shape, dtype=None):
        if len(shape) != 2:
            raise ValueError("Identity matrix initializer can only be used for 2D matrices. Received: shape=%s of "
                             "rank %d." % (tuple(shape), len(shape)))
        return super().__call__(shape, dtype)

    def get_config(self):
        return {}  # as Keras 3's Identity, whose config leaves out the gain


zeros, ones, constant = Zeros, Ones, Constant  # noqa: F821 (defined by the loop above)
random_normal, truncated_normal, random_uniform = RandomNormal, TruncatedNormal, RandomUniform  # noqa: F821
glorot_uniform, glorot_normal, he_normal, he_uniform = GlorotUniform, GlorotNormal, HeNormal, HeUniform  # noqa: F821
lecun_normal, lecun_uniform, orthogonal = LecunNormal, LecunUniform, Orthogonal  # noqa: F821
OrthogonalInitializer = Orthogonal  # noqa: F821
variance_scaling, identity, IdentityInitializer = VarianceScaling, Identity, Identity

from .stft_initializer import make_class as _stft_class  # noqa: E402

STFT = _stft_class(Initializer)
stft = STFTInitializer = STFT

_BY_NAME = {name: globals()[name] for name in ("zeros", "ones", "constant", "random_normal", "truncated_normal",
                                                "random_uniform", "glorot_uniform", "glorot_normal", "he_normal",
                                                "he_uniform", "lecun_normal", "lecun_uniform", "orthogonal",
                                                "variance_scaling", "identity", "IdentityInitializer", "stft",
                                                "STFT", "STFTInitializer")}
_BY_NAME.update({name: globals()[name] for name in _PARAMETERS})


def serialize(initializer):
    """keras.initializers.serialize: {"module", "class_name", "config", "registered_name"}."""
    if not _is_builtin(type(initializer)):
        from ._serialization import serialize_keras_object
        return serialize_keras_object(initializer)
    return {"module": "keras.initializers", "class_name": type(initializer).__name__,
            "config": initializer.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    """keras.initializers.deserialize: the initializer a config (or a name) describes."""
    classes = dict(_BY_NAME, **(custom_objects or {}))
    if isinstance(config, str):
        if config not in classes:
            raise ValueError("Could not interpret initializer identifier: %s" % config)
        return classes[config]()
    # A class of the program's own is found by its registered name ("package>Name"), in the registry too.
    from ._registration import get_registered_object
    cls = get_registered_object(config.get("registered_name") or config.get("class_name"), classes)
    if cls is None:
        raise ValueError("Could not interpret initializer identifier: %s" % (config,))
    return cls.from_config(config.get("config", {}))


def get(identifier):
    """keras.initializers.get: an initializer from None, a name, a config or an object."""
    if identifier is None:
        return None
    if isinstance(identifier, (str, dict)):
        return deserialize(identifier)
    if isinstance(identifier, type) and issubclass(identifier, Initializer):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError("Could not interpret initializer identifier: %s" % (identifier,))

"""tf.keras.losses: Keras' loss classes and functions over tfpp's C++ losses."""

import numpy as _np

from .. import _tfpp
from . import _objects
from ._signatures import LOSSES as _SIGNATURES

_k = _tfpp.keras


class Loss:
    """keras.losses.Loss: loss(y_true, y_pred, sample_weight=None) -> the reduced loss. Subclass it
    as in Keras (`call(y_true, y_pred)` returning per-sample values); compile takes it."""

    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self._cpp = _k.python_loss(self.call, name or _k.auto_name(type(self).__name__), reduction)

    def call(self, y_true, y_pred):
        """The per-sample loss (subclasses override it)."""
        raise NotImplementedError("%s must implement call(y_true, y_pred)" % type(self).__name__)

    def __call__(self, y_true, y_pred, sample_weight=None):
        return self._cpp(y_true, y_pred, sample_weight)

    @property
    def name(self):
        return self._cpp.name

    @property
    def reduction(self):
        return self._cpp.reduction

    def get_config(self):
        config = self._cpp.get_config()
        keys = _CONFIG_KEYS.get(getattr(type(self), "_class_name", None))
        return config if keys is None else {key: config[key] for key in keys if key in config}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


_objects.make_classes(globals(), Loss, _SIGNATURES, _k.deserialize_loss)

# The keys of Keras 3.15's get_config of each loss class, in its order (Keras leaves out some
# arguments: Huber's delta, CosineSimilarity's axis, SparseCategoricalCrossentropy's axis).
_CONFIG_KEYS = {
    "BinaryCrossentropy": ("name", "reduction", "from_logits", "label_smoothing", "axis"),
    "BinaryFocalCrossentropy": ("name", "reduction", "from_logits", "label_smoothing", "axis", "apply_class_balancing",
                                "alpha", "gamma"),
    "CategoricalCrossentropy": ("name", "reduction", "from_logits", "label_smoothing", "axis"),
    "CategoricalFocalCrossentropy": ("name", "reduction", "from_logits", "label_smoothing", "axis", "alpha", "gamma"),
    "Circle": ("name", "reduction", "gamma", "margin", "remove_diagonal"),
    "Dice": ("name", "reduction", "axis"),
    "SparseCategoricalCrossentropy": ("name", "reduction", "from_logits", "ignore_class"),
    "Tversky": ("name", "reduction", "alpha", "beta", "axis"),
}
_CONFIG_KEYS.update((name, ("name", "reduction")) for name in (
    "CTC", "CategoricalHinge", "CosineSimilarity", "Hinge", "Huber", "KLDivergence", "LogCosh", "MeanAbsoluteError",
    "MeanAbsolutePercentageError", "MeanSquaredError", "MeanSquaredLogarithmicError", "Poisson", "SquaredHinge"))


def get(identifier):
    """keras.losses.get, as Keras 3: a loss function for a function name or alias ("mse"), a new
    object for a class name, the object a dict describes, a callable itself."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        name = _GET_ALIASES.get(identifier, identifier)
        obj = globals()[name] if name in _FUNCTION_NAMES or name in _SIGNATURES else None
    else:
        obj = identifier
    if callable(obj):
        return obj() if isinstance(obj, type) else obj
    raise ValueError("Could not interpret loss identifier: %s" % (identifier,))


def wrap(cpp, class_name=None):
    """The Python object of a C++ loss (of the class `class_name`, if given)."""
    return _objects.wrap(globals(), Loss, cpp, class_name)


def _float_dtype(value):
    """The dtype name of a float16 / bfloat16 / float64 tensor or array (Keras' functions compute
    in y_pred's dtype; the classes in float32 unless told)."""
    name = getattr(getattr(value, "dtype", None), "name", None)
    return name if name in ("float16", "bfloat16", "float64") else None


def _per_sample(name, class_name, parameters=()):
    """Keras' function `name`: the loss class with reduction "none"; arguments after y_true and
    y_pred are `parameters`, in order."""

    def fn(y_true, y_pred, *args, **kwargs):
        if len(args) > len(parameters):
            raise TypeError("%s() takes at most %d positional arguments" % (name, len(parameters) + 2))
        kwargs.update(zip(parameters, args))
        dtype = _float_dtype(y_pred)
        if dtype is not None:
            kwargs["dtype"] = dtype
        return globals()[class_name](reduction="none", **kwargs)(y_true, y_pred)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = "keras.losses.%s: the per-sample values of %s." % (name, class_name)
    return fn


_CROSSENTROPY = ("from_logits", "label_smoothing", "axis")
# Keras' loss functions: per-sample values, unreduced.
_FUNCTIONS = (
    ("mean_squared_error", "MeanSquaredError", ()), ("mean_absolute_error", "MeanAbsoluteError", ()),
    ("mean_absolute_percentage_error", "MeanAbsolutePercentageError", ()),
    ("mean_squared_logarithmic_error", "MeanSquaredLogarithmicError", ()), ("huber", "Huber", ("delta",)),
    ("log_cosh", "LogCosh", ()), ("cosine_similarity", "CosineSimilarity", ("axis",)), ("hinge", "Hinge", ()),
    ("squared_hinge", "SquaredHinge", ()), ("categorical_hinge", "CategoricalHinge", ()),
    ("kl_divergence", "KLDivergence", ()), ("poisson", "Poisson", ()),
    ("binary_crossentropy", "BinaryCrossentropy", _CROSSENTROPY),
    ("binary_focal_crossentropy", "BinaryFocalCrossentropy", ("apply_class_balancing", "alpha", "gamma") + _CROSSENTROPY),
    ("categorical_crossentropy", "CategoricalCrossentropy", _CROSSENTROPY),
    ("categorical_focal_crossentropy", "CategoricalFocalCrossentropy", ("alpha", "gamma") + _CROSSENTROPY),
    ("sparse_categorical_crossentropy", "SparseCategoricalCrossentropy", ("from_logits", "ignore_class", "axis")),
    ("dice", "Dice", ("axis",)), ("tversky", "Tversky", ("alpha", "beta", "axis")), ("ctc", "CTC", ()),
    ("categorical_generalized_cross_entropy", "CategoricalGeneralizedCrossEntropy", ("q",)))
for _fn, _cls, _parameters in _FUNCTIONS:
    globals()[_fn] = _per_sample(_fn, _cls, _parameters)


def _check_ctc_ranks(y_true, y_pred):
    # Keras' ctc checks the ranks in Python, with ValueError.
    true_shape, pred_shape = (tuple(getattr(x, "shape", None) or _np.shape(x)) for x in (y_true, y_pred))
    if len(true_shape) != 2:
        raise ValueError("Targets `y_true` are expected to be a tensor of shape `(batch_size, max_length)` in integer "
                         "format. Received: y_true.shape=%s" % (true_shape,))
    if len(pred_shape) != 3:
        raise ValueError("Logits `y_pred` are expected to be a tensor of shape `(batch_size, max_length, num_classes)`. "
                         "Received: y_pred.shape=%s" % (pred_shape,))


def _ctc_call(self, y_true, y_pred, sample_weight=None):
    _check_ctc_ranks(y_true, y_pred)
    return Loss.__call__(self, y_true, y_pred, sample_weight)


CTC.__call__ = _ctc_call  # noqa: F821 - made by make_classes


def circle(y_true, y_pred, ref_labels=None, ref_embeddings=None, remove_diagonal=True, gamma=80, margin=0.4):
    """keras.losses.circle: the Circle loss per sample, against reference labels and embeddings (by default
    y_true and y_pred themselves)."""
    return _k.loss_functions.circle(y_true, y_pred, ref_labels, ref_embeddings, bool(remove_diagonal), float(gamma),
                                    float(margin))

mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
kld = KLD = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh


def serialize(loss):
    """keras.losses.serialize: {"module", "class_name", "config", "registered_name"} of a loss
    object, or of a loss function (by its name)."""
    if isinstance(loss, Loss):
        return {"module": "keras.losses", "class_name": type(loss).__name__, "config": loss.get_config(),
                "registered_name": None}
    return {"module": "builtins", "class_name": "function", "config": loss.__name__, "registered_name": "function"}


def deserialize(name, custom_objects=None):
    """keras.losses.deserialize: the loss object (or function) `name` describes."""
    if isinstance(name, dict) and name.get("class_name") == "function":
        name = name.get("config")
    if isinstance(name, str):
        if custom_objects and name in custom_objects:
            return custom_objects[name]
        fn = globals().get(name)
        if callable(fn) and name in _FUNCTION_NAMES:
            return fn
    if isinstance(name, dict) and custom_objects and name.get("class_name") in custom_objects:
        return custom_objects[name["class_name"]].from_config(name.get("config", {}))
    return wrap(_k.deserialize_loss(name), name.get("class_name") if isinstance(name, dict) else name)


_FUNCTION_NAMES = {f[0] for f in _FUNCTIONS} | {"circle"}
# The short names keras.losses.get knows (Keras' ALL_OBJECTS_DICT).
_GET_ALIASES = {"bce": "binary_crossentropy", "BCE": "binary_crossentropy", "kld": "kl_divergence",
                "KLD": "kl_divergence", "mae": "mean_absolute_error", "MAE": "mean_absolute_error",
                "mse": "mean_squared_error", "MSE": "mean_squared_error", "mape": "mean_absolute_percentage_error",
                "MAPE": "mean_absolute_percentage_error", "msle": "mean_squared_logarithmic_error",
                "MSLE": "mean_squared_logarithmic_error"}


class Reduction:
    """tf.keras.losses.Reduction (Keras' legacy names of the reductions)."""

    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls):
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError('Invalid Reduction Key: %s. Expected keys are "%s"' % (key, cls.all()))

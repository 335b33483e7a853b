"""tf.keras.metrics: Keras' metric classes over tfpp's C++ metrics."""

import numpy as _np

from .. import _tfpp
from . import _objects
from ._signatures import METRICS as _SIGNATURES

_k = _tfpp.keras


class Metric:
    """keras.metrics.Metric: update_state, result, reset_state. Subclass it as in Keras: state
    variables from add_variable in `__init__`, then update_state, result (and reset_state, which by
    default sets every variable to zero)."""

    def __init__(self, dtype=None, name=None):
        self._cpp = _k.python_metric(self, name or _k.auto_name(type(self).__name__), dtype,
                                     type(self).reset_state is not Metric.reset_state)

    def add_variable(self, shape=(), initializer="zeros", dtype=None, aggregation="sum", name=None):
        """A state variable (zeros, or ones / a number as `initializer`)."""
        variable = self._cpp.add_variable(list(shape), name or "variable", dtype)
        if initializer == "ones":
            variable.assign(_np.ones(tuple(shape), dtype=variable.dtype))
        elif isinstance(initializer, (int, float)) and initializer != 0:
            variable.assign(_np.full(tuple(shape), initializer, dtype=variable.dtype))
        elif initializer not in ("zeros", 0, 0.0):
            raise ValueError("tfpp metric variables start as zeros, ones or a number, not %r" % (initializer,))
        return variable

    def add_weight(self, name=None, shape=(), aggregation="sum", initializer="zeros", dtype=None):
        """Keras 2's name for add_variable."""
        return self.add_variable(shape, initializer, dtype, aggregation, name)

    def update_state(self, *args, sample_weight=None):
        """(y_true, y_pred[, sample_weight]), or (values[, sample_weight]) for Mean."""
        if len(args) == 3:
            args, sample_weight = args[:2], args[2]
        if len(args) == 1:
            self._cpp.update_values(args[0], sample_weight)
        else:
            self._cpp.update_state(args[0], args[1], sample_weight)

    def result(self):
        return self._cpp.result()

    def reset_state(self):
        self._cpp.reset_state()

    def __call__(self, *args, sample_weight=None):
        self.update_state(*args, sample_weight=sample_weight)
        return self.result()

    @property
    def name(self):
        return self._cpp.name

    @property
    def variables(self):
        return self._cpp.variables

    def get_config(self):
        return self._cpp.get_config()

    @classmethod
    def from_config(cls, config):
        return cls(**config)


_objects.make_classes(globals(), Metric, _SIGNATURES, _k.deserialize_metric)


def get(identifier):
    """keras.metrics.get: a metric object for a name (or the object itself)."""
    if isinstance(identifier, str):
        return wrap(_k.deserialize_metric(identifier), identifier)
    return identifier


def wrap(cpp, class_name=None):
    """The Python object of a C++ metric (of the class `class_name`, if given)."""
    return _objects.wrap(globals(), Metric, cpp, class_name)


class MeanMetricWrapper(Metric):
    """keras.metrics.MeanMetricWrapper: the running (weighted) mean of fn(y_true, y_pred, **kwargs)."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        self._fn, self._fn_kwargs = fn, kwargs
        self._dtype = getattr(dtype, "name", dtype) or "float32"
        call = (lambda y_true, y_pred: fn(y_true, y_pred, **kwargs)) if kwargs else fn
        self._cpp = _k.python_mean_metric_wrapper(call, name or _k.auto_name("mean_metric_wrapper"), dtype)

    def get_config(self):
        config = {"name": self.name, "dtype": self._dtype, "fn": _losses.serialize(self._fn)}
        config.update(self._fn_kwargs)
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        fn = config.pop("fn")
        return cls(_losses.deserialize(fn) if isinstance(fn, dict) else globals()[fn], **config)


from . import losses as _losses  # noqa: E402 (the loss functions keras.metrics exports too)

_f = _k.metric_functions
binary_accuracy = _f.binary_accuracy
categorical_accuracy = _f.categorical_accuracy
sparse_categorical_accuracy = _f.sparse_categorical_accuracy
top_k_categorical_accuracy = _f.top_k_categorical_accuracy
sparse_top_k_categorical_accuracy = _f.sparse_top_k_categorical_accuracy
for _name in ("mse", "mae", "mape", "msle", "hinge", "squared_hinge", "categorical_hinge", "kld",
              "kullback_leibler_divergence", "logcosh", "poisson", "huber", "binary_crossentropy",
              "binary_focal_crossentropy", "categorical_crossentropy", "categorical_focal_crossentropy",
              "sparse_categorical_crossentropy", "kl_divergence", "log_cosh", "mean_absolute_error",
              "mean_absolute_percentage_error", "mean_squared_error", "mean_squared_logarithmic_error"):
    globals()[_name] = getattr(_losses, _name)
MSE, MAE, MAPE, MSLE, KLD = mse, mae, mape, msle, kld  # noqa: F821 (tf.keras.metrics' upper-case aliases)

from .correlation_metrics import concordance_correlation, pearson_correlation  # noqa: E402
from .correlation_metrics import make_classes as _correlation_classes  # noqa: E402

PearsonCorrelation, ConcordanceCorrelation = _correlation_classes(MeanMetricWrapper)


def serialize(metric):
    """keras.metrics.serialize: {"module", "class_name", "config", "registered_name"} of a metric
    object, or of a metric function (by its name)."""
    if isinstance(metric, Metric):
        return {"module": "keras.metrics", "class_name": type(metric).__name__, "config": metric.get_config(),
                "registered_name": None}
    return {"module": "builtins", "class_name": "function", "config": metric.__name__, "registered_name": "function"}


def deserialize(config, custom_objects=None):
    """keras.metrics.deserialize: the metric object (or function) `config` describes."""
    if isinstance(config, dict) and config.get("class_name") == "function":
        config = config.get("config")
    if isinstance(config, str):
        if custom_objects and config in custom_objects:
            return custom_objects[config]
        if callable(globals().get(config)) and not isinstance(globals()[config], type):
            return globals()[config]
    if isinstance(config, dict):
        cls = (custom_objects or {}).get(config.get("class_name"), globals().get(config.get("class_name")))
        if cls is MeanMetricWrapper or (isinstance(cls, type) and custom_objects and cls in custom_objects.values()):
            return cls.from_config(config.get("config", {}))
    return wrap(_k.deserialize_metric(config), config.get("class_name") if isinstance(config, dict) else config)

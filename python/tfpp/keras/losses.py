"""tf.keras.losses: Keras' loss classes and functions over tfpp's C++ losses."""

import re

from .. import _tfpp
from . import _objects
from ._signatures import LOSSES as _SIGNATURES

_k = _tfpp.keras


def _snake_case(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Loss:
    """keras.losses.Loss: loss(y_true, y_pred, sample_weight=None) -> the reduced loss. Subclass it
    as in Keras (`call(y_true, y_pred)` returning per-sample values); compile takes it."""

    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self._cpp = _k.python_loss(self.call, name or _snake_case(type(self).__name__), reduction)

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
        return self._cpp.get_config()

    @classmethod
    def from_config(cls, config):
        return cls(**config)


_objects.make_classes(globals(), Loss, _SIGNATURES, _k.deserialize_loss)


def get(identifier):
    """keras.losses.get: a loss object for a name (or the object itself)."""
    if isinstance(identifier, str):
        return wrap(_k.deserialize_loss(identifier))
    return identifier


def wrap(cpp, class_name=None):
    """The Python object of a C++ loss (of the class `class_name`, if given)."""
    return _objects.wrap(globals(), Loss, cpp, class_name)


def _per_sample(class_name, **fixed):
    def fn(y_true, y_pred, **kwargs):
        return globals()[class_name](reduction="none", **fixed, **kwargs)(y_true, y_pred)
    return fn


# Keras' loss functions: per-sample values, unreduced.
for _fn, _cls in (("mean_squared_error", "MeanSquaredError"), ("mean_absolute_error", "MeanAbsoluteError"),
                  ("mean_absolute_percentage_error", "MeanAbsolutePercentageError"),
                  ("mean_squared_logarithmic_error", "MeanSquaredLogarithmicError"), ("huber", "Huber"),
                  ("log_cosh", "LogCosh"), ("hinge", "Hinge"), ("squared_hinge", "SquaredHinge"),
                  ("categorical_hinge", "CategoricalHinge"), ("kl_divergence", "KLDivergence"), ("poisson", "Poisson"),
                  ("binary_crossentropy", "BinaryCrossentropy"), ("categorical_crossentropy", "CategoricalCrossentropy"),
                  ("sparse_categorical_crossentropy", "SparseCategoricalCrossentropy")):
    globals()[_fn] = _per_sample(_cls)
    globals()[_fn].__name__ = _fn
mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error

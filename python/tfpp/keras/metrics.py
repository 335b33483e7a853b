"""tf.keras.metrics: Keras' metric classes over tfpp's C++ metrics."""

from .. import _tfpp
from . import _objects
from ._signatures import METRICS as _SIGNATURES

_k = _tfpp.keras


class Metric:
    """keras.metrics.Metric: update_state, result, reset_state."""

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
        return wrap(_k.deserialize_metric(identifier))
    return identifier


def wrap(cpp):
    """The Python object of a C++ metric."""
    return _objects.wrap(globals(), Metric, cpp)

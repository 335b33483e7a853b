"""tf.keras.optimizers: Keras' optimizers over tfpp's C++ ones (the training loop updates the
model's variables with them)."""

from .. import _tfpp
from .. import errors as _errors
from . import _objects
from ._signatures import OPTIMIZERS as _SIGNATURES

_k = _tfpp.keras


class Optimizer:
    """keras.optimizers.Optimizer."""

    @property
    def name(self):
        return self._cpp.name

    @property
    def learning_rate(self):
        return self._cpp.learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
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
        return self._cpp.get_config()

    @classmethod
    def from_config(cls, config):
        return cls(**config)


_objects.make_classes(globals(), Optimizer, _SIGNATURES, _k.deserialize_optimizer)


def get(identifier):
    """keras.optimizers.get: an optimizer for a name ("adam") or the object itself."""
    if isinstance(identifier, str):
        try:
            return wrap(_k.deserialize_optimizer(identifier))
        except _errors.InvalidArgumentError:
            raise ValueError("Could not interpret optimizer identifier: %s" % identifier) from None
    return identifier


def wrap(cpp, class_name=None):
    """The Python object of a C++ optimizer (of the class `class_name`, if given)."""
    return _objects.wrap(globals(), Optimizer, cpp, class_name)

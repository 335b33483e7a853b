"""tf.keras over tfpp's C++ Keras: layers, Sequential and Functional models, losses, metrics,
optimizers, callbacks, fit with Keras' progress bar, .keras files.

    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(10, activation="relu")])
    model.compile(optimizer="adam", loss="mse")
    model.fit(x, y, epochs=2)
"""

import sys as _sys

from .. import _tfpp
from . import activations, callbacks, datasets, initializers, layers, losses, metrics, optimizers, regularizers
from . import constraints
from . import export, mixed_precision, models, preprocessing, saving, utils
from . import backend, config
from . import applications
from . import dtype_policies, random, tree
from .function import Function
from .scopes import device, name_scope
from .initializers import Initializer
from .input_spec import InputSpec
from .layers import KerasTensor, Layer, Operation
from ._ops_symbolic import install_operators as _install_operators
from .losses import Loss
from .metrics import Metric
from .models import Model, Sequential
from .optimizers import Optimizer
from .regularizers import Regularizer

Variable = _tfpp.keras.Variable  # keras.Variable: every layer's, metric's and optimizer's variable


def Input(shape=None, batch_size=None, dtype=None, sparse=None, batch_shape=None, name=None, tensor=None,
          optional=False):
    """keras.Input: a symbolic input of `shape` (without the batch dimension)."""
    if batch_shape is not None:
        batch_size, shape = tuple(batch_shape)[0], tuple(batch_shape)[1:]
    if shape is None:
        raise ValueError("You must pass a `shape` argument.")
    return _tfpp.keras.Input(list(shape), dtype if dtype is not None else config.floatx(), name, batch_size)


layers.Input = Input
_install_operators()
optimizers.LossScaleOptimizer = mixed_precision.LossScaleOptimizer
DTypePolicy = mixed_precision.DTypePolicy
FloatDTypePolicy = dtype_policies.FloatDTypePolicy
__version__ = "3.15.1"  # the Keras whose API tfpp.keras follows


def version():
    """keras.version(): the Keras version tfpp.keras follows."""
    return __version__


_sys.modules[__name__ + ".datasets.fashion_mnist"] = datasets.fashion_mnist


def __getattr__(name):
    # keras.ops maps onto tfpp's namespaces (tf.math, tf.linalg, ...), complete only once tfpp's own
    # import has finished: it loads on first use.
    if name == "ops":
        import importlib

        return importlib.import_module(__name__ + ".ops")
    if name == "InputSpec" and hasattr(layers, "InputSpec"):  # keras.layers owns it
        return layers.InputSpec
    raise AttributeError("module %r has no attribute %r" % (__name__, name))

"""tf.types.experimental: the base classes of tf.function's functions (so that isinstance checks
against TensorFlow's interfaces hold for tfpp's Function and ConcreteFunction) and TensorLike, the
values ops accept as tensors."""

import typing

import numpy as _np

from . import _tfpp


class Callable:
    """The base of functions tfpp traces."""


class PolymorphicFunction(Callable):
    """A function that traces a graph per input signature (what tf.function returns)."""


GenericFunction = PolymorphicFunction  # TensorFlow's earlier name, kept as an alias


class ConcreteFunction(Callable):
    """One traced graph of a function, for one input signature."""


@typing.runtime_checkable
class TensorProtocol(typing.Protocol):
    """A value that converts itself to a tensor through __tf_tensor__."""

    def __tf_tensor__(self, dtype=None, name=None):
        """The value as a tensor (of `dtype` if given)."""


TensorLike = typing.Union[_tfpp.Tensor, _tfpp.Variable, TensorProtocol, int, float, bool, str, bytes, complex, tuple,
                          list, _np.ndarray, _np.generic]

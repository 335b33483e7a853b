"""tf.register_tensor_conversion_function: Python types of the user's that tf.convert_to_tensor
and every op's input conversion turn into tensors through a registered function. The functions
for a value's type and its base classes are tried by priority (lower first, then the earliest
registered); one returning NotImplemented passes the value on to the next."""
import itertools

import numpy as np

from . import _tfpp

_registry = []  # (priority, registration number, base_type, conversion_func)
_numbers = itertools.count()
_UNREGISTRABLE = (int, float, complex, bool, np.generic, np.ndarray)


def register_tensor_conversion_function(base_type, conversion_func, priority=100):
    """Registers conversion_func(value, dtype=None, name=None, as_ref=False) for instances of
    `base_type` (a type or a tuple of types)."""
    types = base_type if isinstance(base_type, tuple) else (base_type,)
    if not all(isinstance(t, type) for t in types):
        raise TypeError("Argument `base_type` must be a type or a tuple of types. Obtained: %s" % (base_type,))
    if any(issubclass(t, _UNREGISTRABLE) for t in types):
        raise TypeError("Cannot register conversions for Python numeric types and NumPy scalars and arrays.")
    if not callable(conversion_func):
        raise TypeError("Argument `conversion_func` must be callable. Received %s." % (conversion_func,))
    _registry.append((priority, next(_numbers), types, conversion_func))
    _registry.sort(key=lambda entry: entry[:2])


def _convert(value, dtype):
    """The tensor the first applicable registered function gives for `value`, or None."""
    for _, _, types, fn in _registry:
        if not isinstance(value, types):
            continue
        result = fn(value, dtype=dtype, name=None, as_ref=False)
        if result is NotImplemented:
            continue
        if not isinstance(result, (_tfpp.Tensor, _tfpp.Variable)):
            raise RuntimeError("Conversion function %r for type %s returned non-Tensor: %r" % (fn, type(value), result))
        if dtype is not None and result.dtype != dtype:
            raise RuntimeError("Conversion function %r for type %s returned incompatible dtype: requested = %s, "
                               "actual = %s" % (fn, type(value), dtype.name, result.dtype.name))
        return result
    return None


_tfpp._set_registered_conversion(_convert)

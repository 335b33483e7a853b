"""DType.min, .max, .limits and .is_unsigned, as TensorFlow's DType has them: NumPy's limits of the
element type (floats as NumPy scalars, integers as Python ints)."""

import ml_dtypes as _ml_dtypes
import numpy as _np

from . import _tfpp


def _limit(dtype, which):
    if not (dtype.is_floating or dtype.is_integer):
        raise TypeError(f"Cannot find {which}imum value of {dtype} with type {dtype}.")
    numpy_type = dtype.as_numpy_dtype
    if dtype.is_floating:
        finfo = _ml_dtypes.finfo if dtype.name == "bfloat16" else _np.finfo  # NumPy has no bfloat16
        return numpy_type(getattr(finfo(numpy_type), which))
    return int(getattr(_np.iinfo(numpy_type), which))


def _limits(dtype, clip_negative=True):
    if dtype == _tfpp.string:
        raise ValueError(f"{dtype} does not have defined limits.")
    if dtype.is_bool:
        return (0, True)
    low = 0 if clip_negative else _limit(dtype, "min")
    return (low, 1) if dtype.is_floating else (low, _limit(dtype, "max"))


_tfpp.DType.min = property(lambda self: _limit(self, "min"), doc="The smallest value of the dtype.")
_tfpp.DType.max = property(lambda self: _limit(self, "max"), doc="The largest value of the dtype.")
_tfpp.DType.limits = property(_limits, doc="TensorFlow's (low, high) intensity limits of an image dtype.")
_tfpp.DType.is_unsigned = property(lambda self: self.name in ("uint8", "uint16", "uint32", "uint64"),
                                   doc="True for unsigned integer dtypes.")

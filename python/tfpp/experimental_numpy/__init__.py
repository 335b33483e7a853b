"""tf.experimental.numpy: NumPy's API over tfpp's tensors. Results are tf.Tensors (tnp.ndarray);
dtypes follow NumPy's promotion, with float64 as the default float."""

import numpy as _np

import tfpp as _tf

from . import random
from ._creation import (arange, asanyarray, ascontiguousarray, copy, diag, diag_indices, diagflat, diagonal, empty,
                        empty_like, eye, full, full_like, geomspace, identity, linspace, logspace, meshgrid, ones,
                        ones_like, tri, tril, triu, zeros, zeros_like)
from ._dtype_rules import array, asarray, promote_types, result_type
# NumPy's names, some shadowing builtins (abs, all, any, max, min, round, sum, divmod).
from ._elementwise import (abs, absolute, add, allclose, angle, arccos, arccosh, arcsin, arcsinh, arctan, arctan2,
                           arctanh, around, array_equal, bitwise_and, bitwise_not, bitwise_or, bitwise_xor, cbrt, ceil,
                           clip, conj, conjugate, cos, cosh, deg2rad, diff, divide, divmod, equal, exp, exp2, expm1,
                           fabs, fix, float_power, floor, floor_divide, gcd, greater, greater_equal, heaviside, hypot,
                           imag, isclose, iscomplex, iscomplexobj, isfinite, isinf, isnan, isneginf, isposinf, isreal,
                           isrealobj, lcm, less, less_equal, log, log1p, log2, log10, logaddexp, logaddexp2,
                           logical_and, logical_not, logical_or, logical_xor, maximum, minimum, mod, multiply, negative,
                           nextafter, not_equal, positive, power, rad2deg, real, reciprocal, remainder, round, sign,
                           signbit, sin, sinc, sinh, sqrt, square, subtract, tan, tanh, true_divide)
from ._numpy_behavior import experimental_enable_numpy_behavior
from ._products import cross, dot, einsum, inner, kron, matmul, outer, polyval, tensordot, trace, vander, vdot
from ._reductions import (all, amax, amin, any, argmax, argmin, argsort, average, count_nonzero, cumprod, cumsum,
                          max, mean, min, nanmean, nanprod, nansum, prod, ptp, sort, std, sum, var)
from ._shapes import (append, atleast_1d, atleast_2d, atleast_3d, broadcast_arrays, broadcast_to, compress,
                      concatenate, dsplit, dstack, expand_dims, flatten, flip, fliplr, flipud, hsplit, hstack, isscalar,
                      ix_, moveaxis, ndim, nonzero, pad, ravel, repeat, reshape, roll, rot90, select, shape, size,
                      split, squeeze, stack, swapaxes, take, take_along_axis, tile, transpose, vsplit, vstack, where)

ndarray = _tf.Tensor
newaxis = None
pi, e, inf = _np.pi, _np.e, _np.inf
bool_, object_, string_, unicode_ = _np.bool_, _np.object_, _np.bytes_, _np.str_
complex_, complex64, complex128 = _np.complex128, _np.complex64, _np.complex128
float_, float16, float32, float64 = _np.float64, _np.float16, _np.float32, _np.float64
int_, int8, int16, int32, int64 = _np.int_, _np.int8, _np.int16, _np.int32, _np.int64
uint8, uint16, uint32, uint64 = _np.uint8, _np.uint16, _np.uint32, _np.uint64
inexact, iinfo, issubdtype = _np.inexact, _np.iinfo, _np.issubdtype


def finfo(dtype):
    """tnp.finfo: NumPy's finfo of a tf.DType or NumPy dtype."""
    return _np.finfo(_np.dtype(dtype.as_numpy_dtype) if isinstance(dtype, _tf.DType) else dtype)

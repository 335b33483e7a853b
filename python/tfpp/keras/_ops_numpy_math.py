"""keras.ops' NumPy-style arithmetic: elementwise functions, comparisons and reductions, with
Keras 3's dtype rules (integer inputs of exp, log, sqrt, mean, divide, ... give floatx; Python
scalars take the tensor's dtype)."""

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import (axes as _axes, convert_to_tensor, dtype_name as _name, filled_like as _filled_like,
                           promote as _promote, to_float as _f)


def _float_unary(tf_fn, doc):
    def fn(x):
        return tf_fn(_f(x))

    fn.__doc__ = doc
    return fn


def _binary(tf_fn, doc, extra=()):
    def fn(x1, x2):
        x1, x2 = _promote(x1, x2, extra=extra)
        return tf_fn(x1, x2)

    fn.__doc__ = doc
    return fn


def _bool_as_int(x):
    x = convert_to_tensor(x)
    return tf.cast(x, "int32") if _name(x) == "bool" else x


# Transcendental functions: integer and bool inputs give floatx.
exp = _float_unary(tf.math.exp, "keras.ops.exp")
expm1 = _float_unary(tf.math.expm1, "keras.ops.expm1")
log = _float_unary(tf.math.log, "keras.ops.log")
log1p = _float_unary(tf.math.log1p, "keras.ops.log1p")
sqrt = _float_unary(tf.math.sqrt, "keras.ops.sqrt")
sin = _float_unary(tf.math.sin, "keras.ops.sin")
cos = _float_unary(tf.math.cos, "keras.ops.cos")
tan = _float_unary(tf.math.tan, "keras.ops.tan")
sinh = _float_unary(tf.math.sinh, "keras.ops.sinh")
cosh = _float_unary(tf.math.cosh, "keras.ops.cosh")
tanh = _float_unary(tf.math.tanh, "keras.ops.tanh")
arcsin = _float_unary(tf.math.asin, "keras.ops.arcsin")
arccos = _float_unary(tf.math.acos, "keras.ops.arccos")
arctan = _float_unary(tf.math.atan, "keras.ops.arctan")
arcsinh = _float_unary(tf.math.asinh, "keras.ops.arcsinh")
arccosh = _float_unary(tf.math.acosh, "keras.ops.arccosh")
arctanh = _float_unary(tf.math.atanh, "keras.ops.arctanh")


def log2(x):
    """keras.ops.log2."""
    x = _f(x)
    return tf.math.log(x) / tf.math.log(tf.constant(2, x.dtype))


def log10(x):
    """keras.ops.log10."""
    x = _f(x)
    return tf.math.log(x) / tf.math.log(tf.constant(10, x.dtype))


def exp2(x):
    """keras.ops.exp2: 2 ** x."""
    x = _f(x)
    return tf.math.pow(tf.constant(2, x.dtype), x)


def reciprocal(x):
    """keras.ops.reciprocal: 1 / x, in floatx for integers."""
    x = _f(x)
    return tf.math.reciprocal(x)


def abs(x):  # noqa: A001 - keras.ops' name
    """keras.ops.abs (also absolute)."""
    x = convert_to_tensor(x)
    return x if _name(x) == "bool" or _name(x).startswith("uint") else tf.math.abs(x)


absolute = abs


def negative(x):
    """keras.ops.negative."""
    return tf.math.negative(convert_to_tensor(x))


def square(x):
    """keras.ops.square: bool inputs give int32."""
    return tf.math.square(_bool_as_int(x))


def sign(x):
    """keras.ops.sign."""
    x = convert_to_tensor(x)
    if _name(x).startswith("uint"):  # 0 or 1
        return tf.cast(x > 0, x.dtype)
    return tf.math.sign(x)


def _rounding(tf_fn, doc):
    def fn(x):
        x = convert_to_tensor(x)
        name = _name(x)
        if name == "bool" or _dtypes.is_int(name):  # Keras gives integers back as floats, unchanged
            return tf.cast(x, _dtypes.floatx())
        return tf_fn(x)

    fn.__doc__ = doc
    return fn


floor = _rounding(tf.math.floor, "keras.ops.floor: integers give floats.")
ceil = _rounding(tf.math.ceil, "keras.ops.ceil: integers give floats.")


def trunc(x):
    """keras.ops.trunc: x rounded towards zero, in x's dtype."""
    x = convert_to_tensor(x)
    if not _dtypes.is_float(_name(x)):
        return x
    return tf.where(x < 0, tf.math.ceil(x), tf.math.floor(x))


def round(x, decimals=0):  # noqa: A001
    """keras.ops.round: to `decimals` digits, half to even."""
    x = convert_to_tensor(x)
    if decimals == 0:
        return x if _dtypes.is_int(_name(x)) else tf.math.round(x)
    if not _dtypes.is_float(_name(x)):
        if decimals > 0:
            return x
        factor = 10.0 ** -decimals
        return tf.cast(tf.math.round(tf.cast(x, "float32") / factor) * factor, x.dtype)
    factor = tf.constant(10.0 ** decimals, x.dtype)
    return tf.math.round(x * factor) / factor


add = _binary(tf.math.add, "keras.ops.add")
subtract = _binary(tf.math.subtract, "keras.ops.subtract")
multiply = _binary(tf.math.multiply, "keras.ops.multiply")
maximum = _binary(tf.math.maximum, "keras.ops.maximum")
minimum = _binary(tf.math.minimum, "keras.ops.minimum")
divide = _binary(tf.math.truediv, "keras.ops.divide: integers give floats.", extra=(float,))
true_divide = divide
arctan2 = _binary(tf.math.atan2, "keras.ops.arctan2", extra=(float,))
divide_no_nan = _binary(tf.math.divide_no_nan, "keras.ops.divide_no_nan", extra=(float,))


def power(x1, x2):
    """keras.ops.power."""
    x1, x2 = _promote(x1, x2)
    if _name(x1) in ("uint8", "uint16"):  # tfpp's Pow has no kernel for these: computed in int32
        return tf.cast(tf.math.pow(tf.cast(x1, "int32"), tf.cast(x2, "int32")), x1.dtype)
    return tf.math.pow(x1, x2)


def mod(x1, x2):
    """keras.ops.mod: the remainder with the divisor's sign (bool operands as int32)."""
    x1, x2 = _promote(x1, x2)
    if _name(x1) == "bool":
        x1, x2 = tf.cast(x1, "int32"), tf.cast(x2, "int32")
    return tf.math.floormod(x1, x2)


def floor_divide(x1, x2):
    """keras.ops.floor_divide."""
    x1, x2 = _promote(x1, x2)
    return tf.math.floordiv(x1, x2)


def logaddexp(x1, x2):
    """keras.ops.logaddexp: log(exp(x1) + exp(x2)), computed stably."""
    x1, x2 = _promote(x1, x2, extra=(float,))
    bigger = tf.math.maximum(x1, x2)
    return bigger + tf.math.log1p(tf.math.exp(-tf.math.abs(x1 - x2)))


def hypot(x1, x2):
    """keras.ops.hypot: sqrt(x1**2 + x2**2)."""
    x1, x2 = _promote(x1, x2, extra=(float,))
    return tf.math.sqrt(x1 * x1 + x2 * x2)


def _comparison(tf_fn, doc):
    def fn(x1, x2):
        x1, x2 = _promote(x1, x2)
        return tf_fn(x1, x2)

    fn.__doc__ = doc
    return fn


equal = _comparison(tf.math.equal, "keras.ops.equal")
not_equal = _comparison(tf.math.not_equal, "keras.ops.not_equal")
greater = _comparison(tf.math.greater, "keras.ops.greater")
greater_equal = _comparison(tf.math.greater_equal, "keras.ops.greater_equal")
less = _comparison(tf.math.less, "keras.ops.less")
less_equal = _comparison(tf.math.less_equal, "keras.ops.less_equal")


def _logical(tf_fn, doc):
    def fn(x1, x2):
        return tf_fn(convert_to_tensor(x1, "bool"), convert_to_tensor(x2, "bool"))

    fn.__doc__ = doc
    return fn


logical_and = _logical(tf.math.logical_and, "keras.ops.logical_and")
logical_or = _logical(tf.math.logical_or, "keras.ops.logical_or")
logical_xor = _logical(tf.math.logical_xor, "keras.ops.logical_xor")


def logical_not(x):
    """keras.ops.logical_not."""
    return tf.math.logical_not(convert_to_tensor(x, "bool"))


def isnan(x):
    """keras.ops.isnan: False everywhere for integers."""
    x = convert_to_tensor(x)
    return tf.math.is_nan(x) if _dtypes.is_float(_name(x)) else _filled_like(x, 0, "bool")


def isinf(x):
    """keras.ops.isinf."""
    x = convert_to_tensor(x)
    return tf.math.is_inf(x) if _dtypes.is_float(_name(x)) else _filled_like(x, 0, "bool")


def isfinite(x):
    """keras.ops.isfinite."""
    x = convert_to_tensor(x)
    return tf.math.is_finite(x) if _dtypes.is_float(_name(x)) else _filled_like(x, 1, "bool")


def isclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """keras.ops.isclose: |x1 - x2| <= atol + rtol * |x2|."""
    x1, x2 = _promote(x1, x2)
    close = tf.math.abs(x1 - x2) <= (atol + rtol * tf.math.abs(x2))
    if equal_nan and _dtypes.is_float(_name(x1)):
        close = tf.math.logical_or(close, tf.math.logical_and(tf.math.is_nan(x1), tf.math.is_nan(x2)))
    return close


def allclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """keras.ops.allclose: whether isclose holds everywhere."""
    return tf.math.reduce_all(isclose(x1, x2, rtol, atol, equal_nan))


def clip(x, x_min, x_max):
    """keras.ops.clip: bool inputs give int32."""
    x = _bool_as_int(x)
    return tf.clip_by_value(x, tf.cast(x_min, x.dtype), tf.cast(x_max, x.dtype))


def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    """keras.ops.nan_to_num: NaN to `nan`, infinities to `posinf` / `neginf` (the dtype's limits by
    default)."""
    x = convert_to_tensor(x)
    if not _dtypes.is_float(_name(x)):
        return x
    import numpy as np

    info = np.finfo(_name(x))
    x = tf.where(tf.math.is_nan(x), tf.constant(nan, x.dtype), x)
    x = tf.where(tf.math.logical_and(tf.math.is_inf(x), x > 0), tf.constant(info.max if posinf is None else posinf,
                                                                              x.dtype), x)
    return tf.where(tf.math.logical_and(tf.math.is_inf(x), x < 0), tf.constant(info.min if neginf is None else neginf,
                                                                                 x.dtype), x)


# Reductions.
def _sum_dtype(name):
    if name in ("bool", "int8", "int16"):
        return "int32"
    return "uint32" if name in ("uint8", "uint16") else name


def sum(x, axis=None, keepdims=False):  # noqa: A001
    """keras.ops.sum: small integers and bools sum as int32 (uint32 if unsigned)."""
    x = convert_to_tensor(x)
    x = tf.cast(x, _sum_dtype(_name(x)))
    return tf.math.reduce_sum(x, axis=_axes(axis), keepdims=keepdims)


def prod(x, axis=None, keepdims=False, dtype=None):
    """keras.ops.prod."""
    x = convert_to_tensor(x)
    x = tf.cast(x, _sum_dtype(_name(x)) if dtype is None else _dtypes.standardize_dtype(dtype))
    return tf.math.reduce_prod(x, axis=_axes(axis), keepdims=keepdims)


def mean(x, axis=None, keepdims=False):
    """keras.ops.mean: integer and bool inputs give floatx."""
    x = convert_to_tensor(x)
    name = _name(x)
    compute = _dtypes.result_type(name, "float32")
    result = compute if name == "bool" or _dtypes.is_int(name) else name
    return tf.cast(tf.math.reduce_mean(tf.cast(x, compute), axis=_axes(axis), keepdims=keepdims), result)


def _variance_like(tf_fn, doc):
    def fn(x, axis=None, keepdims=False):
        x = convert_to_tensor(x)
        compute = _dtypes.result_type(_name(x), "float32")
        result = _dtypes.result_type(_name(x), float)
        return tf.cast(tf_fn(tf.cast(x, compute), axis=_axes(axis), keepdims=keepdims), result)

    fn.__doc__ = doc
    return fn


var = _variance_like(tf.math.reduce_variance, "keras.ops.var")
std = _variance_like(tf.math.reduce_std, "keras.ops.std")


def _extreme(reduce_fn, combine_fn, bool_fn, what):
    def fn(x, axis=None, keepdims=False, initial=None):
        x = convert_to_tensor(x)
        is_bool = _name(x) == "bool"
        if initial is None and tf.executing_eagerly() and int(tf.size(x)) == 0:
            # Keras checks with tf.debugging.assert_greater, which raises an OpError.
            raise tf.errors.InvalidArgumentError(None, None, "Cannot compute the %s of an empty tensor." % what)
        y = (bool_fn if is_bool else reduce_fn)(x, axis=_axes(axis), keepdims=keepdims)
        if initial is not None:
            if is_bool:
                return tf.cast(combine_fn(tf.cast(y, "int32"), tf.cast(initial, "int32")), "bool")
            y = combine_fn(y, tf.cast(initial, y.dtype))
        return y

    fn.__doc__ = "keras.ops.%s" % what
    return fn


max = _extreme(tf.math.reduce_max, tf.math.maximum, tf.math.reduce_any, "max")  # noqa: A001
min = _extreme(tf.math.reduce_min, tf.math.minimum, tf.math.reduce_all, "min")  # noqa: A001
amax = max
amin = min


def all(x, axis=None, keepdims=False):  # noqa: A001
    """keras.ops.all."""
    return tf.math.reduce_all(convert_to_tensor(x, "bool"), axis=_axes(axis), keepdims=keepdims)


def any(x, axis=None, keepdims=False):  # noqa: A001
    """keras.ops.any."""
    return tf.math.reduce_any(convert_to_tensor(x, "bool"), axis=_axes(axis), keepdims=keepdims)


def _arg_extreme(tf_fn, doc):
    def fn(x, axis=None, keepdims=False):
        x = convert_to_tensor(x)
        if _name(x) == "bool":
            x = tf.cast(x, "int32")
        flat = tf.reshape(x, [-1]) if axis is None else x
        y = tf_fn(flat, axis=0 if axis is None else axis, output_type="int32")
        if keepdims:
            if axis is None:
                return tf.reshape(y, [1] * len(x.shape))
            return tf.expand_dims(y, axis)
        return y

    fn.__doc__ = doc
    return fn


argmax = _arg_extreme(tf.math.argmax, "keras.ops.argmax: int32 indices, of the flattened x when axis is None.")
argmin = _arg_extreme(tf.math.argmin, "keras.ops.argmin: int32 indices, of the flattened x when axis is None.")


def _cumulative(tf_fn, doc):
    def fn(x, axis=None, dtype=None):
        x = convert_to_tensor(x, dtype=dtype)
        if _name(x) == "bool":
            x = tf.cast(x, "int32")
        if axis is None:
            x, axis = tf.reshape(x, [-1]), 0
        return tf_fn(x, axis=axis)

    fn.__doc__ = doc
    return fn


cumsum = _cumulative(tf.math.cumsum, "keras.ops.cumsum: of the flattened x when axis is None.")
cumprod = _cumulative(tf.math.cumprod, "keras.ops.cumprod: of the flattened x when axis is None.")


def count_nonzero(x, axis=None):
    """keras.ops.count_nonzero: int32 counts."""
    x = convert_to_tensor(x)
    return tf.cast(tf.math.count_nonzero(x, axis=_axes(axis)), "int32")


def average(x, axis=None, weights=None):
    """keras.ops.average: the mean, weighted along `axis` by `weights` when given."""
    if weights is None:
        x = convert_to_tensor(x)
        dtype = _dtypes.result_type(_name(x), float)
        return tf.math.reduce_mean(tf.cast(x, dtype), axis=axis)
    x, weights = _promote(x, weights, extra=(float,))
    if len(weights.shape) == 1 and len(x.shape) > 1 and axis is not None:
        shape = [1] * len(x.shape)
        shape[axis] = -1
        weights = tf.reshape(weights, shape)
    return tf.math.reduce_sum(x * weights, axis=axis) / tf.math.reduce_sum(weights * tf.ones_like(x), axis=axis)


def ptp(x, axis=None, keepdims=False):
    """keras.ops.ptp: max - min."""
    x = convert_to_tensor(x)
    return tf.math.reduce_max(x, axis=_axes(axis), keepdims=keepdims) - tf.math.reduce_min(
        x, axis=_axes(axis), keepdims=keepdims)


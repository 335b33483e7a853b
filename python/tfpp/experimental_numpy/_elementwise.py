"""tf.experimental.numpy's elementwise functions: arithmetic in NumPy's promoted dtype (bools as
logical or/and), transcendental functions in float64 for non-float inputs, comparisons, logical and
bitwise functions, and the float classifications."""

import numbers

import numpy as np

import tfpp as tf

from ._dtype_rules import array, asarray, default_float, is_inexact, promote, result_type


def _binary(fn, x1, x2):
    x1, x2 = promote(x1, x2)
    return fn(x1, x2)


def _unary(fn, x, to_float=False):
    x = asarray(x)
    if to_float and not is_inexact(x.dtype):
        x = tf.cast(x, default_float())
    return fn(x)


def _bool_as(fn, bool_fn):
    # NumPy's + and * of bools are `or` and `and`.
    return lambda x1, x2: bool_fn(x1, x2) if x1.dtype == tf.bool else fn(x1, x2)


def _bool_as_int8(fn):
    def on_ints(x1, x2):
        if x1.dtype == tf.bool:
            x1, x2 = tf.cast(x1, tf.int8), tf.cast(x2, tf.int8)
        return fn(x1, x2)

    return on_ints


def add(x1, x2):
    """tnp.add"""
    return _binary(_bool_as(tf.math.add, tf.math.logical_or), x1, x2)


def subtract(x1, x2):
    """tnp.subtract"""
    return _binary(tf.math.subtract, x1, x2)


def multiply(x1, x2):
    """tnp.multiply"""
    return _binary(_bool_as(tf.math.multiply, tf.math.logical_and), x1, x2)


def true_divide(x1, x2):
    """tnp.true_divide: float64 for integers."""
    def divide_floats(x1, x2):
        if x1.dtype == tf.bool:
            x1, x2 = tf.cast(x1, default_float()), tf.cast(x2, default_float())
        return tf.math.truediv(x1, x2)

    return _binary(divide_floats, x1, x2)


def divide(x1, x2):
    """tnp.divide: true_divide."""
    return true_divide(x1, x2)


def floor_divide(x1, x2):
    """tnp.floor_divide"""
    return _binary(_bool_as_int8(tf.math.floordiv), x1, x2)


def mod(x1, x2):
    """tnp.mod: the remainder with the divisor's sign."""
    return _binary(_bool_as_int8(tf.math.floormod), x1, x2)


def remainder(x1, x2):
    """tnp.remainder: mod."""
    return mod(x1, x2)


def divmod(x1, x2):  # noqa: A001
    """tnp.divmod"""
    return floor_divide(x1, x2), mod(x1, x2)


def power(x1, x2):
    """tnp.power"""
    return _binary(tf.math.pow, x1, x2)


def float_power(x1, x2):
    """tnp.float_power: power."""
    return power(x1, x2)


def maximum(x1, x2):
    """tnp.maximum"""
    if (isinstance(x2, numbers.Real) and not isinstance(x2, bool) and x2 == 0 and isinstance(x1, tf.Tensor)
            and x1.dtype != tf.bool):
        return tf.nn.relu(x1)
    return _binary(_bool_as(tf.math.maximum, tf.math.logical_or), x1, x2)


def minimum(x1, x2):
    """tnp.minimum"""
    return _binary(_bool_as(tf.math.minimum, tf.math.logical_and), x1, x2)


def clip(a, a_min, a_max):
    """tnp.clip: one of a_min and a_max may be None."""
    if a_min is None and a_max is None:
        raise ValueError("Not more than one of `a_min` and `a_max` may be `None`.")
    if a_min is None:
        return minimum(a, a_max)
    if a_max is None:
        return maximum(a, a_min)
    a, a_min, a_max = promote(a, a_min, a_max)
    common = tf.broadcast_dynamic_shape(tf.broadcast_dynamic_shape(tf.shape(a), tf.shape(a_min)), tf.shape(a_max))
    return tf.clip_by_value(*(tf.broadcast_to(t, common) for t in (a, a_min, a_max)))


def arctan2(x1, x2):
    """tnp.arctan2"""
    return _binary(tf.math.atan2, x1, x2)


def nextafter(x1, x2):
    """tnp.nextafter"""
    return _binary(tf.math.nextafter, x1, x2)


def heaviside(x1, x2):
    """tnp.heaviside: 0 below zero, x2 at zero, 1 above; float64 for integers."""
    def step(x1, x2):
        return tf.where(x1 < 0, tf.constant(0, x2.dtype), tf.where(x1 > 0, tf.constant(1, x2.dtype), x2))

    y = _binary(step, x1, x2)
    return y if is_inexact(y.dtype) else tf.cast(y, default_float())


def hypot(x1, x2):
    """tnp.hypot: of tensors of one dtype (the sum is TensorFlow's + operator)."""
    return sqrt(square(x1) + square(x2))


def _over(y, number):
    # y / number in y's dtype.
    return y / tf.constant(number, y.dtype)


def logaddexp(x1, x2):
    """tnp.logaddexp: of tensors of one dtype."""
    amax, delta = maximum(x1, x2), x1 - x2
    return tf.where(isnan(delta), x1 + x2, amax + log1p(exp(-abs(delta))))


def logaddexp2(x1, x2):
    """tnp.logaddexp2: of tensors of one dtype."""
    amax, delta = maximum(x1, x2), x1 - x2
    return tf.where(isnan(delta), x1 + x2, amax + _over(log1p(exp2(-abs(delta))), np.log(2)))


def _gcd(x1, x2):
    if not x1.dtype.is_integer or not x2.dtype.is_integer:
        raise ValueError("Arguments to gcd must be integers.")
    common = tf.broadcast_dynamic_shape(tf.shape(x1), tf.shape(x2))
    x1, x2 = tf.math.abs(tf.broadcast_to(x1, common)), tf.math.abs(tf.broadcast_to(x2, common))

    def euclid_step(x1, x2):
        nonzero = x2 != 0
        x1, x2 = (tf.where(nonzero, x2, x1),
                  tf.where(nonzero, tf.math.floormod(x1, tf.where(nonzero, x2, tf.ones_like(x2))), tf.zeros_like(x2)))
        return tf.where(x1 < x2, x2, x1), tf.where(x1 < x2, x1, x2)

    value, _ = tf.while_loop(lambda _, x2: tf.math.reduce_any(x2 != 0), euclid_step, (x1, x2))
    return value


def gcd(x1, x2):
    """tnp.gcd: of integers."""
    return _binary(_gcd, x1, x2)


def lcm(x1, x2):
    """tnp.lcm: of integers."""
    def least_multiple(x1, x2):
        d = _gcd(x1, x2)
        d_safe = tf.where(tf.equal(d, 0), tf.ones_like(d), d)
        return tf.where(tf.equal(d, 0), tf.zeros_like(d), tf.math.abs(x1) * tf.math.floordiv(tf.math.abs(x2), d_safe))

    return _binary(least_multiple, x1, x2)


def _bitwise(fn):
    def on_ints(x1, x2):
        is_bool = x1.dtype == tf.bool
        if is_bool:
            x1, x2 = tf.cast(x1, tf.int8), tf.cast(x2, tf.int8)
        result = fn(x1, x2)
        return tf.cast(result, tf.bool) if is_bool else result

    return on_ints


def bitwise_and(x1, x2):
    """tnp.bitwise_and"""
    return _binary(_bitwise(tf.bitwise.bitwise_and), x1, x2)


def bitwise_or(x1, x2):
    """tnp.bitwise_or"""
    return _binary(_bitwise(tf.bitwise.bitwise_or), x1, x2)


def bitwise_xor(x1, x2):
    """tnp.bitwise_xor"""
    return _binary(_bitwise(tf.bitwise.bitwise_xor), x1, x2)


def bitwise_not(x):
    """tnp.bitwise_not: logical not of bools."""
    return _unary(lambda x: tf.math.logical_not(x) if x.dtype == tf.bool else tf.bitwise.invert(x), x)


def _comparison(fn, x1, x2, bool_as_int=False):
    dtype = result_type(x1, x2)
    x1, x2 = array(x1, dtype=dtype), array(x2, dtype=dtype)
    if bool_as_int and x1.dtype == tf.bool:
        x1, x2 = tf.cast(x1, tf.int32), tf.cast(x2, tf.int32)
    return fn(x1, x2)


def equal(x1, x2):
    """tnp.equal"""
    return _comparison(tf.math.equal, x1, x2)


def not_equal(x1, x2):
    """tnp.not_equal"""
    return _comparison(tf.math.not_equal, x1, x2)


def greater(x1, x2):
    """tnp.greater"""
    return _comparison(tf.math.greater, x1, x2, True)


def greater_equal(x1, x2):
    """tnp.greater_equal"""
    return _comparison(tf.math.greater_equal, x1, x2, True)


def less(x1, x2):
    """tnp.less"""
    return _comparison(tf.math.less, x1, x2, True)


def less_equal(x1, x2):
    """tnp.less_equal"""
    return _comparison(tf.math.less_equal, x1, x2, True)


def array_equal(a1, a2):
    """tnp.array_equal: same shape and elements."""
    def same(x1, x2):
        if x1.shape.as_list() != x2.shape.as_list():
            return tf.constant(False)
        return tf.math.reduce_all(tf.math.equal(x1, x2))

    return _comparison(same, a1, a2)


def _logical(fn, x1, x2):
    return fn(array(x1, dtype=np.bool_), array(x2, dtype=np.bool_))


def logical_and(x1, x2):
    """tnp.logical_and"""
    return _logical(tf.math.logical_and, x1, x2)


def logical_or(x1, x2):
    """tnp.logical_or"""
    return _logical(tf.math.logical_or, x1, x2)


def logical_xor(x1, x2):
    """tnp.logical_xor"""
    return _logical(tf.math.logical_xor, x1, x2)


def logical_not(x):
    """tnp.logical_not"""
    return tf.math.logical_not(array(x, dtype=np.bool_))


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """tnp.isclose: |a - b| <= atol + rtol * |b|."""
    def close(a, b):
        if not is_inexact(a.dtype):
            return a == b
        rtol_, atol_ = tf.constant(rtol, a.dtype.real_dtype), tf.constant(atol, a.dtype.real_dtype)
        result = tf.math.abs(a - b) <= atol_ + rtol_ * tf.math.abs(b)
        if equal_nan:
            result = result | (tf.math.is_nan(a) & tf.math.is_nan(b))
        return result

    return _binary(close, a, b)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """tnp.allclose"""
    return tf.math.reduce_all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


def _float_unary(name, fn):
    def unary(x):
        return _unary(fn, x, True)

    unary.__name__ = unary.__qualname__ = name
    unary.__doc__ = "tnp.%s: float64 for integers." % name
    return unary


def _same_type_unary(name, fn):
    def unary(x):
        return _unary(fn, x)

    unary.__name__ = unary.__qualname__ = name
    unary.__doc__ = "tnp.%s" % name
    return unary


log, exp, sqrt = _float_unary("log", tf.math.log), _float_unary("exp", tf.math.exp), _float_unary("sqrt", tf.math.sqrt)
ceil, floor = _float_unary("ceil", tf.math.ceil), _float_unary("floor", tf.math.floor)
sin, cos, tan = _float_unary("sin", tf.math.sin), _float_unary("cos", tf.math.cos), _float_unary("tan", tf.math.tan)
sinh, cosh = _float_unary("sinh", tf.math.sinh), _float_unary("cosh", tf.math.cosh)
tanh = _float_unary("tanh", tf.math.tanh)
arcsin, arccos = _float_unary("arcsin", tf.math.asin), _float_unary("arccos", tf.math.acos)
arctan, arcsinh = _float_unary("arctan", tf.math.atan), _float_unary("arcsinh", tf.math.asinh)
arccosh, arctanh = _float_unary("arccosh", tf.math.acosh), _float_unary("arctanh", tf.math.atanh)
expm1, log1p = _float_unary("expm1", tf.math.expm1), _float_unary("log1p", tf.math.log1p)
isnan, isfinite = _float_unary("isnan", tf.math.is_nan), _float_unary("isfinite", tf.math.is_finite)
deg2rad = _float_unary("deg2rad", lambda x: x * (np.pi / 180.0))
exp2 = _float_unary("exp2", lambda x: 2 ** x)
fix = _float_unary("fix", lambda x: tf.where(x < 0, tf.math.ceil(x), tf.math.floor(x)))
cbrt = _float_unary("cbrt", lambda x: tf.where(x < 0, -(tf.math.abs(x) ** (1.0 / 3)), tf.math.abs(x) ** (1.0 / 3)))
sinc = _float_unary("sinc", lambda x: tf.where(x == 0, tf.ones_like(x), tf.math.sin(x * np.pi) / (x * np.pi)))

abs = _same_type_unary("abs", tf.math.abs)  # noqa: A001
negative = _same_type_unary("negative", tf.math.negative)
reciprocal = _same_type_unary("reciprocal", tf.math.reciprocal)
conj, conjugate = _same_type_unary("conj", tf.math.conj), _same_type_unary("conjugate", tf.math.conj)
square = _same_type_unary("square", tf.math.square)
positive = _same_type_unary("positive", lambda x: x)
signbit = _same_type_unary("signbit", lambda x: tf.fill(tf.shape(x), False) if x.dtype == tf.bool else x < 0)


def absolute(x):
    """tnp.absolute: abs."""
    return abs(x)


def fabs(x):
    """tnp.fabs: abs."""
    return abs(x)


def rad2deg(x):
    """tnp.rad2deg"""
    return multiply(x, 180.0 / np.pi)


def log2(x):
    """tnp.log2"""
    return _over(log(x), np.log(2))


def log10(x):
    """tnp.log10"""
    return _over(log(x), np.log(10))


def sign(x, out=None, where=None, **kwargs):
    """tnp.sign: out, where and other NumPy arguments are not supported."""
    if out:
        raise ValueError("tf.numpy doesnt support setting out.")
    if where:
        raise ValueError("tf.numpy doesnt support setting where.")
    if kwargs:
        raise ValueError("tf.numpy doesnt support setting {}".format(kwargs.keys()))
    return tf.math.sign(asarray(x))


def isinf(x):
    """tnp.isinf: False for a non-float tensor."""
    if x.dtype.is_floating:
        return _unary(tf.math.is_inf, x, True)
    return False


def isposinf(x):
    """tnp.isposinf: False for a non-float tensor."""
    if x.dtype.is_floating:
        return x == tf.fill(tf.shape(x), tf.constant(np.inf, x.dtype))
    return False


def isneginf(x):
    """tnp.isneginf: False for a non-float tensor."""
    if x.dtype.is_floating:
        return x == tf.fill(tf.shape(x), tf.constant(-np.inf, x.dtype))
    return False


def real(val):
    """tnp.real"""
    return tf.math.real(asarray(val))


def imag(val):
    """tnp.imag"""
    return tf.math.imag(asarray(val))


def iscomplex(x):
    """tnp.iscomplex: elementwise nonzero imaginary part."""
    return imag(x) != 0


def isreal(x):
    """tnp.isreal: elementwise zero imaginary part."""
    return imag(x) == 0


def iscomplexobj(x):
    """tnp.iscomplexobj: whether x's dtype is complex."""
    return array(x).dtype.is_complex


def isrealobj(x):
    """tnp.isrealobj"""
    return not iscomplexobj(x)


def around(a, decimals=0):
    """tnp.around: half to even at 10**-decimals, in a's dtype."""
    a = asarray(a)
    dtype = a.dtype
    work = dtype if is_inexact(dtype) else default_float()
    factor = tf.cast(10.0 ** decimals, work)  # through a float32 tensor, as TensorFlow converts the number
    return tf.cast(tf.math.divide(tf.math.round(tf.math.multiply(tf.cast(a, work), factor)), factor), dtype)


def round(a, decimals=0):  # noqa: A001
    """tnp.round: around."""
    return around(a, decimals=decimals)


def angle(z, deg=False):
    """tnp.angle: pi (a float32) for negative reals, in degrees when deg is set."""
    def phase(x):
        if x.dtype.is_floating:
            return tf.where(x < 0, np.pi, 0)
        return tf.math.angle(x)

    y = _unary(phase, z, True)
    return rad2deg(y) if deg else y


def diff(a, n=1, axis=-1):
    """tnp.diff: the n-th difference along axis (not_equal for bools)."""
    a = asarray(a)
    rank = a.shape.rank
    if (axis + rank if axis < 0 else axis) >= rank:
        raise ValueError(f"Argument `axis` (received axis={axis}) is out of bounds for input {a} of rank {rank}.")
    if n < 0:
        raise ValueError(f"Argument `order` must be a non-negative integer. Received: axis={n}")
    later, earlier = [slice(None)] * rank, [slice(None)] * rank
    later[axis], earlier[axis] = slice(1, None), slice(None, -1)
    op = tf.math.not_equal if a.dtype == tf.bool else tf.math.subtract
    for _ in range(n):
        a = op(a[tuple(later)], a[tuple(earlier)])
    return a

"""keras.ops' integer and miscellaneous NumPy-style functions: bitwise operations and shifts, gcd /
lcm, ldexp, nextafter, i0, indexing with get_item, distances and correlation coefficients,
complex views, and the FFTs (Keras passes complex values as (real, imag) pairs)."""

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import convert_to_tensor, dtype_name as _name, promote as _promote, to_float as _f


def _bitwise(tf_fn, doc):
    def fn(x, y):
        x, y = _promote(x, y)
        return tf_fn(x, y)

    fn.__doc__ = doc
    return fn


bitwise_and = _bitwise(lambda x, y: tf.bitwise.bitwise_and(x, y), "keras.ops.bitwise_and")
bitwise_or = _bitwise(lambda x, y: tf.bitwise.bitwise_or(x, y), "keras.ops.bitwise_or")
bitwise_xor = _bitwise(lambda x, y: tf.bitwise.bitwise_xor(x, y), "keras.ops.bitwise_xor")
bitwise_left_shift = _bitwise(lambda x, y: tf.bitwise.left_shift(x, y), "keras.ops.bitwise_left_shift")
bitwise_right_shift = _bitwise(lambda x, y: tf.bitwise.right_shift(x, y), "keras.ops.bitwise_right_shift")
left_shift = bitwise_left_shift
right_shift = bitwise_right_shift


def bitwise_invert(x):
    """keras.ops.bitwise_invert (also bitwise_not): ~x."""
    return tf.bitwise.invert(convert_to_tensor(x))


bitwise_not = bitwise_invert


def gcd(x1, x2):
    """keras.ops.gcd: the greatest common divisor of integers (Euclid's algorithm, elementwise)."""
    x1, x2 = _promote(x1, x2)
    if not _dtypes.is_int(_name(x1)):
        raise TypeError("Arguments to gcd must be integers.")
    x1, x2 = x1 + tf.zeros_like(x2), x2 + tf.zeros_like(x1)  # broadcast
    if not _name(x1).startswith("uint"):
        x1, x2 = tf.math.abs(x1), tf.math.abs(x2)

    def step(a, b):
        nonzero = tf.math.not_equal(b, 0)
        safe = tf.where(nonzero, b, tf.ones_like(b))
        return tf.where(nonzero, b, a), tf.where(nonzero, tf.math.floormod(a, safe), tf.zeros_like(b))

    result, _ = tf.while_loop(lambda a, b: tf.math.reduce_any(tf.math.not_equal(b, 0)), step, (x1, x2))
    return result


def lcm(x1, x2):
    """keras.ops.lcm: the least common multiple of integers (0 when either is 0)."""
    x1, x2 = _promote(x1, x2)
    if not _dtypes.is_int(_name(x1)):
        raise TypeError("Arguments to lcm must be integers.")
    divisor = gcd(x1, x2)
    safe = tf.where(tf.math.equal(divisor, 0), tf.ones_like(divisor), divisor)
    product = tf.math.abs(x1 * x2) if not _name(x1).startswith("uint") else x1 * x2
    return tf.where(tf.math.equal(divisor, 0), tf.zeros_like(divisor), tf.math.floordiv(product, safe))


def ldexp(x1, x2):
    """keras.ops.ldexp: x1 * 2 ** x2 for an integer x2."""
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = _dtypes.result_type(_name(x1), _name(x2), float)
    if not _dtypes.is_int(_name(x2)):
        raise TypeError("ldexp exponent must be an integer type. Received: x2 dtype=%s" % _name(x2))
    x1 = tf.cast(x1, dtype)
    result = x1 * tf.math.pow(tf.constant(2.0, dtype), tf.cast(x2, dtype))
    return tf.where(tf.math.logical_or(tf.math.is_inf(x1), tf.math.equal(x1, 0)), x1, result)


def nextafter(x1, x2):
    """keras.ops.nextafter: the next representable float after x1 towards x2."""
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = _dtypes.result_type(_name(x1), _name(x2), float)
    if dtype not in ("float32", "float64"):
        dtype = "float32"
    return tf.math.nextafter(tf.cast(x1, dtype), tf.cast(x2, dtype))


def i0(x):
    """keras.ops.i0: the modified Bessel function of order 0."""
    return tf.math.bessel_i0(_f(x))


def isreal(x):
    """keras.ops.isreal: whether the imaginary part is 0 (true everywhere for reals)."""
    x = convert_to_tensor(x)
    if "complex" in _name(x):
        return tf.math.equal(tf.math.imag(x), 0)
    return tf.fill(tf.shape(x), tf.constant(True))


def get_item(x, key):
    """keras.ops.get_item: x[key]."""
    return convert_to_tensor(x)[key]


def cdist(x, y):
    """keras.ops.cdist: Euclidean distances between the rows of x and of y."""
    x, y = _promote(x, y, extra=(float,))
    difference = tf.expand_dims(x, -2) - tf.expand_dims(y, -3)
    return tf.math.sqrt(tf.math.reduce_sum(tf.math.square(difference), axis=-1))


def corrcoef(x):
    """keras.ops.corrcoef: Pearson correlation coefficients of the rows of x, clipped to [-1, 1]."""
    x = convert_to_tensor(x)
    if _name(x) in ("bool", "int8", "int16", "int32", "uint8", "uint16", "uint32"):
        x = tf.cast(x, _dtypes.floatx())
    centered = x - tf.math.reduce_mean(x, axis=-1, keepdims=True)
    samples = tf.cast(tf.shape(x)[-1], x.dtype)
    covariance = tf.linalg.matmul(centered, centered, transpose_b=True) / (samples - 1)
    deviation = tf.math.sqrt(tf.linalg.diag_part(covariance))
    return tf.clip_by_value(covariance / (tf.expand_dims(deviation, 1) * tf.expand_dims(deviation, 0)), -1.0, 1.0)


def view_as_real(x):
    """keras.ops.view_as_real: a complex tensor as a trailing (real, imag) axis."""
    x = convert_to_tensor(x)
    return tf.stack([tf.math.real(x), tf.math.imag(x)], axis=-1)


def view_as_complex(x):
    """keras.ops.view_as_complex: a trailing (real, imag) axis of size 2 as complex values."""
    x = convert_to_tensor(x)
    if x.shape[-1] != 2:
        raise ValueError("Last dimension of input must be size 2 (real and imaginary). Received shape: %s"
                         % (tuple(x.shape),))
    return tf.complex(x[..., 0], x[..., 1])


def _complex_pair(x):
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise ValueError("Input `x` should be a tuple of two tensors - real and imaginary. Received: x=%s" % (x,))
    real, imag = convert_to_tensor(x[0]), convert_to_tensor(x[1])
    if not _dtypes.is_float(_name(real)) or not _dtypes.is_float(_name(imag)):
        raise ValueError("At least one tensor in input `x` is not of type float.Received: x=%s." % (x,))
    if tuple(real.shape) != tuple(imag.shape):
        raise ValueError("Input `x` should be a tuple of two tensors - real and imaginary. Both the real and "
                         "imaginary parts should have the same shape. Received: x[0].shape = %s, x[1].shape = %s"
                         % (tuple(real.shape), tuple(imag.shape)))
    return tf.complex(real, imag)


def _parts(z):
    return tf.math.real(z), tf.math.imag(z)


def fft(x):
    """keras.ops.fft: the FFT over the last axis of (real, imag)."""
    return _parts(tf.signal.fft(_complex_pair(x)))


def fft2(x):
    """keras.ops.fft2: the 2-D FFT over the last two axes of (real, imag)."""
    return _parts(tf.signal.fft2d(_complex_pair(x)))


def ifft2(x):
    """keras.ops.ifft2: the inverse 2-D FFT of (real, imag)."""
    return _parts(tf.signal.ifft2d(_complex_pair(x)))


def rfft(x, fft_length=None):
    """keras.ops.rfft: (real, imag) of the real FFT over the last axis."""
    x = convert_to_tensor(x)
    lengths = None if fft_length is None else [fft_length]
    return _parts(tf.signal.rfft(x, fft_length=lengths))


def irfft(x, fft_length=None):
    """keras.ops.irfft: the real inverse of an rfft's (real, imag)."""
    lengths = None if fft_length is None else [fft_length]
    return tf.signal.irfft(_complex_pair(x), fft_length=lengths)

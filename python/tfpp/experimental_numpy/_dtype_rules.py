"""tf.experimental.numpy's dtype rules: NumPy's type promotion (np.result_type over the arguments'
dtypes, Python numbers counted as weak), float64 as the default float, and conversion of array-likes
to tensors under those rules."""

import numbers

import numpy as np

import tfpp as tf


def tf_dtype(np_dtype):
    """The tf.DType of a NumPy dtype or type."""
    return tf.as_dtype(np.dtype(np_dtype).name)


def np_dtype(dtype):
    """The NumPy dtype of a tf.DType, NumPy dtype, Python type or name."""
    if isinstance(dtype, tf.DType):
        return np.dtype(dtype.as_numpy_dtype)
    return np.dtype(dtype)


_prefer_float32 = False


def set_prefer_float32(prefer):
    """Whether Python floats (and complex numbers) count as float32 (complex64) instead of weak numbers."""
    global _prefer_float32
    _prefer_float32 = prefer


def _dtype_or_value(x):
    # NumPy decides on numbers and ndarrays itself (numbers are weak); tensors and tf.DTypes give their dtype.
    if _prefer_float32 and isinstance(x, (float, complex)):
        return np.float32(x) if isinstance(x, float) else np.complex64(x)
    if isinstance(x, numbers.Real):
        return x
    if tf.is_tensor(x):
        return np_dtype(x.dtype)
    if isinstance(x, tf.DType):
        return np_dtype(x)
    return x


def result_type(*arrays_and_dtypes):
    """The tf.DType NumPy's promotion gives for these arrays, numbers and dtypes (nested lists flattened)."""
    flat = [_dtype_or_value(x) for x in tf.nest.flatten(list(arrays_and_dtypes))]
    if not flat:
        flat = [np.asarray([])]
    return tf_dtype(np.result_type(*flat))


def promote_types(type1, type2):
    """NumPy's promotion of two dtypes, as a NumPy dtype."""
    return np.promote_types(np_dtype(type1), np_dtype(type2))


def default_float():
    """float64: tf.experimental.numpy's float for Python floats and float results of integers."""
    return tf.float64


def is_inexact(dtype):
    """Whether a tf.DType is a floating or complex type."""
    return dtype.is_floating or dtype.is_complex


def _to_tensor(value):
    # NumPy converts numbers and nested lists of them (float64 for floats); lists holding tensors are packed.
    if any(tf.is_tensor(x) for x in tf.nest.flatten(value)):
        return tf.convert_to_tensor(value)
    return tf.constant(np.asarray(value))


def array(val, dtype=None, copy=True, ndmin=0):
    """tnp.array: val as a tensor of dtype (NumPy's dtype of val by default), with at least ndmin dimensions."""
    if dtype:
        dtype = result_type(dtype)
    if isinstance(val, (str, bytes)):
        val = tf.constant(val)
    elif not tf.is_tensor(val):
        val = tf.cast(_to_tensor(val), dtype or result_type(val))
    elif dtype:
        val = tf.cast(val, dtype)
    else:
        val = tf.convert_to_tensor(val)
    if copy:
        val = tf.identity(val)
    if ndmin > 32:
        raise ValueError("ndmin bigger than allowable number of dimensions: 32.")
    rank = val.shape.rank
    if ndmin > rank:
        val = tf.reshape(val, [1] * (ndmin - rank) + val.shape.as_list())
    return val


def asarray(a, dtype=None):
    """tnp.asarray: a itself when it already is a tensor of dtype."""
    if dtype:
        dtype = result_type(dtype)
    if isinstance(a, tf.Tensor) and (not dtype or dtype == a.dtype):
        return a
    return array(a, dtype, copy=False)


def promote(*arrays):
    """The arrays as tensors of their NumPy-promoted dtype."""
    dtype = result_type(*arrays)
    return [asarray(a, dtype) for a in arrays]

"""tf.experimental.numpy.random: NumPy's sampling functions over tf.random's global generator
(float64 samples, int64 integers)."""

import numpy as np

import tfpp as tf

from ._dtype_rules import asarray, default_float, result_type


def _shape(size):
    if size is None:
        return ()
    return (size,) if isinstance(size, int) or (tf.is_tensor(size) and size.shape.rank == 0) else size


def seed(s):
    """tnp.random.seed: tf.random.set_seed of an integer."""
    try:
        s = int(s)
    except TypeError:
        raise ValueError(f"Argument `s` got an invalid value {s}. Only integers are supported.") from None
    tf.random.set_seed(s)


def standard_normal(size=None):
    """tnp.random.standard_normal"""
    return tf.random.normal(_shape(size), dtype=default_float())


def randn(*args):
    """tnp.random.randn: standard_normal of shape args."""
    return standard_normal(size=args)


def uniform(low=0.0, high=1.0, size=None):
    """tnp.random.uniform: in [low, high), of low and high's broadcast shape by default."""
    low, high = asarray(low, dtype=default_float()), asarray(high, dtype=default_float())
    if size is None:
        size = np.broadcast_shapes(tuple(low.shape.as_list()), tuple(high.shape.as_list()))
    # As TensorFlow's random_uniform scales a [0, 1) sample by tensor bounds.
    return tf.random.uniform(size, dtype=default_float()) * (high - low) + low


def random(size=None):
    """tnp.random.random: uniform in [0, 1)."""
    return uniform(0.0, 1.0, size)


def rand(*size):
    """tnp.random.rand: uniform in [0, 1) of shape size."""
    return uniform(0.0, 1.0, size)


def randint(low, high=None, size=None, dtype=np.int64):
    """tnp.random.randint: integers in [low, high), or [0, low) without high; int32 or int64."""
    low = int(low)
    if high is None:
        low, high = 0, low
    if size is None:
        size = ()
    elif isinstance(size, int):
        size = (size,)
    dtype_orig, dtype = dtype, result_type(dtype)
    if dtype not in (tf.int32, tf.int64):
        raise ValueError(f"Argument `dtype` got an invalid value {dtype_orig}. Only those convertible to "
                         f"{(np.int32, np.int64)} are supported.")
    return tf.random.uniform(size, minval=low, maxval=high, dtype=dtype)


def poisson(lam=1.0, size=None):
    """tnp.random.poisson: int64 counts."""
    return tf.random.poisson(_shape(size), lam, dtype=tf.int64)

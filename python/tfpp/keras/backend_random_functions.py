"""tf.keras.backend's random tensors and variables (Keras 3's legacy backend): the tf.random op
each names, in floatx unless a dtype is given, with a seed drawn from NumPy's global generator when
none is given (so np.random.seed makes them repeatable, as in Keras)."""

import numpy as _np

from .backend_tensor_functions import variable
from .config import floatx as _floatx


def _tf():
    import tfpp
    return tfpp


def _seed(seed, high=10e6):
    return _np.random.randint(high) if seed is None else seed


def random_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """Uniform values in [minval, maxval)."""
    return _tf().random.uniform(shape, minval=minval, maxval=maxval, dtype=dtype or _floatx(), seed=_seed(seed))


def random_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Normally distributed values."""
    return _tf().random.normal(shape, mean=mean, stddev=stddev, dtype=dtype or _floatx(), seed=_seed(seed))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Normal values redrawn until within two standard deviations of the mean."""
    return _tf().random.truncated_normal(shape, mean, stddev, dtype=dtype or _floatx(), seed=_seed(seed))


def random_bernoulli(shape, p=0.0, dtype=None, seed=None):
    """Ones with probability p, else zeros: a uniform draw compared with p."""
    tf = _tf()
    dtype = dtype or _floatx()
    return tf.where(tf.random.uniform(shape, dtype=dtype, seed=_seed(seed)) <= p, tf.ones(shape, dtype=dtype),
                    tf.zeros(shape, dtype=dtype))


def random_normal_variable(shape, mean, scale, dtype=None, name=None, seed=None):
    """A variable of normally distributed values (TensorFlow 1's random_normal_initializer draws
    them with the stateful tf.random.normal op)."""
    dtype = dtype or _floatx()
    value = _tf().random.normal(shape, mean, scale, dtype=_tf().as_dtype(dtype), seed=_seed(seed, 10e8))
    return variable(value, dtype=dtype, name=name)


def random_uniform_variable(shape, low, high, dtype=None, name=None, seed=None):
    """A variable of uniform values in [low, high) (TensorFlow 1's random_uniform_initializer draws
    them with the stateful tf.random.uniform op)."""
    dtype = dtype or _floatx()
    value = _tf().random.uniform(shape, low, high, dtype=_tf().as_dtype(dtype), seed=_seed(seed, 10e8))
    return variable(value, dtype=dtype, name=name)

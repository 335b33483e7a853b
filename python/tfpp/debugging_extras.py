"""tf.debugging.assert_proper_iterable: a check made in Python, as TensorFlow's."""

import collections.abc

import numpy as np

from . import _tfpp


def assert_proper_iterable(values):
    """Raises TypeError unless `values` is iterable and not a string, bytes, tensor or array
    (which iterate, but not as a list of values to check)."""
    unintentional = (_tfpp.Tensor, np.ndarray, bytes, str)
    if isinstance(values, unintentional):
        raise TypeError('Expected argument "values" to be a "proper" iterable.  Found: %s' % type(values))
    if not isinstance(values, collections.abc.Iterable):
        raise TypeError('Expected argument "values" to be iterable.  Found: %s' % type(values))

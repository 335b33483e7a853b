"""tf.test: what a TensorFlow test or script asks of the build (no GPU, no CUDA here), a TestCase
with TensorFlow's array assertions, over unittest, and compute_gradient."""

import unittest

import numpy as np

from . import _tfpp, nest
from .gradient_checker import compute_gradient  # noqa: F401 - tf.test.compute_gradient


def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    """False: tfpp runs on the CPU."""
    return False


def gpu_device_name():
    """'' (no GPU)."""
    return ""


def is_built_with_cuda():
    """False."""
    return False


def is_built_with_rocm():
    """False."""
    return False


def is_built_with_gpu_support():
    """False."""
    return False


def is_built_with_xla():
    """False."""
    return False


def _numpy(value):
    if isinstance(value, (_tfpp.Tensor, _tfpp.Variable)):
        return value.numpy()
    return np.asarray(value)


class TestCase(unittest.TestCase):
    """unittest.TestCase with TensorFlow's helpers: evaluate and the assertAll* comparisons."""

    def evaluate(self, tensors):
        """The values of a structure of tensors, as NumPy."""
        return nest.map_structure(_numpy, tensors)

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):  # noqa: N802 - TensorFlow's name
        np.testing.assert_allclose(_numpy(a), _numpy(b), rtol=rtol, atol=atol, err_msg=msg or "")

    def assertAllEqual(self, a, b, msg=None):  # noqa: N802
        a, b = _numpy(a), _numpy(b)
        self.assertEqual(a.shape, b.shape, msg)
        np.testing.assert_array_equal(a, b, err_msg=msg or "")

    def assertNotAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):  # noqa: N802
        if np.allclose(_numpy(a), _numpy(b), rtol=rtol, atol=atol):
            self.fail(msg or "The two values are close at all elements")

    def assertAllGreater(self, a, comparison_target):  # noqa: N802
        self.assertTrue(np.all(_numpy(a) > comparison_target))

    def assertAllLess(self, a, comparison_target):  # noqa: N802
        self.assertTrue(np.all(_numpy(a) < comparison_target))

    def assertAllInRange(self, target, lower_bound, upper_bound):  # noqa: N802
        values = _numpy(target)
        self.assertTrue(np.all((values >= lower_bound) & (values <= upper_bound)))

    def assertShapeEqual(self, expected, actual):  # noqa: N802
        self.assertEqual(list(_numpy(expected).shape), list(actual.shape))

    def assertDTypeEqual(self, target, expected_dtype):  # noqa: N802
        self.assertEqual(_numpy(target).dtype, np.dtype(expected_dtype))


main = unittest.main

"""TensorFlow 2's core initializers (tf.zeros_initializer, tf.ones_initializer,
tf.constant_initializer, tf.random_normal_initializer, tf.random_uniform_initializer): callables
(shape, dtype) -> tensor, seeded ones drawing TensorFlow's stateless streams with seed [seed, 0]
so that they give TensorFlow's values."""

from . import _tfpp

_random = _tfpp.random


def _dtype(dtype):
    return _tfpp.TensorSpec([], dtype).dtype


class Initializer:
    """Base of the initializers: __call__(shape, dtype) and get_config / from_config."""

    def __call__(self, shape, dtype=None, **kwargs):
        raise NotImplementedError("Initializer subclasses must implement __call__")

    def get_config(self):
        """The constructor arguments."""
        return {}

    @classmethod
    def from_config(cls, config):
        """An initializer made from get_config's result."""
        config = dict(config)
        config.pop("dtype", None)
        return cls(**config)


def _numeric_or_bool(dtype, what):
    dtype = _dtype(dtype)
    if not (dtype.is_floating or dtype.is_integer or dtype.is_complex or dtype == _tfpp.bool):
        raise ValueError("Argument `dtype` expected to be numeric or boolean. Received %s." % (dtype,))
    return dtype


def _floating(dtype):
    dtype = _dtype(dtype)
    if not dtype.is_floating:
        raise ValueError("Argument `dtype` is expected to be floating point. Received: %s." % (dtype,))
    return dtype


class Zeros(Initializer):
    """Tensors of zeros."""

    def __call__(self, shape, dtype=_tfpp.float32, **kwargs):
        return _tfpp.zeros(shape, _numeric_or_bool(dtype, "zeros"))


class Ones(Initializer):
    """Tensors of ones."""

    def __call__(self, shape, dtype=_tfpp.float32, **kwargs):
        return _tfpp.ones(shape, _numeric_or_bool(dtype, "ones"))


class Constant(Initializer):
    """Tensors of `value` (a scalar, filled in; or a list with the shape's element count)."""

    def __init__(self, value=0, support_partition=False):
        if not (isinstance(value, (int, float, complex, bool, list, tuple)) or hasattr(value, "dtype")):
            raise TypeError("Invalid type for initial value=%s of type: %s. Expected Python scalar, list or tuple of "
                            "values, or numpy.ndarray." % (value, type(value).__name__))
        self.value = value
        self.support_partition = support_partition

    def __call__(self, shape, dtype=None, **kwargs):
        dtype = None if dtype is None else _dtype(dtype)
        value = _tfpp._convert_to_tensor(self.value, dtype=dtype)
        if value.shape.rank == 0:
            return _tfpp.fill(shape, value)
        return _tfpp.reshape(value, shape)

    def get_config(self):
        return {"value": self.value}


class RandomUniform(Initializer):
    """Uniform values in [minval, maxval)."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval, self.maxval, self.seed = minval, maxval, seed

    def __call__(self, shape, dtype=_tfpp.float32, **kwargs):
        dtype = _numeric_or_bool(dtype, "uniform")
        if self.seed is not None:
            return _random.stateless_uniform(shape, [self.seed, 0], self.minval, self.maxval, dtype)
        return _random.uniform(shape, self.minval, self.maxval, dtype)

    def get_config(self):
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


class RandomNormal(Initializer):
    """Normal values of `mean` and `stddev`."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev, self.seed = mean, stddev, seed

    def __call__(self, shape, dtype=_tfpp.float32, **kwargs):
        dtype = _floating(dtype)
        if self.seed is not None:
            return _random.stateless_normal(shape, [self.seed, 0], self.mean, self.stddev, dtype)
        return _random.normal(shape, self.mean, self.stddev, dtype)

    def get_config(self):
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}

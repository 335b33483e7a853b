"""keras.random: Keras 3's random functions and SeedGenerator over tfpp's stateless random ops, seeded as
Keras seeds them on the TensorFlow backend: an int seed gives the same numbers at every call, a
SeedGenerator advances its `state` variable ([seed, counter], int64) at every draw, and no seed draws
from a global SeedGenerator (reseeded by keras.utils.set_random_seed through Python's `random`)."""

import random as _python_random

import numpy as _np

import tfpp as _tf

from .. import _tfpp
from . import config as _config
from ._ops_convert import convert_to_tensor as _convert_to_tensor

__all__ = ["SeedGenerator", "beta", "binomial", "categorical", "dropout", "gamma", "normal", "randint", "shuffle",
           "truncated_normal", "uniform"]

_SEED_DTYPE = "int64"  # Keras' random_seed_dtype() on the TensorFlow backend


def _make_default_seed():
    return _python_random.randint(1, int(1e9))


class SeedGenerator:
    """keras.random.SeedGenerator: the state of a sequence of seeds, in a variable."""

    def __init__(self, seed=None, name=None, **kwargs):
        kwargs.pop("backend", None)
        if kwargs:
            raise ValueError("Unrecognized keyword arguments: %s" % (kwargs,))
        self.name = name if name is not None else _tfpp.keras.auto_name(type(self).__name__)
        self._initial_seed = seed
        if seed is None:
            seed = _make_default_seed()
        if not isinstance(seed, int):
            raise ValueError("Argument `seed` must be an integer. Received: seed=%s" % (seed,))
        from . import Variable
        self.state = Variable(_np.array([seed, 0], dtype=_SEED_DTYPE), trainable=False, dtype=_SEED_DTYPE,
                              name="seed_generator_state")

    def next(self, ordered=True):
        """The current seed ([2] int64); advances the state (the counter, or a hash when not ordered)."""
        value = _tf.identity(self.state.value)
        if ordered:
            self.state.assign(value + _tf.constant([0, 1], dtype=_SEED_DTYPE))
        else:
            self.state.assign((value + 1) * 5387 % 933199)
        return value

    def get_config(self):
        return {"seed": self._initial_seed, "name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


_global_generator = [None]


def _global_seed_generator():
    if _global_generator[0] is None:
        _global_generator[0] = SeedGenerator()
    return _global_generator[0]


def _reset_global_seed_generator():
    """Forgets the global SeedGenerator (keras.utils.set_random_seed: the next one seeds from `random`)."""
    _global_generator[0] = None


def _draw_seed(seed):
    if isinstance(seed, SeedGenerator):
        return seed.next()
    if isinstance(seed, int) and not isinstance(seed, bool):
        return _tf.constant([seed, 0], dtype=_SEED_DTYPE)
    if seed is None:
        return _global_seed_generator().next(ordered=False)
    raise ValueError("Argument `seed` must be either an integer or an instance of `SeedGenerator`. Received: "
                     "seed=%s (of type %s)" % (seed, type(seed)))


def _seed(seed):
    # Keras' _cast_seed: an int64 seed folded into int32.
    return _tf.cast(_tf.math.floormod(_draw_seed(seed), 2**31 - 2), "int32")


def _float_dtype(dtype):
    return dtype or _config.floatx()


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Samples of a normal distribution."""
    return _tf.random.stateless_normal(shape, seed=_seed(seed), mean=mean, stddev=stddev, dtype=_float_dtype(dtype))


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """Samples of a uniform distribution over [minval, maxval)."""
    if dtype and not _tf.as_dtype(dtype).is_floating:
        raise ValueError("`keras.random.uniform` requires a floating point `dtype`. Received: dtype=%s " % (dtype,))
    dtype = _float_dtype(dtype)
    return _tf.random.stateless_uniform(shape, seed=_seed(seed), minval=_tf.cast(minval, dtype),
                                       maxval=_tf.cast(maxval, dtype), dtype=dtype)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Samples of a normal distribution, redrawn beyond two standard deviations."""
    return _tf.random.stateless_truncated_normal(shape, seed=_seed(seed), mean=mean, stddev=stddev,
                                                dtype=_float_dtype(dtype))


def categorical(logits, num_samples, dtype="int32", seed=None):
    """`num_samples` class indices per row of `logits` ([batch, classes])."""
    tensor = _convert_to_tensor(logits)
    if len(tensor.shape) != 2:
        raise ValueError("`logits` should be a 2-D tensor with shape [batch_size, num_classes]. Received: logits=%s"
                         % (logits,))
    return _tf.cast(_tf.random.stateless_categorical(tensor, num_samples, seed=_seed(seed)), dtype)


def randint(shape, minval, maxval, dtype="int32", seed=None):
    """Integers uniform over [minval, maxval)."""
    if dtype and not _tf.as_dtype(dtype).is_integer:
        raise ValueError("`keras.random.randint` requires an integer `dtype`. Received: dtype=%s " % (dtype,))
    intermediate = dtype if _tf.as_dtype(dtype).name in ("int32", "int64") else "int64"
    out = _tf.random.stateless_uniform(shape, seed=_seed(seed), minval=minval, maxval=maxval, dtype=intermediate)
    return _tf.cast(out, dtype)


def dropout(inputs, rate, noise_shape=None, seed=None):
    """`inputs` with elements zeroed with probability `rate` and the rest scaled by 1 / (1 - rate)."""
    inputs = _convert_to_tensor(inputs)
    if rate == 1.0:
        return _tf.zeros_like(inputs)
    if rate == 0.0:
        return inputs
    seed = _seed(seed)
    shape = _tf.shape(inputs)
    if noise_shape is not None:
        shape = [shape[i] if d is None else d for i, d in enumerate(noise_shape)]
    keep = _tf.random.stateless_uniform(shape, seed=seed, dtype=inputs.dtype) >= rate
    return _tf.where(keep, inputs / (1.0 - rate), _tf.zeros_like(inputs))


def shuffle(x, axis=0, seed=None):
    """`x` with its entries along `axis` in a random order."""
    x = _convert_to_tensor(x)
    indices = _tf.argsort(_tf.random.stateless_uniform([_tf.shape(x)[axis]], seed=_seed(seed)))
    return _tf.gather(x, indices, axis=axis)


def gamma(shape, alpha, dtype=None, seed=None):
    """Samples of a gamma distribution of concentration `alpha`."""
    dtype = _float_dtype(dtype)
    intermediate = "float32" if dtype == "bfloat16" else dtype
    return _tf.cast(_tf.random.stateless_gamma(shape, seed=_seed(seed), alpha=alpha, dtype=intermediate), dtype)


def binomial(shape, counts, probabilities, dtype=None, seed=None):
    """Samples of binomial distributions of `counts` trials with success probabilities `probabilities`."""
    dtype = _float_dtype(dtype)
    intermediate = "float32" if dtype == "bfloat16" else dtype
    # As tf.random.stateless_binomial converts them: probs float32 unless floating, counts in probs' dtype.
    probs = _convert_to_tensor(probabilities)
    if not probs.dtype.is_floating:
        probs = _tf.cast(probs, "float32")
    counts = _tf.cast(counts, probs.dtype)
    out = _tf.random.stateless_binomial(shape, seed=_seed(seed), counts=counts, probs=probs, output_dtype=intermediate)
    return _tf.cast(out, dtype)


def beta(shape, alpha, beta, dtype=None, seed=None):
    """Samples of a beta distribution, as gamma(alpha) / (gamma(alpha) + gamma(beta))."""
    dtype = _float_dtype(dtype)
    seed_1 = _seed(seed)
    seed_2 = seed_1 + 12
    intermediate = "float32" if dtype == "bfloat16" else dtype
    alpha = _tf.broadcast_to(_tf.convert_to_tensor(alpha, dtype=intermediate), shape)
    beta = _tf.broadcast_to(_tf.convert_to_tensor(beta, dtype=intermediate), shape)
    gamma_a = _tf.cast(_tf.random.stateless_gamma(shape, seed=seed_1, alpha=alpha, dtype=intermediate), dtype)
    gamma_b = _tf.cast(_tf.random.stateless_gamma(shape, seed=seed_2, alpha=beta, dtype=intermediate), dtype)
    return gamma_a / (gamma_a + gamma_b)

"""tf.nn.fractional_max_pool and tf.nn.fractional_avg_pool with TensorFlow 2's arguments and its checks of
pooling_ratio (max pooling takes 1, 2 or 4 values; average pooling a list of 4), and tf.compat.v1.nn's
forms (deterministic, seed and seed2 go to the op as given), over tfpp's FractionalMaxPool /
FractionalAvgPool ops, which draw TensorFlow's windows for the same seeds."""

import collections

from . import _tfpp, errors

FractionalMaxPool = collections.namedtuple("FractionalMaxPool", ["output", "row_pooling_sequence", "col_pooling_sequence"])
FractionalAvgPool = collections.namedtuple("FractionalAvgPool", ["output", "row_pooling_sequence", "col_pooling_sequence"])


def _four_ratios(pooling_ratio):
    """TensorFlow's _get_sequence(pooling_ratio, 2, 3): 1, 2 or 4 values as [1, rows, cols, 1]."""
    value = [pooling_ratio] if isinstance(pooling_ratio, (int, float)) else list(pooling_ratio)
    if len(value) == 4:
        return value
    if len(value) == 1:
        value = value * 2
    elif len(value) != 2:
        raise ValueError("pooling_ratio should be of length 1, 2 or 4. Received: pooling_ratio=%s of length %d"
                         % (value, len(value)))
    return [1] + value + [1]


def fractional_max_pool(value, pooling_ratio, pseudo_random=False, overlapping=False, seed=0, name=None):
    """Max pooling over windows of k or k + 1 rows and columns laid out at random (Graham, 2015):
    (output, row_pooling_sequence, col_pooling_sequence). seed 0 draws new windows on each call."""
    if isinstance(pooling_ratio, (list, tuple)):
        if pooling_ratio[0] != 1.0 or pooling_ratio[-1] != 1.0:
            raise ValueError("`pooling_ratio` should have first and last elements with value 1.0. "
                             "Received: pooling_ratio=%s" % (pooling_ratio,))
        if any(element < 1.0 for element in pooling_ratio):
            raise ValueError("`pooling_ratio` elements should be >= 1.0. Received: pooling_ratio=%s" % (pooling_ratio,))
    elif isinstance(pooling_ratio, (int, float)):
        if pooling_ratio < 1.0:
            raise ValueError("`pooling_ratio` should be >= 1.0. Received: pooling_ratio=%s" % (pooling_ratio,))
    else:
        raise ValueError("`pooling_ratio` should be an int or a list of ints. Received: pooling_ratio=%s" % (pooling_ratio,))
    ratios = [float(r) for r in _four_ratios(pooling_ratio)]
    return FractionalMaxPool(*_tfpp.nn._fractional_pool(True, value, ratios, pseudo_random, overlapping, seed, name))


def _op_ratios(pooling_ratio, op):
    """pooling_ratio as TensorFlow's generated op wrappers take it: a list of at least 4 values."""
    if not isinstance(pooling_ratio, (list, tuple)):
        raise TypeError("Expected list for 'pooling_ratio' argument to '%s' Op, not %s." % (op, pooling_ratio))
    if len(pooling_ratio) < 4:
        raise errors.InvalidArgumentError(
            None, None, "Length for attr 'pooling_ratio' of %d must be at least minimum 4" % len(pooling_ratio))
    return [float(r) for r in pooling_ratio]


def fractional_avg_pool(value, pooling_ratio, pseudo_random=False, overlapping=False, seed=0, name=None):
    """Average pooling over windows of k or k + 1 rows and columns laid out at random (Graham, 2015):
    (output, row_pooling_sequence, col_pooling_sequence); pooling_ratio is a list of 4 values."""
    ratios = _op_ratios(pooling_ratio, "fractional_avg_pool")
    return FractionalAvgPool(*_tfpp.nn._fractional_pool(False, value, ratios, pseudo_random, overlapping, seed, name))


def fractional_max_pool_v1(value, pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, seed=0,
                           seed2=0, name=None):
    """tf.compat.v1.nn.fractional_max_pool: the op with its seeds as given (deterministic=False needs both 0)."""
    ratios = _op_ratios(pooling_ratio, "fractional_max_pool")
    return FractionalMaxPool(*_tfpp.nn._fractional_pool_v1(True, value, ratios, pseudo_random, overlapping, deterministic,
                                                            seed, seed2, name))


def fractional_avg_pool_v1(value, pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, seed=0,
                           seed2=0, name=None):
    """tf.compat.v1.nn.fractional_avg_pool: the op with its seeds as given (deterministic=False needs both 0)."""
    ratios = _op_ratios(pooling_ratio, "fractional_avg_pool")
    return FractionalAvgPool(*_tfpp.nn._fractional_pool_v1(False, value, ratios, pseudo_random, overlapping, deterministic,
                                                            seed, seed2, name))

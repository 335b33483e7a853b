"""tf.histogram_fixed_width (tfpp's HistogramFixedWidth op) and tf.histogram_fixed_width_bins
(composed of ops, as TensorFlow composes it)."""

from . import _tfpp

_math = _tfpp.math


def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=_tfpp.int32, name=None):
    """The bin (0 .. nbins-1) of each of `values` in `nbins` equal bins over `value_range`;
    values outside the range go to the first or last bin. value_range's dtype is inferred, not
    taken from values, as in TensorFlow."""
    values = _tfpp._convert_to_tensor(values)
    value_range = _tfpp._convert_to_tensor(value_range)
    nbins = _tfpp._convert_to_tensor(nbins, dtype=_tfpp.int32)
    _tfpp.debugging.assert_greater(nbins, 0, message="nbins must be > 0")
    nbins_float = _math.cast(nbins, values.dtype)
    scaled = _math.truediv(values - value_range[0], value_range[1] - value_range[0])
    bins = _math.floor(nbins_float * scaled)
    return _math.cast(_math.clip_by_value(bins, 0, nbins_float - 1), _tfpp.int32)


def histogram_fixed_width(values, value_range, nbins=100, dtype=_tfpp.int32, name=None):
    """How many of `values` fall in each of `nbins` equal bins over `value_range` (values outside
    count in the first or last bin): tfpp's HistogramFixedWidth op."""
    values = _tfpp._convert_to_tensor(values)
    nbins = int(nbins.numpy()) if isinstance(nbins, _tfpp.Tensor) else int(nbins)
    return _tfpp._histogram_fixed_width(values, value_range, nbins, dtype, name)

"""tf.histogram_fixed_width and tf.histogram_fixed_width_bins, composed of tfpp ops (so they
trace as those ops do)."""

from . import _tfpp

_math = _tfpp.math


def _check_range_and_bins(values, value_range, nbins, range_like_values):
    """The arguments as tensors; value_range takes the values' dtype only where TensorFlow's op
    converts it so (histogram_fixed_width's; the _bins function infers it)."""
    values = _tfpp.convert_to_tensor(values)
    value_range = _tfpp.convert_to_tensor(value_range, dtype=values.dtype if range_like_values else None)
    nbins = _tfpp.convert_to_tensor(nbins, dtype=_tfpp.int32)
    _tfpp.debugging.assert_greater(nbins, 0, message="nbins must be > 0")
    return values, value_range, nbins


def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=_tfpp.int32, name=None):
    """The bin (0 .. nbins-1) of each of `values` in `nbins` equal bins over `value_range`;
    values outside the range go to the first or last bin."""
    values, value_range, nbins = _check_range_and_bins(values, value_range, nbins, False)
    nbins_float = _math.cast(nbins, values.dtype)
    scaled = _math.truediv(values - value_range[0], value_range[1] - value_range[0])
    bins = _math.floor(nbins_float * scaled)
    return _math.cast(_math.clip_by_value(bins, 0, nbins_float - 1), _tfpp.int32)


def histogram_fixed_width(values, value_range, nbins=100, dtype=_tfpp.int32, name=None):
    """How many of `values` fall in each of `nbins` equal bins over `value_range` (values outside
    count in the first or last bin)."""
    values, value_range, nbins = _check_range_and_bins(values, value_range, nbins, True)
    # As TensorFlow's kernel: (max(x, lo) - lo) in the input's dtype, then divided by the bin width in float64.
    lo = value_range[0]
    step = _math.cast(value_range[1] - lo, _tfpp.float64) / _math.cast(nbins, _tfpp.float64)
    offsets = _math.cast(_math.maximum(values, lo) - lo, _tfpp.float64)
    bins = _math.cast(_math.minimum(offsets / step, _math.cast(nbins - 1, _tfpp.float64)), _tfpp.int32)
    flat_bins = _tfpp.reshape(bins, [-1])
    counts = _math.unsorted_segment_sum(_tfpp.ones_like(flat_bins), flat_bins, nbins)
    return _math.cast(counts, dtype)

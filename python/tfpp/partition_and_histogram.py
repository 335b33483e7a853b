"""tf.dynamic_partition, tf.dynamic_stitch, tf.histogram_fixed_width and
tf.histogram_fixed_width_bins, composed of tfpp ops (so they trace, and differentiate where
TensorFlow's do, through the ops they are made of)."""

import builtins

from . import _tfpp, errors

_math = _tfpp.math


def _static_int(value):
    """A Python int for an int or a concrete scalar tensor (TensorFlow's ops take attrs here)."""
    return int(value.numpy()) if isinstance(value, _tfpp.Tensor) else int(value)


def dynamic_partition(data, partitions, num_partitions, name=None):
    """Splits `data` into `num_partitions` tensors: outputs[i] holds the slices of `data` whose
    entry in `partitions` (a shape prefix of data's) is i, in order."""
    data = _tfpp.convert_to_tensor(data)
    partitions = _tfpp.convert_to_tensor(partitions)
    num_partitions = _static_int(num_partitions)
    if num_partitions < 1:
        raise ValueError("num_partitions must be at least 1, got %d" % num_partitions)
    if partitions.dtype != _tfpp.int32:
        raise TypeError("[DynamicPartition] partitions must be int32, got %s" % partitions.dtype.name)
    p_rank = partitions.shape.rank
    if data.shape.rank is not None and p_rank is not None:
        prefix = data.shape[:p_rank]
        if p_rank > data.shape.rank or not prefix.is_compatible_with(partitions.shape):
            raise errors.InvalidArgumentError(
                None, None, "data.shape must start with partitions.shape, got data.shape = %s, partitions.shape = %s"
                % (data.shape.as_list(), partitions.shape.as_list()))
    _tfpp.debugging.assert_greater_equal(partitions, 0, message="[DynamicPartition] partitions must be >= 0")
    _tfpp.debugging.assert_less(partitions, num_partitions,
                                message="[DynamicPartition] partitions must be < num_partitions %d" % num_partitions)
    flat_partitions = _tfpp.reshape(partitions, [-1])
    row_shape = _tfpp.shape(data)[p_rank:]
    rows = _tfpp.reshape(data, _tfpp.concat([[-1], row_shape], 0))
    return [_tfpp.boolean_mask(rows, _math.equal(flat_partitions, i)) for i in builtins.range(num_partitions)]


def dynamic_stitch(indices, data, name=None):
    """Interleaves `data` into one tensor: merged[indices[m][i]] = data[m][i], later entries
    winning where indices repeat; merged has max(indices) + 1 rows."""
    if len(indices) != len(data) or not indices:
        raise ValueError("[DynamicStitch] needs as many indices as data tensors (at least one), got %d and %d"
                         % (len(indices), len(data)))
    indices = [_tfpp.convert_to_tensor(i) for i in indices]
    data = [_tfpp.convert_to_tensor(d) for d in data]
    for i, d in zip(indices, data):
        if i.dtype != _tfpp.int32:
            raise TypeError("[DynamicStitch] indices must be int32, got %s" % i.dtype.name)
        if d.dtype != data[0].dtype:
            raise TypeError("[DynamicStitch] data must have one dtype, got %s and %s" % (data[0].dtype.name, d.dtype.name))
    row_shape = _tfpp.shape(data[0])[indices[0].shape.rank:]
    flat_indices = _tfpp.concat([_tfpp.reshape(i, [-1]) for i in indices], 0)
    rows = _tfpp.concat([_tfpp.reshape(d, _tfpp.concat([[-1], row_shape], 0)) for d in data], 0)
    _tfpp.debugging.assert_greater_equal(flat_indices, 0, message="[DynamicStitch] indices must be >= 0")
    count = _math.maximum(_math.reduce_max(flat_indices) + 1, 0)
    merged = _tfpp.fill(_tfpp.concat([[count], row_shape], 0), _tfpp.zeros([], rows.dtype))  # shape known at run time
    return _tfpp.tensor_scatter_nd_update(merged, _tfpp.expand_dims(flat_indices, 1), rows)


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

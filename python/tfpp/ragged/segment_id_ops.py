"""tf.ragged.row_splits_to_segment_ids and segment_ids_to_row_splits: the two encodings of a row
partition (row i holds values splits[i]:splits[i+1]; value j is in row segment_ids[j]), converted
as TensorFlow converts them."""

from .. import _tfpp
from ..integer_arguments import convert_to_int_tensor


def _as_dtype(dtype):
    """tf.as_dtype (defined by the tfpp package, which imports this module first)."""
    import tfpp
    return tfpp.as_dtype(dtype)


def _has_rank_1(tensor):
    """TensorShape.assert_has_rank(1)'s error for a tensor of another known rank."""
    if tensor.shape.rank is not None and tensor.shape.rank != 1:
        raise ValueError("Shape %s must have rank 1" % (tensor.shape,))


def row_splits_to_segment_ids(splits, name=None, out_type=None):
    """The row of each value, [splits[-1]], for sorted `splits` starting at 0 (int32 or int64);
    out_type defaults to splits' dtype (int64 for a list)."""
    splits = _tfpp._convert_to_tensor(splits, dtype_hint=_tfpp.int64)
    if splits.dtype not in (_tfpp.int32, _tfpp.int64):
        raise ValueError("splits must have dtype int32 or int64")
    _has_rank_1(splits)
    if splits.shape[0] == 0:
        raise ValueError("Invalid row_splits: []")
    out_type = splits.dtype if out_type is None else _as_dtype(out_type)
    row_lengths = splits[1:] - splits[:-1]
    nrows = _tfpp.shape(splits, out_type=out_type)[-1] - 1
    return _tfpp.repeat(_tfpp.range(nrows), row_lengths, axis=0)


def segment_ids_to_row_splits(segment_ids, num_segments=None, out_type=None, name=None):
    """The row splits, [num_segments + 1], of rows counting each segment id's values; num_segments
    defaults to max(segment_ids) + 1 and ids past it are dropped. out_type defaults to segment_ids'
    dtype, else num_segments', else int64."""
    if out_type is None:
        if isinstance(segment_ids, _tfpp.Tensor):
            out_type = segment_ids.dtype
        elif isinstance(num_segments, _tfpp.Tensor):
            out_type = num_segments.dtype
        else:
            out_type = _tfpp.int64
    else:
        out_type = _as_dtype(out_type)
    segment_ids = convert_to_int_tensor(segment_ids, "segment_ids")
    _has_rank_1(segment_ids)
    if num_segments is not None:
        num_segments = convert_to_int_tensor(num_segments, "num_segments")
        if num_segments.shape.rank != 0:
            raise ValueError("Shape %s must have rank 0" % (num_segments.shape,))
    row_lengths = _tfpp.math.bincount(segment_ids, minlength=num_segments, maxlength=num_segments, dtype=out_type)
    return _tfpp.concat([_tfpp.zeros([1], out_type), _tfpp.math.cumsum(row_lengths)], axis=0)


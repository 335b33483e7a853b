"""tf.strings.split, bytes_split and unicode_split: the pieces of each string as a row of a
RaggedTensor (a 1-D tensor for a scalar input), one ragged dimension more than the input has."""

from .. import _tfpp
from .ragged_tensor import RaggedTensor, ones_of, value_rowids_of

_strings = _tfpp.strings


def _string_tensor(value):
    if isinstance(value, RaggedTensor):
        return value
    return _tfpp._convert_to_tensor(value, dtype=_tfpp.string)


def _by_rows(input, split_vector):  # noqa: A002 - TensorFlow's parameter name
    """`split_vector` (a function from a string vector to a RaggedTensor of its rows) applied to
    every string of `input`, as a RaggedTensor of the input's shape plus one ragged dimension."""
    input = _string_tensor(input)
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(_by_rows(input.flat_values, split_vector))
    rank = input.shape.rank
    if rank is None:
        raise ValueError("tfpp splits strings of a known rank only")
    if rank == 0:
        return split_vector(_tfpp.reshape(input, [1])).values
    result = split_vector(_tfpp.reshape(input, [-1]))
    if rank == 1:
        return result
    # The input's uniform dimensions as ragged ones, outermost first, over the split rows.
    dims = _tfpp.shape(input, out_type=_tfpp.int64)
    for axis in range(rank - 1, 0, -1):
        result = RaggedTensor.from_uniform_row_length(result, dims[axis], validate=False)
    return result


def split(input=None, sep=None, maxsplit=-1, name=None):  # noqa: A002
    """The pieces of each string split on `sep` (runs of whitespace when None), at most `maxsplit`
    splits each."""
    def split_vector(strings):
        indices, values, shape = _strings._split_v2(strings, sep, int(maxsplit))
        return RaggedTensor.from_value_rowids(values, indices[:, 0], nrows=shape[0], validate=False)
    return _by_rows(input, split_vector)


def _characters(unit):
    def split_vector(strings):
        lengths = _tfpp.math.cast(_strings.length(strings, unit=unit), _tfpp.int64)
        splits = _tfpp.concat([_tfpp.zeros([1], _tfpp.int64), _tfpp.math.cumsum(lengths)], 0)
        rowids = value_rowids_of(splits)
        positions = _tfpp.range(splits[-1], dtype=_tfpp.int64) - _tfpp.gather(splits, rowids)
        positions = _tfpp.math.cast(positions, _tfpp.int32)
        pieces = _strings.substr(_tfpp.gather(strings, rowids), positions, ones_of(positions), unit=unit)
        return RaggedTensor.from_row_splits(pieces, splits, validate=False)
    return split_vector


def bytes_split(input, name=None):  # noqa: A002
    """The bytes of each string, one string each."""
    return _by_rows(input, _characters("BYTE"))


def unicode_split(input, input_encoding, errors="replace", replacement_char=65533, name=None):  # noqa: A002
    """The UTF-8 characters of each string, one string each."""
    if input_encoding != "UTF-8":
        raise ValueError("tfpp splits UTF-8 strings only, got input_encoding=%r" % (input_encoding,))
    return _by_rows(input, _characters("UTF8_CHAR"))


def reduce_join(inputs, axis=None, keepdims=False, separator="", name=None):
    """tf.strings.reduce_join of a RaggedTensor: over every value (axis None) or one axis, as
    TensorFlow reduces a ragged axis: the values of each row joined by segment."""
    if not isinstance(inputs, RaggedTensor):
        return _strings.reduce_join(inputs, axis, keepdims, separator)
    rank = inputs.shape.rank
    if axis is None:
        joined = _strings.reduce_join(inputs.flat_values, None, False, separator)
        return _tfpp.reshape(joined, [1] * rank) if keepdims else joined
    if not isinstance(axis, int) or not -rank <= axis < rank:
        raise ValueError("tfpp joins a RaggedTensor of rank %d over None or one axis in [-%d, %d), got %r"
                         % (rank, rank, rank, axis))
    axis %= rank
    if keepdims:
        from .ragged_array_ops import expand_dims
        return expand_dims(reduce_join(inputs, axis, False, separator), axis)
    if axis > 1:
        return inputs.with_values(reduce_join(inputs.values, axis - 1, False, separator))
    if axis == 0 or isinstance(inputs.values, RaggedTensor):
        raise NotImplementedError("tfpp joins a RaggedTensor over its innermost ragged axis or the axes after it")
    return _strings.unsorted_segment_join(inputs.values, inputs.value_rowids(), inputs.nrows(), separator)

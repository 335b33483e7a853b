"""tf.strings.unicode_decode, unicode_decode_with_offsets, unicode_split_with_offsets and
unicode_encode: TensorFlow's ragged results over the C++ Unicode ops (tf.strings.unicode_transcode
is bound directly). A string tensor of shape [D1..DN] decodes to a RaggedTensor [D1..DN, (chars)]
(a dense vector for a scalar); a RaggedTensor of strings keeps its row partitions."""

import functools

from . import _tfpp
from .ragged.ragged_tensor import RaggedTensor

_strings = _tfpp.strings


def _decoded(input, decode):  # noqa: A002 - TensorFlow's argument name
    """decode(flat strings) -> (row_splits, *flat results), shaped as TensorFlow shapes a decode of `input`."""
    if isinstance(input, RaggedTensor):
        return tuple(input.with_flat_values(r) for r in _decoded(input.flat_values, decode))
    input = _tfpp._convert_to_tensor(input)  # noqa: A001
    splits, *flat = decode(input)
    if input.shape.rank == 0:
        return tuple(flat)
    results = [RaggedTensor.from_row_splits(values, splits, validate=False) for values in flat]
    # Outer dimensions stay uniform, as TensorFlow's result nests them with uniform row lengths.
    for dim in reversed(input.shape.as_list()[1:]):
        results = [RaggedTensor.from_uniform_row_length(r, dim, validate=False) for r in results]
    return tuple(results)


def _decoder(input_encoding, errors, replacement_char, replace_control_characters, with_offsets):
    def decode(flat):
        splits, values, offsets = _strings._unicode_decode_with_offsets(
            flat, input_encoding, errors, replacement_char, replace_control_characters)
        return (splits, values, offsets) if with_offsets else (splits, values)
    return decode


def unicode_decode(input, input_encoding, errors="replace", replacement_char=0xFFFD,  # noqa: A002
                   replace_control_characters=False, name=None):
    """The Unicode code points (int32) of each string."""
    return _decoded(input, _decoder(input_encoding, errors, replacement_char, replace_control_characters, False))[0]


def unicode_decode_with_offsets(input, input_encoding, errors="replace", replacement_char=0xFFFD,  # noqa: A002
                                replace_control_characters=False, name=None):
    """(code points, the byte offset in its string where each starts), both shaped as unicode_decode's."""
    return _decoded(input, _decoder(input_encoding, errors, replacement_char, replace_control_characters, True))


def _characters_of(code_points, input_encoding):
    """Each code point as a string of its own, in `input_encoding`."""
    flat = _tfpp.reshape(code_points, [-1])
    count = _tfpp.shape(flat, _tfpp.int64)[0]
    one_each = _tfpp.range(count + 1, dtype=_tfpp.int64)
    return _tfpp.reshape(_strings._unicode_encode(flat, one_each, input_encoding, "replace", 0xFFFD),
                         _tfpp.shape(code_points))


def unicode_split_with_offsets(input, input_encoding, errors="replace", replacement_char=0xFFFD,  # noqa: A002
                               name=None):
    """(each string's characters as strings, the byte offset where each starts)."""
    code_points, offsets = unicode_decode_with_offsets(input, input_encoding, errors, replacement_char)
    if isinstance(code_points, RaggedTensor):
        return code_points.with_flat_values(_characters_of(code_points.flat_values, input_encoding)), offsets
    return _characters_of(code_points, input_encoding), offsets


def unicode_encode(input, output_encoding, errors="replace", replacement_char=65533, name=None):  # noqa: A002
    """The string each innermost row of code points encodes (the result has one dimension less)."""
    encode = functools.partial(_strings._unicode_encode, output_encoding=output_encoding, errors=errors,
                               replacement_char=replacement_char)
    if isinstance(input, RaggedTensor):
        if not isinstance(input.values, RaggedTensor) and input.values.shape.rank == 1:
            return encode(input.values, _tfpp.math.cast(input.row_splits, _tfpp.int64))
        return input.with_values(unicode_encode(input.values, output_encoding, errors, replacement_char))
    input = _tfpp._convert_to_tensor(input, dtype=_tfpp.int32)  # noqa: A001
    if input.shape.rank == 0:
        raise ValueError("unicode_encode needs code points of rank 1 or more, got a scalar")
    shape = _tfpp.shape(input, _tfpp.int64)
    row_length = shape[-1]
    rows = _tfpp.math.reduce_prod(shape[:-1])
    splits = _tfpp.range(rows + 1, dtype=_tfpp.int64) * row_length
    encoded = encode(_tfpp.reshape(input, [-1]), splits)
    return _tfpp.reshape(encoded, shape[:-1])

"""tf.strings.ngrams: the n-grams of each row of a string tensor or RaggedTensor (the StringNGrams
op), with TensorFlow's argument checks; a dense input gives a dense result."""

from .. import _tfpp
from .ragged_tensor import RaggedTensor


def ngrams(data, ngram_width, separator=" ", pad_values=None, padding_width=None, preserve_short_sequences=False,
           name=None):
    if pad_values is None:
        left_pad = right_pad = ""
    elif isinstance(pad_values, (list, tuple)):
        if not all(isinstance(v, (str, bytes)) for v in pad_values[:2]):
            raise TypeError("pad_values must be a string, tuple of strings, or None.")
        left_pad, right_pad = pad_values[0], pad_values[1]
    else:
        if not isinstance(pad_values, (str, bytes)):
            raise TypeError("pad_values must be a string, tuple of strings, or None.")
        left_pad = right_pad = pad_values
    if padding_width is not None and padding_width < 1:
        raise ValueError("padding_width must be greater than 0.")
    if padding_width is not None and pad_values is None:
        raise ValueError("pad_values must be provided if padding_width is set.")
    widths = list(ngram_width) if isinstance(ngram_width, (list, tuple)) else [ngram_width]
    for width in widths:
        if width < 1:
            raise ValueError("All ngram_widths must be greater than 0. Got %s" % (ngram_width,))
    pad = 0 if pad_values is None else (-1 if padding_width is None else padding_width)
    text = lambda v: v.decode() if isinstance(v, bytes) else v  # noqa: E731

    def rows(values, splits):
        return _tfpp.strings._ngrams(values, splits, separator, widths, text(left_pad), text(right_pad), pad,
                                     preserve_short_sequences)

    if isinstance(data, RaggedTensor):
        if data.ragged_rank > 1:
            return data.with_values(ngrams(data.values, ngram_width, separator, pad_values, padding_width,
                                           preserve_short_sequences))
        grams, splits = rows(data.values, data.row_splits)
        return RaggedTensor.from_row_splits(grams, splits, validate=False)
    data = _tfpp._convert_to_tensor(data, dtype=_tfpp.string)
    rank = data.shape.rank
    if rank is None:
        raise ValueError("Rank of data must be known.")
    if rank == 0:
        raise ValueError("Data must have rank>0")
    shape = data.shape.as_list()
    if rank == 1:
        grams, _ = rows(data, _tfpp.constant([0, shape[0] if shape[0] is not None else _tfpp.size(data)], _tfpp.int64))
        return grams
    flat = _tfpp.reshape(data, [-1])
    length = shape[-1]
    splits = _tfpp.range(0, _tfpp.size(flat, out_type=_tfpp.int64) + 1, length, dtype=_tfpp.int64)
    grams, _ = rows(flat, splits)
    return _tfpp.reshape(grams, _tfpp.concat([_tfpp.shape(data)[:-1], [-1]], 0))

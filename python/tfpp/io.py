"""tf.io: decoding raw bytes, TFRecord files, and parsing tf.train.Example records into tensors
(FixedLenFeature as dense tensors, VarLenFeature as SparseTensors). Parsing runs eagerly: tfpp's
Example parser works on values, so inside tf.function (or Dataset.map) it raises TypeError."""

import collections as _collections

from . import _tfpp
from .sparse_tensor import SparseTensor

_io = _tfpp._io


class FixedLenFeature(_collections.namedtuple("FixedLenFeature", ["shape", "dtype", "default_value"])):
    """A feature with a fixed number of values, parsed into a tensor of `shape`."""

    __slots__ = ()

    def __new__(cls, shape, dtype, default_value=None):
        return super().__new__(cls, shape, dtype, default_value)


class VarLenFeature(_collections.namedtuple("VarLenFeature", ["dtype"])):
    """A feature with any number of values, parsed into a SparseTensor."""

    __slots__ = ()


def decode_raw(input_bytes, out_type, little_endian=True, name=None):
    """Each string's bytes as numbers of `out_type`, in one more (last) dimension."""
    return _io.decode_raw(input_bytes, out_type, little_endian)


def _var_len_specs(features):
    return {k: v for k, v in features.items() if isinstance(v, VarLenFeature)}


def _sparse_row(values):
    """The SparseTensor of one example's VarLenFeature values (a 1-D tensor)."""
    n = int(values.shape[0])
    return SparseTensor([[i] for i in range(n)] if n else _tfpp.zeros([0, 1], _tfpp.int64), values, [n])


def parse_single_example(serialized, features, example_names=None, name=None):
    """The features of one serialized Example (a string scalar), by `features`' specs."""
    parsed = _io.parse_single_example(serialized, features)
    for key in _var_len_specs(features):
        parsed[key] = _sparse_row(parsed[key])
    return parsed


def parse_example(serialized, features, example_names=None, name=None):
    """The features of a batch of serialized Examples (a 1-D string tensor); the first dimension of
    every result is the batch."""
    parsed = _io.parse_example(serialized, features)
    var_len = _var_len_specs(features)
    if var_len:
        # The batch's dense VarLenFeature results are padded; each example's own values give the
        # sparse positions.
        records = _tfpp.convert_to_tensor(serialized, dtype=_tfpp.string)
        rows = [_io.parse_single_example(records[i], var_len) for i in range(int(records.shape[0]))]
        for key in var_len:
            indices, values, longest = [], [], 0
            for i, row in enumerate(rows):
                n = int(row[key].shape[0])
                indices += [[i, j] for j in range(n)]
                values.append(row[key])
                longest = max(longest, n)
            values = _tfpp.concat(values, 0) if values else _tfpp.zeros([0], var_len[key].dtype)
            parsed[key] = SparseTensor(indices if indices else _tfpp.zeros([0, 2], _tfpp.int64), values,
                                       [len(rows), longest])
    return parsed


class TFRecordOptions:
    """Options of TFRecordWriter: the compression ("", "GZIP" or "ZLIB")."""

    def __init__(self, compression_type=None, **kwargs):
        self.compression_type = compression_type or ""

    @staticmethod
    def get_compression_type_string(options):
        """The compression of `options` (TFRecordOptions, a string or None) as a string."""
        if options is None:
            return ""
        if isinstance(options, TFRecordOptions):
            return options.compression_type
        return options


class TFRecordWriter:
    """Writes records (bytes or str) to a TFRecord file; usable as a context manager. The file
    takes its name when the writer is closed."""

    def __init__(self, path, options=None):
        self._writer = _io.TFRecordWriter(str(path), TFRecordOptions.get_compression_type_string(options))

    def write(self, record):
        """Appends one record."""
        self._writer.write(record)

    def flush(self):
        """Pushes buffered records to the operating system."""
        self._writer.flush()

    def close(self):
        """Finishes the file."""
        self._writer.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

"""tf.io: decoding raw bytes, PNG, JPEG, GIF and BMP image codecs, reading and writing whole files, tensors as serialized TensorProtos,
TFRecord files, decode_compressed and decode_json_example, and parsing tf.train.Example records into
tensors (FixedLenFeature as dense tensors, VarLenFeature and SparseFeature as SparseTensors,
RaggedFeature as RaggedTensors) by the ParseExample op and tf.train.SequenceExample records
(context features and feature lists, FixedLenSequenceFeature as padded dense tensors) by the
ParseSequenceExample op, eagerly, inside tf.function and in Dataset.map functions."""

import collections as _collections

from . import _tfpp
from . import parsing_config as _parsing_config
from .parsing_config import RaggedFeature, SparseFeature
from .sparse_tensor import SparseTensor
from .tensor_shape import TensorShape

_io = _tfpp._io

# The image codecs, which TensorFlow exports under tf.image too.
decode_png = _tfpp.image.decode_png
encode_png = _tfpp.image.encode_png
decode_jpeg = _tfpp.image.decode_jpeg
decode_and_crop_jpeg = _tfpp.image.decode_and_crop_jpeg
encode_jpeg = _tfpp.image.encode_jpeg
decode_gif = _tfpp.image.decode_gif
decode_bmp = _tfpp.image.decode_bmp
decode_image = _tfpp.image.decode_image
is_jpeg = _tfpp.image.is_jpeg
extract_jpeg_shape = _tfpp.image.extract_jpeg_shape


class FixedLenFeature(_collections.namedtuple("FixedLenFeature", ["shape", "dtype", "default_value"])):
    """A feature with a fixed number of values, parsed into a tensor of `shape`."""

    __slots__ = ()

    def __new__(cls, shape, dtype, default_value=None):
        return super().__new__(cls, shape, dtype, default_value)


class VarLenFeature(_collections.namedtuple("VarLenFeature", ["dtype"])):
    """A feature with any number of values, parsed into a SparseTensor."""

    __slots__ = ()


class FixedLenSequenceFeature(_collections.namedtuple(
        "FixedLenSequenceFeature", ["shape", "dtype", "allow_missing", "default_value"])):
    """A feature list whose every step holds `shape`'s values, parsed into a [steps, *shape] tensor
    (a batch padded to its longest list); `allow_missing` parses an absent list as zero steps."""

    __slots__ = ()

    def __new__(cls, shape, dtype, allow_missing=False, default_value=None):
        return super().__new__(cls, shape, dtype, allow_missing, default_value)


def decode_raw(input_bytes, out_type, little_endian=True, name=None):
    """Each string's bytes as numbers of `out_type`, in one more (last) dimension."""
    return _io.decode_raw(input_bytes, out_type, little_endian)


def read_file(filename, name=None):
    """The contents of the file `filename`, as a string scalar."""
    return _io.read_file(filename)


def write_file(filename, contents, name=None):
    """Writes the string scalar `contents` to the file `filename`, creating missing directories."""
    _io.write_file(filename, contents)


def serialize_tensor(tensor, name=None):
    """The tensor as a serialized TensorProto, in a string scalar."""
    return _io.serialize_tensor(tensor)


def parse_tensor(serialized, out_type, name=None):
    """The tensor of dtype `out_type` that the string scalar `serialized` holds as a TensorProto."""
    return _io.parse_tensor(serialized, out_type)


def _string_out_type(out_type):
    if out_type is not None and out_type != _tfpp.string:
        raise ValueError("tfpp serializes SparseTensors as strings only (out_type=tf.string), got %s" % (out_type,))


def serialize_sparse(sp_input, out_type=_tfpp.string, name=None):
    """The SparseTensor's indices, values and dense shape as three serialized TensorProtos ([3] strings)."""
    _string_out_type(out_type)
    return _io.serialize_sparse(sp_input.indices, sp_input.values, sp_input.dense_shape)


def serialize_many_sparse(sp_input, out_type=_tfpp.string, name=None):
    """Each entry of the SparseTensor's first dimension serialized alone: [N, 3] strings."""
    _string_out_type(out_type)
    return _io.serialize_many_sparse(sp_input.indices, sp_input.values, sp_input.dense_shape)


def deserialize_many_sparse(serialized_sparse, dtype, rank=None, name=None):
    """The SparseTensors of [N, 3] serialized strings as one, batched along a new first dimension."""
    sparse = SparseTensor(*_io.deserialize_many_sparse(serialized_sparse, dtype))
    if rank is not None and sparse.indices.shape[1] != rank:
        raise ValueError("Tensor's shape %s is not compatible with supplied shape (None, %d)." % (tuple(sparse.indices.shape), rank))
    return sparse


def _parsed(serialized, features, rank):
    keys = _parsing_config.ParseKeys(features or {}, FixedLenFeature, VarLenFeature)
    dense, sparse, ragged = _io.parse_features(serialized, keys.features, rank, keys.ragged)
    dense.update({key: SparseTensor(*triple) for key, triple in sparse.items()})
    dense.update(_parsing_config.build_ragged(ragged, rank == 1))
    return _parsing_config.construct_composites(features or {}, dense)


def decode_compressed(bytes, compression_type="", name=None):  # noqa: A002 (TensorFlow's name)
    """Each string inflated as `compression_type` ("ZLIB", "GZIP" or "" for none) says."""
    return _io.decode_compressed(bytes, compression_type)


def decode_json_example(json_examples, name=None):
    """Each string, a tf.train.Example in protobuf's JSON mapping, as the Example's serialized bytes."""
    return _io.decode_json_example(json_examples)


def parse_single_example(serialized, features, example_names=None, name=None):
    """The features of one serialized Example (a string scalar), by `features`' specs."""
    return _parsed(serialized, features, 0)


def parse_example(serialized, features, example_names=None, name=None):
    """The features of a batch of serialized Examples (a 1-D string tensor); the first dimension of
    every result is the batch."""
    return _parsed(serialized, features, 1)


def _sequence_params(features, allowed):
    """`features` checked as TensorFlow's _ParseOpParams.from_features checks them (keys sorted)."""
    for key in sorted(features or {}):
        feature = features[key]
        if not isinstance(feature, allowed):
            raise ValueError(f"Unsupported {type(feature).__name__} {feature} for key '{key}'")
        if isinstance(feature, FixedLenFeature):
            shape = TensorShape(feature.shape)
            if feature.shape and shape.rank and shape[0] is None:
                raise ValueError(f"First dimension of shape for feature {key} unknown. Consider using "
                                 f"FixedLenSequenceFeature. Received feature={feature}.")
            if not shape.is_fully_defined():
                raise ValueError(f"All dimensions of shape for feature {key} need to be known but received "
                                 f"{feature.shape!s}.")
    return dict(features or {})


def _parsed_sequences(serialized, context, sequence):
    for key in sorted(sequence):
        if isinstance(sequence[key], FixedLenSequenceFeature) and sequence[key].default_value is not None:
            raise ValueError("Value feature_list.dense_defaults[%s] must be None" % key)
    context_dense, context_sparse, list_dense, list_sparse, lengths = _io.parse_sequence_features(
        serialized, context, sequence)
    # TensorFlow's dicts: the sparse features, then the dense ones.
    context_out = {key: SparseTensor(*triple) for key, triple in context_sparse.items()}
    context_out.update(context_dense)
    lists_out = {key: SparseTensor(*triple) for key, triple in list_sparse.items()}
    lists_out.update(list_dense)
    return context_out, lists_out, lengths


def parse_sequence_example(serialized, context_features=None, sequence_features=None, example_names=None,
                           name=None):
    """The context features, feature lists and dense lists' lengths of a batch of serialized
    SequenceExamples (a 1-D string tensor), by the specs of `context_features` (FixedLenFeature,
    VarLenFeature) and `sequence_features` (FixedLenSequenceFeature, VarLenFeature)."""
    if not (context_features or sequence_features):
        raise ValueError("Both `context_features` and `sequence_features` argument are None, but at least one "
                         "should have values.")
    context = _sequence_params(context_features, (VarLenFeature, FixedLenFeature))
    sequence = _sequence_params(sequence_features, (VarLenFeature, FixedLenSequenceFeature))
    return _parsed_sequences(serialized, context, sequence)


def parse_single_sequence_example(serialized, context_features=None, sequence_features=None, example_name=None,
                                  name=None):
    """The context features and feature lists of one serialized SequenceExample (a string scalar)."""
    if not (context_features or sequence_features):
        raise ValueError("Both context_features and sequence_features are None, but at least one should have values.")
    context = _sequence_params(context_features, (VarLenFeature, FixedLenFeature))
    sequence = _sequence_params(sequence_features, (VarLenFeature, FixedLenSequenceFeature))
    serialized = _tfpp._convert_to_tensor(serialized, _tfpp.string)
    if serialized.shape.rank is not None and serialized.shape.rank != 0:
        raise ValueError("Input serialized must be a scalar")
    return _parsed_sequences(serialized, context, sequence)[:2]


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

"""tf.data's file readers: TFRecordDataset, TextLineDataset and FixedLengthRecordDataset, each a
string scalar per record, built as TensorFlow builds them: the file names become a dataset, and
each file is read by its reader op (TFRecordDataset, TextLineDataset, FixedLengthRecordDatasetV2)
in a flat_map, or, with num_parallel_reads, in an interleave taking one record from each open file
in turn. The reader ops are graph nodes when traced, so `files.interleave(tf.data.TFRecordDataset)`
reads the files each element names."""

from .. import _tfpp
from .dataset_ops import DatasetV2

_data = _tfpp._data
_STRING_SCALAR = _tfpp.TensorSpec([], _tfpp.string)
_DEFAULT_BUFFER_SIZE = 256 * 1024  # TensorFlow's default read buffer (bytes)


def _filenames_dataset(filenames):
    """The file names as a dataset of string scalars, checked as TensorFlow checks them."""
    if isinstance(filenames, DatasetV2):
        if filenames.element_spec != _STRING_SCALAR:
            raise TypeError("The `filenames` argument must contain `tf.string` elements. Got a dataset of `%r` "
                            "elements." % (filenames.element_spec,))
        return filenames
    names = _tfpp._convert_to_tensor(filenames, dtype_hint=_tfpp.string)
    if names.dtype != _tfpp.string:
        raise TypeError("The `filenames` argument must contain `tf.string` elements. Got `%r` elements." % names.dtype)
    names = _tfpp.reshape(names, [-1])
    return DatasetV2.from_tensor_slices(names)


def _optional(value, default, dtype):
    return _tfpp._convert_to_tensor(default if value is None else value, dtype=dtype)


def _source(variant):
    """A reader op's dataset: its node inside a trace, else the pipeline it made."""
    if _tfpp._tracing():
        return DatasetV2(None, _STRING_SCALAR, variant)
    return DatasetV2(_data.dataset_of(variant), _STRING_SCALAR)


class _FileReaderDataset(DatasetV2):
    """The records of files, as read_file(filename) (a dataset) reads each."""

    def __init__(self, filenames, read_file, num_parallel_reads):
        files = _filenames_dataset(filenames)
        if num_parallel_reads is None:
            records = files.flat_map(read_file)
        else:
            records = files.interleave(read_file, cycle_length=num_parallel_reads, block_length=1,
                                       num_parallel_calls=num_parallel_reads)
        super().__init__(records._impl, _STRING_SCALAR, records._variant)

    def _with_variant(self, variant):
        # Inside a trace the dataset is its placeholder, built without reopening the files.
        dataset = DatasetV2.__new__(type(self))
        DatasetV2.__init__(dataset, None, self._element_spec, variant)
        return dataset


class TFRecordDatasetV2(_FileReaderDataset):
    """The records of one or more TFRecord files (tf.data.TFRecordDataset)."""

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        def read_file(filename):
            return _source(_data.tfrecord_op(filename, _optional(compression_type, "", _tfpp.string),
                                             _optional(buffer_size, _DEFAULT_BUFFER_SIZE, _tfpp.int64)))
        super().__init__(filenames, read_file, num_parallel_reads)


class TextLineDatasetV2(_FileReaderDataset):
    """The lines of one or more text files, without their line ends (tf.data.TextLineDataset)."""

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        def read_file(filename):
            return _source(_data.text_line_op(filename, _optional(compression_type, "", _tfpp.string),
                                              _optional(buffer_size, _DEFAULT_BUFFER_SIZE, _tfpp.int64)))
        super().__init__(filenames, read_file, num_parallel_reads)


class FixedLengthRecordDatasetV2(_FileReaderDataset):
    """The `record_bytes`-byte records of one or more binary files, each file's `header_bytes` and
    `footer_bytes` skipped (tf.data.FixedLengthRecordDataset)."""

    def __init__(self, filenames, record_bytes, header_bytes=None, footer_bytes=None, buffer_size=None,
                 compression_type=None, num_parallel_reads=None, name=None):
        def read_file(filename):
            return _source(_data.fixed_length_record_op(
                filename, _optional(header_bytes, 0, _tfpp.int64), _tfpp._convert_to_tensor(record_bytes, dtype=_tfpp.int64),
                _optional(footer_bytes, 0, _tfpp.int64), _optional(buffer_size, _DEFAULT_BUFFER_SIZE, _tfpp.int64),
                _optional(compression_type, "", _tfpp.string)))
        super().__init__(filenames, read_file, num_parallel_reads)

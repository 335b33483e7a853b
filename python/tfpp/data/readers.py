"""tf.data's file readers: TFRecordDataset, the records of TFRecord files as string scalars."""

from .. import _tfpp
from .dataset_ops import DatasetV2


class TFRecordDatasetV2(DatasetV2):
    """The records of one or more TFRecord files, in order (tf.data.TFRecordDataset)."""

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        names = [filenames] if isinstance(filenames, (str, bytes, _tfpp.Tensor)) else list(filenames)
        names = [_file_name(n) for n in names]
        impl = _tfpp._io.tfrecord_dataset(names, compression_type or "")
        super().__init__(impl, _tfpp.TensorSpec([], _tfpp.string))

    def _with_variant(self, variant):
        # Inside a trace the dataset is its placeholder, built without reopening the files.
        dataset = DatasetV2.__new__(TFRecordDatasetV2)
        DatasetV2.__init__(dataset, None, self._element_spec, variant)
        return dataset


def _file_name(name):
    if isinstance(name, _tfpp.Tensor):
        name = name.numpy()
    return name.decode() if isinstance(name, bytes) else str(name)

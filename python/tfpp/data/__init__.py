"""tf.data: input pipelines over tfpp's C++ tf::data (Dataset, the file readers, AUTOTUNE, the cardinality
constants)."""

from . import experimental
from .options import Options, ThreadingOptions
from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset, DatasetSpec, DatasetV2, NumpyIterator
from .dataset_ops import IteratorSpec, OwnedIterator as Iterator
from .readers import FixedLengthRecordDatasetV2 as FixedLengthRecordDataset
from .readers import TextLineDatasetV2 as TextLineDataset
from .readers import TFRecordDatasetV2 as TFRecordDataset

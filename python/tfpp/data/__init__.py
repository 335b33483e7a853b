"""tf.data: input pipelines over tfpp's C++ tf::data (Dataset, TFRecordDataset, AUTOTUNE, the cardinality
constants)."""

from . import experimental
from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset, DatasetV2, NumpyIterator
from .dataset_ops import OwnedIterator as Iterator
from .readers import TFRecordDatasetV2 as TFRecordDataset

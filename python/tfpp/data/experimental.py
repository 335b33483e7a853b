"""tf.data.experimental: the names TensorFlow keeps there too (AUTOTUNE, cardinality constants,
dense_to_ragged_batch, dense_to_sparse_batch, get_next_as_optional, ignore_errors,
rejection_resample, sample_from_datasets, save, load, and the transformations of
experimental_transformations.py), and CsvDataset and make_csv_dataset."""

import collections

import numpy as _np

from .. import _tfpp
from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, DatasetV2
from .dataset_ops import _tfpp_errors as _errors
from ..sparse_tensor import SparseTensor as _SparseTensor
from ..tensor_shape import TensorShape as _TensorShape
from .options import AutoShardPolicy, AutotuneAlgorithm, AutotuneOptions, DistributeOptions, ExternalStatePolicy
from .options import OptimizationOptions, ServiceOptions, ThreadingOptions
from .experimental_transformations import SHARD_HINT, Counter, DatasetInitializer, Reducer, TFRecordWriter
from .experimental_transformations import assert_cardinality, at, bucket_by_sequence_length, enumerate_dataset
from .experimental_transformations import from_list, get_structure, group_by_reducer, group_by_window
from .experimental_transformations import index_table_from_dataset, make_batched_features_dataset, map_and_batch
from .experimental_transformations import pad_to_cardinality, parallel_interleave, parse_example_dataset, scan
from .experimental_transformations import shuffle_and_repeat, table_from_dataset, take_while, unbatch, unique



def get_single_element(dataset):
    """dataset.get_single_element()."""
    return dataset.get_single_element()


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
    """Dataset.choose_from_datasets."""
    return DatasetV2.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    """Dataset.sample_from_datasets."""
    return DatasetV2.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def rejection_resample(class_func, target_dist, initial_dist=None, seed=None):
    """The transformation (for Dataset.apply) that is Dataset.rejection_resample."""
    return lambda dataset: dataset.rejection_resample(class_func, target_dist, initial_dist, seed)


def ignore_errors(log_warning=False):
    """The transformation (for Dataset.apply) that is Dataset.ignore_errors."""
    return lambda dataset: dataset.ignore_errors(log_warning)


def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    """dataset.save(...)."""
    return dataset.save(path, compression, shard_func, checkpoint_args)


def load(path, element_spec=None, compression=None, reader_func=None):
    """Dataset.load(...)."""
    return DatasetV2.load(path, element_spec, compression, reader_func)


def RandomDataset(seed=None, rerandomize_each_iteration=None, name=None):  # noqa: N802 - TensorFlow's name
    """Dataset.random."""
    return DatasetV2.random(seed, rerandomize_each_iteration, name)


def cardinality(dataset):
    """dataset.cardinality()."""
    return dataset.cardinality()


def dense_to_ragged_batch(batch_size, drop_remainder=False, row_splits_dtype=_tfpp.int64):
    """The transformation (for Dataset.apply) that is Dataset.ragged_batch."""
    return lambda dataset: dataset.ragged_batch(batch_size, drop_remainder, row_splits_dtype)


def dense_to_sparse_batch(batch_size, row_shape):
    """The transformation that batches elements of varying shape into SparseTensors of dense shape
    [batch, *row_shape] (a None dimension takes the batch's largest), as TensorFlow's
    DenseToSparseBatchDataset: every element of each input is a value, in row-major order. Built on
    padded_batch with a mask of the real elements, whose DataLossError names a too-large element."""
    if isinstance(row_shape, _tfpp.Tensor):
        row_shape = [None if d < 0 else int(d) for d in row_shape.numpy().tolist()]
    dims = _TensorShape(row_shape).as_list()
    for d in dims:
        if d is not None and d < 0:  # TensorFlow's TensorShape refuses them
            raise ValueError("Dimension %d must be >= 0" % d)

    def to_sparse(padded, mask):
        indices = _tfpp.math.where(mask)
        dense_shape = _tfpp.shape(padded, out_type=_tfpp.int64)
        return _SparseTensor._with_static_shape(indices, _tfpp.gather_nd(padded, indices), dense_shape, [None] + dims)

    def apply(dataset):
        masked = dataset.map(lambda x: (x, _tfpp.ones_like(x, dtype=_tfpp.bool)))
        return masked.padded_batch(batch_size, padded_shapes=(dims, dims)).map(to_sparse)
    return apply


def get_next_as_optional(iterator):
    """The iterator's next element as a tf.experimental.Optional, empty at the end."""
    return iterator.get_next_as_optional()


class CsvDatasetV2(DatasetV2):
    """The records of CSV files as tuples of scalars, one per column (tf.data.experimental.CsvDataset).
    Each record default is a value (the column's dtype, and its value where a field is missing)
    or a dtype (a required column)."""

    def __init__(self, filenames, record_defaults, compression_type=None, buffer_size=None, header=False,
                 field_delim=",", use_quote_delim=True, na_value="", select_cols=None, exclude_cols=None):
        if select_cols is not None and exclude_cols is not None:
            raise _errors().InvalidArgumentError(None, None, "Either select_cols or exclude_cols should be empty")
        defaults = [_record_default(i, d) for i, d in enumerate(record_defaults)]
        if exclude_cols is not None:
            excluded = set(int(c) for c in exclude_cols)
            select_cols = [c for c in range(len(defaults) + len(excluded)) if c not in excluded]
        names = [n.decode() for n in _np.reshape(_tfpp._convert_to_tensor(filenames, dtype=_tfpp.string).numpy(), [-1])]
        impl = _tfpp._data.csv_dataset(names, defaults, compression_type or "", bool(header), field_delim,
                                       bool(use_quote_delim), na_value, [int(c) for c in select_cols or []])
        super().__init__(impl, tuple(_tfpp.TensorSpec([], d.dtype) for d in defaults))


def _record_default(index, default):
    """A record default as the C++ reader takes it: a scalar, or an empty vector for a dtype."""
    if isinstance(default, _tfpp.DType):
        return _tfpp.zeros([0], default)
    tensor = _tfpp._convert_to_tensor(default)
    if tensor.shape.rank is not None and tensor.shape.num_elements() != 1 and tensor.shape.rank > 0:
        raise _errors().InvalidArgumentError(None, None, "There should only be 1 default per field but field %d has %d"
                                             % (index, tensor.shape.num_elements()))
    return tensor


def make_csv_dataset(file_pattern, batch_size, column_names=None, column_defaults=None, label_name=None,
                     select_columns=None, field_delim=",", use_quote_delim=True, na_value="", header=True,
                     num_epochs=None, shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                     prefetch_buffer_size=None, num_parallel_reads=None, sloppy=False, num_rows_for_inference=100,
                     compression_type=None, ignore_errors=False, encoding="utf-8"):
    """Batches of CSV records as an OrderedDict of columns (and the label column apart, if named),
    shuffled and repeated `num_epochs` times (forever by default); column dtypes are inferred
    from the first records unless column_defaults gives them."""
    defaults = [_record_default(i, d) for i, d in enumerate(column_defaults or [])]
    impl, names, dtypes = _tfpp._data.make_csv_dataset(
        file_pattern, int(batch_size), list(column_names or []), defaults, label_name or "",
        list(select_columns or []), field_delim, bool(use_quote_delim), na_value, bool(header),
        -1 if num_epochs is None else int(num_epochs), bool(shuffle), int(shuffle_buffer_size),
        None if shuffle_seed is None else int(shuffle_seed),
        0, compression_type or "")
    if not dtypes:  # no records: the dtypes the defaults give, else inference's int32
        dtypes = [d.dtype for d in defaults] or [_tfpp.int32] * len(names)
    columns = DatasetV2(impl, tuple(_tfpp.TensorSpec([None], d) for d in dtypes))
    features = len(names) - (1 if label_name else 0)

    def as_dict(*values):
        named = collections.OrderedDict(zip(names[:features], values[:features]))
        return (named, values[features]) if label_name else named
    return columns.map(as_dict).prefetch(AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size)


CsvDataset = CsvDatasetV2

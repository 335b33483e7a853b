"""tf.data.experimental's transformations (functions for Dataset.apply) and helpers: the older
names of Dataset methods (scan, group_by_window, take_while, unique, ...), assert_cardinality,
group_by_reducer with Reducer, pad_to_cardinality, parse_example_dataset, at, Counter, from_list,
get_structure, TFRecordWriter, make_batched_features_dataset, and lookup tables read from a
dataset."""

import numpy as _np

from .. import _tfpp
from .. import io as _io
from .. import lookup as _lookup
from .. import _nest
from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, DatasetV2
from .dataset_ops import _dataset_class
from .dataset_ops import _tfpp_errors as _errors
from . import structure
from .readers import TFRecordDatasetV2

_data = _tfpp._data

SHARD_HINT = -1


def scan(initial_state, scan_func):
    """The transformation that is Dataset.scan."""
    return lambda dataset: dataset.scan(initial_state, scan_func)


def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    """The transformation that is Dataset.group_by_window."""
    return lambda dataset: dataset.group_by_window(key_func, reduce_func, window_size, window_size_func)


def bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=None,
                              padding_values=None, pad_to_bucket_boundary=False, no_padding=False,
                              drop_remainder=False):
    """The transformation that is Dataset.bucket_by_sequence_length."""
    return lambda dataset: dataset.bucket_by_sequence_length(
        element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes, padding_values,
        pad_to_bucket_boundary, no_padding, drop_remainder)


def take_while(predicate):
    """The transformation that is Dataset.take_while."""
    return lambda dataset: dataset.take_while(predicate)


def unbatch():
    """The transformation that is Dataset.unbatch."""
    return lambda dataset: dataset.unbatch()


def unique():
    """The transformation that is Dataset.unique."""
    return lambda dataset: dataset.unique()


def enumerate_dataset(start=0):
    """The transformation that is Dataset.enumerate."""
    return lambda dataset: dataset.enumerate(start)


def shuffle_and_repeat(buffer_size, count=None, seed=None):
    """Shuffles, then repeats `count` times (forever by default), reshuffling every pass."""
    return lambda dataset: dataset.shuffle(buffer_size, seed).repeat(count)


def parallel_interleave(map_func, cycle_length, block_length=1, sloppy=False, buffer_output_elements=None,
                        prefetch_input_elements=None):
    """Dataset.interleave with `cycle_length` inputs read in parallel (in order unless sloppy)."""
    return lambda dataset: dataset.interleave(map_func, cycle_length, block_length, num_parallel_calls=cycle_length,
                                              deterministic=not sloppy)


def map_and_batch(map_func, batch_size, num_parallel_batches=None, drop_remainder=False, num_parallel_calls=None):
    """Dataset.map then Dataset.batch, as one transformation."""
    if num_parallel_batches is not None and num_parallel_calls is not None:
        raise ValueError("`map_and_batch` allows only one of `num_parallel_batches` and `num_parallel_calls` to be "
                         "set, but `num_parallel_batches` was set to %s and `num_parallel_calls` as set to %s."
                         % (num_parallel_batches, num_parallel_calls))
    if num_parallel_batches is not None:
        num_parallel_calls = num_parallel_batches * batch_size
    return lambda dataset: dataset.map(map_func, num_parallel_calls).batch(batch_size, drop_remainder)


_AssertCardinalityDataset = _dataset_class("_AssertCardinalityDataset", "assert_cardinality's dataset.")


def assert_cardinality(expected_cardinality):
    """The same elements with the cardinality `expected_cardinality` (for fit's progress bar and
    cardinality()); iterating raises FailedPreconditionError where the count differs."""
    def transform(dataset):
        count = _tfpp._convert_to_tensor(expected_cardinality, dtype=_tfpp.int64)
        variant = _data.assert_cardinality_op(dataset._variant_tensor(), count)
        return dataset._from_variant(_AssertCardinalityDataset, variant, dataset.element_spec)
    return transform


class Reducer:
    """What group_by_reducer does with each group: init_func(key) gives the first state,
    reduce_func(state, element) the next, finalize_func(state) the group's output."""

    def __init__(self, init_func, reduce_func, finalize_func):
        self._init_func = init_func
        self._reduce_func = reduce_func
        self._finalize_func = finalize_func

    @property
    def init_func(self):
        return self._init_func

    @property
    def reduce_func(self):
        return self._reduce_func

    @property
    def finalize_func(self):
        return self._finalize_func


def group_by_reducer(key_func, reducer):
    """One output per key_func(element) (an int64 scalar): the reducer folded over that key's
    elements, after the input ends, by ascending key."""
    def reduce_group(key, group):
        state = group.reduce(reducer.init_func(key), reducer.reduce_func)
        finalized = reducer.finalize_func(*state) if type(state) is tuple else reducer.finalize_func(state)
        return DatasetV2.from_tensors(finalized)
    return lambda dataset: dataset.group_by_window(key_func, reduce_group, window_size=_np.iinfo(_np.int64).max)


def pad_to_cardinality(cardinality, mask_key="valid"):
    """Pads a dataset of dicts to `cardinality` elements with zeros; each element gains a bool
    `mask_key` entry, True for the dataset's own elements."""
    def transform(dataset):
        n = int(dataset.cardinality())
        if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
            raise ValueError("The dataset passed into `pad_to_cardinality` must have a known cardinalty, but has "
                             "cardinality %d" % n)
        if n > cardinality:
            raise ValueError("The dataset passed into `pad_to_cardinality` must have a cardinalty less than the "
                             "target cardinality (%d), but has cardinality %d" % (cardinality, n))
        if not isinstance(dataset.element_spec, dict):
            raise ValueError("`pad_to_cardinality` requires its input dataset to be a dictionary.")

        def valid(element):
            return dict(element, **{mask_key: _tfpp.constant(True)})
        filler = {k: _tfpp.zeros(spec.shape, spec.dtype) for k, spec in dataset.element_spec.items()}
        filler[mask_key] = _tfpp.constant(False)
        padding = DatasetV2.from_tensors(filler).repeat(cardinality - n)
        return dataset.map(valid).concatenate(padding)
    return transform


def parse_example_dataset(features, num_parallel_calls=1, deterministic=None):
    """Parses a dataset of serialized tf.train.Example vectors (batches) into dicts of features."""
    return lambda dataset: dataset.map(lambda serialized: _io.parse_example(serialized, features),
                                       num_parallel_calls, deterministic)


def at(dataset, index):
    """The element at `index` of a dataset whose cardinality is known."""
    n = int(dataset.cardinality())
    if n == UNKNOWN_CARDINALITY:
        raise _errors().UnimplementedError(None, None, "Random access is not implemented for this dataset.")
    if index < 0 or (n != INFINITE_CARDINALITY and index >= n):
        raise _errors().OutOfRangeError(None, None, "Index out of range [0, %d):%d" % (n, index))
    return dataset.skip(index).take(1).get_single_element()


def Counter(start=0, step=1, dtype=_tfpp.int64):  # noqa: N802 - TensorFlow's name
    """start, start + step, ... forever (Dataset.counter)."""
    return DatasetV2.counter(start, step, dtype)


def from_list(elements, name=None):
    """A dataset of the given elements (each the same structure and dtypes; shapes may differ,
    the element_spec keeping the dimensions they share)."""
    if not elements:
        raise ValueError("Invalid `elements`. `elements` should not be empty. If you want an empty dataset, use "
                         "`tf.data.Dataset.range(0)`.")
    tensors = [structure.normalize(e) for e in elements]
    spec = structure.specs_of(tensors[0])
    for t in tensors[1:]:
        _nest.assert_same_structure(tensors[0], t)
        spec = _nest.map_structure(structure.most_specific_compatible, spec, structure.specs_of(t))

    def generator():
        yield from tensors
    return DatasetV2.from_generator(generator, output_signature=spec)


def get_structure(dataset_or_iterator):
    """The element_spec of a dataset or iterator."""
    try:
        return dataset_or_iterator.element_spec
    except AttributeError:
        raise TypeError("Invalid `dataset_or_iterator`. `dataset_or_iterator` must be a `tf.data.Dataset` or "
                        "tf.data.Iterator object, but got %s." % type(dataset_or_iterator)) from None


class TFRecordWriter:
    """Writes a dataset of scalar strings to a TFRecord file."""

    def __init__(self, filename, compression_type=None):
        self._filename = filename
        self._compression_type = compression_type

    def write(self, dataset):
        """Writes every element of `dataset`, one record each."""
        spec = dataset.element_spec
        if not isinstance(spec, _tfpp.TensorSpec) or spec.dtype != _tfpp.string or spec.shape.rank != 0:
            shapes = _nest.map_structure(lambda s: s.shape, spec)
            types = _nest.map_structure(lambda s: s.dtype, spec)
            raise TypeError("Invalid `dataset`. Expected a`dataset` that produces scalar `tf.string` elements, but "
                            "got a dataset which produces elements with shapes %s and types %s." % (shapes, types))
        with _io.TFRecordWriter(self._filename, self._compression_type) as writer:
            for record in dataset:
                writer.write(record.numpy())


def make_batched_features_dataset(file_pattern, batch_size, features, reader=None, label_key=None, reader_args=None,
                                  num_epochs=None, shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                                  prefetch_buffer_size=None, reader_num_threads=None, parser_num_threads=None,
                                  sloppy_ordering=False, drop_final_batch=False):
    """Batches of parsed tf.train.Example records read from the files matching `file_pattern`:
    dicts of features (and the `label_key` feature apart), shuffled and repeated `num_epochs`
    times (forever by default)."""
    if label_key is not None and label_key not in features:
        raise ValueError("The `label_key` provided (%s) must be one of the `features` keys: %s."
                         % (label_key, features.keys()))
    reader = reader or TFRecordDatasetV2
    files = DatasetV2.list_files(file_pattern, shuffle=shuffle, seed=shuffle_seed)
    threads = reader_num_threads or 1
    records = files.interleave(lambda name: reader(name, *(reader_args or [])), cycle_length=threads,
                               num_parallel_calls=threads if threads > 1 else None, deterministic=not sloppy_ordering)
    if shuffle:
        records = records.shuffle(shuffle_buffer_size, shuffle_seed)
    records = records.repeat(num_epochs).batch(batch_size, drop_remainder=drop_final_batch)
    parsed = records.apply(parse_example_dataset(features, parser_num_threads or 1))
    if label_key is not None:
        parsed = parsed.map(lambda example: (example, example.pop(label_key)))
    return parsed.prefetch(AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size)


class DatasetInitializer(_lookup.KeyValueTensorInitializer):
    """A table's keys and values from a dataset of (key, value) scalar pairs."""

    def __init__(self, dataset):
        spec = dataset.element_spec
        if not (isinstance(spec, tuple) and len(spec) == 2 and all(isinstance(s, _tfpp.TensorSpec) for s in spec)):
            raise TypeError("The dataset should contain pairs of tensors (key, value), but got %s." % (spec,))
        pairs = list(dataset)
        keys = [k for k, _ in pairs]
        values = [v for _, v in pairs]
        super().__init__(_tfpp.stack(keys) if keys else _tfpp.zeros([0], spec[0].dtype),
                         _tfpp.stack(values) if values else _tfpp.zeros([0], spec[1].dtype))


def table_from_dataset(dataset=None, num_oov_buckets=0, vocab_size=None, default_value=None, hasher_spec=None,
                       key_dtype=_tfpp.string, name=None):
    """A lookup table of the (key, value) pairs of `dataset` (its first vocab_size); keys it
    lacks get default_value, or with num_oov_buckets one of that many int64 ids after the
    table's, by the keys' fingerprint."""
    if num_oov_buckets < 0:
        raise ValueError("`num_oov_buckets` must be greater than or equal to 0, got %d." % num_oov_buckets)
    if hasher_spec is not None and getattr(hasher_spec, "hasher", "fasthash") != "fasthash":
        raise ValueError("tfpp's lookup tables hash out-of-vocabulary keys with fasthash only, got %r" % (hasher_spec,))
    if vocab_size is not None:
        dataset = dataset.take(vocab_size)
    initializer = DatasetInitializer(dataset)
    if num_oov_buckets:
        return _lookup.StaticVocabularyTable(initializer, num_oov_buckets, name=name)
    return _lookup.StaticHashTable(initializer, default_value, name=name)


def index_table_from_dataset(dataset=None, num_oov_buckets=0, vocab_size=None, default_value=-1, hasher_spec=None,
                             key_dtype=_tfpp.string, name=None):
    """table_from_dataset with each key's position in `dataset` as its value (int64)."""
    indexed = dataset.enumerate().map(lambda index, key: (key, index))
    return table_from_dataset(indexed, num_oov_buckets, vocab_size, default_value, hasher_spec, key_dtype, name)

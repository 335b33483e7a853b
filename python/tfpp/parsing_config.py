"""tf.io.RaggedFeature and tf.io.SparseFeature, and how tf.io.parse_example builds their results, as
TensorFlow's parsing_config.py does: the ParseExample op parses a RaggedFeature's value and partition
keys as ragged keys (values and row splits per example) and a SparseFeature's index and value keys as
VarLenFeatures; the partitions then nest the values (RaggedTensor factories, with their validation
when `validate` is set) and the index keys place the values (sparse_merge)."""

import collections as _collections
import importlib as _importlib

from . import _tfpp
from .sparse_tensor import SparseTensor


def _tf():
    """The tfpp package (its ops), which imports this module while it loads."""
    return _importlib.import_module(__package__)


class RaggedFeature(_collections.namedtuple("RaggedFeature",
                                            ["dtype", "value_key", "partitions", "row_splits_dtype", "validate"])):
    """A feature parsed into a RaggedTensor: the values of `value_key` (the feature's own key by
    default) split into rows by `partitions`, outermost first (a batch adds the outer dimension)."""

    __slots__ = ()

    RowSplits = _collections.namedtuple("RowSplits", ["key"])
    RowLengths = _collections.namedtuple("RowLengths", ["key"])
    RowStarts = _collections.namedtuple("RowStarts", ["key"])
    RowLimits = _collections.namedtuple("RowLimits", ["key"])
    ValueRowIds = _collections.namedtuple("ValueRowIds", ["key"])
    UniformRowLength = _collections.namedtuple("UniformRowLength", ["length"])

    _PARTITION_TYPES = (RowSplits, RowLengths, RowStarts, RowLimits, ValueRowIds, UniformRowLength)

    def __new__(cls, dtype, value_key=None, partitions=(), row_splits_dtype=_tfpp.int32, validate=False):
        tf = _tf()
        if value_key is not None:
            if not isinstance(value_key, str):
                raise ValueError(f"Argument `value_key` must be a string; got {value_key}")
            if not value_key:
                raise ValueError("Argument `value_key` must not be empty")
        dtype = tf.dtypes.as_dtype(dtype)
        if dtype not in (tf.int64, tf.float32, tf.string):
            raise ValueError(f"Argument `dtype` must be int64, float32, or bytes; got {dtype!r}")
        row_splits_dtype = tf.dtypes.as_dtype(row_splits_dtype)
        if row_splits_dtype not in (tf.int32, tf.int64):
            raise ValueError(f"Argument `row_splits_dtype` must be int32 or int64; got{row_splits_dtype!r}")
        if not isinstance(partitions, (list, tuple)):
            raise TypeError(f"Argument `partitions` must be a list or tuple. Received"
                            f"partitions={partitions} of type {type(partitions).__name__}.")
        for partition in partitions:
            if not isinstance(partition, cls._PARTITION_TYPES):
                raise TypeError(f"Argument `partitions` cannot be cast to any of the partition types in "
                                f"{cls._PARTITION_TYPES}; got: {partition!r} with type {type(partition)}")
        if not isinstance(validate, bool):
            raise TypeError(f"Argument `validate` must be a bool; got {validate!r}")
        return super().__new__(cls, dtype, value_key, tuple(partitions), row_splits_dtype, validate)


class SparseFeature(_collections.namedtuple("SparseFeature",
                                            ["index_key", "value_key", "dtype", "size", "already_sorted"])):
    """A feature parsed into a SparseTensor of dense shape `size`: the values of `value_key` at the
    indices that the `index_key` features (one per dimension) hold."""

    __slots__ = ()

    def __new__(cls, index_key, value_key, dtype, size, already_sorted=False):
        return super().__new__(cls, index_key, value_key, dtype, size, already_sorted)


class ParseKeys:
    """The keys the ParseExample op parses for a dict of specs, checked as TensorFlow's _ParseOpParams
    checks them: `features` ({key: FixedLenFeature or VarLenFeature}, SparseFeatures' keys as
    VarLenFeatures) and `ragged` ({key: (dtype, row_splits_dtype)})."""

    def __init__(self, features, fixed_type, varlen_type):
        tf = _tf()
        self.features, self.ragged = {}, {}
        self._dense, self._varlen = [], {}
        for key in sorted(features):
            feature = features[key]
            if isinstance(feature, SparseFeature):
                self._add_sparse_feature(key, feature)
            elif isinstance(feature, RaggedFeature):
                self._add_ragged_key(key if feature.value_key is None else feature.value_key, feature.dtype,
                                     feature.row_splits_dtype)
                for partition in feature.partitions:
                    if not isinstance(partition, RaggedFeature.UniformRowLength):
                        self._add_ragged_key(partition.key, tf.int64, feature.row_splits_dtype)
            elif isinstance(feature, varlen_type):
                self._add_sparse_key(key, feature.dtype)
            elif isinstance(feature, fixed_type):
                self._dense.append(key)
                self.features[key] = feature
            else:
                raise ValueError(f"Unsupported {type(feature).__name__} {feature} for key '{key}'")
        self.features.update({key: varlen_type(dtype) for key, dtype in self._varlen.items()})
        self._check_disjoint()

    def _add_sparse_key(self, key, dtype):
        tf = _tf()
        dtype = tf.dtypes.as_dtype(dtype)
        if key in self._varlen and self._varlen[key] != dtype:
            raise ValueError(f"Conflicting type {self._varlen[key]} vs {dtype} for feature {key}.")
        self._varlen.setdefault(key, dtype)

    def _add_sparse_feature(self, key, feature):
        tf = _tf()
        if not feature.index_key:
            raise ValueError(f"Missing index_key for SparseFeature {feature}.")
        if not feature.value_key:
            raise ValueError(f"Missing value_key for SparseFeature {feature}.")
        if not feature.dtype:
            raise ValueError(f"Missing type for feature {key}. Received feature={feature}.")
        index_keys = [feature.index_key] if isinstance(feature.index_key, str) else feature.index_key
        for index_key in sorted(index_keys):
            self._add_sparse_key(index_key, tf.int64)
        self._add_sparse_key(feature.value_key, feature.dtype)

    def _add_ragged_key(self, key, value_type, split_type):
        if key in self.ragged:
            original_value_type, original_split_type = self.ragged[key]
            if original_value_type != value_type:
                raise ValueError(f"Conflicting type {original_value_type} vs {value_type} for feature {key}.")
            if original_split_type != split_type:
                raise ValueError(f"Conflicting partition type {original_split_type} vs {split_type} for feature {key}.")
        else:
            self.ragged[key] = (value_type, split_type)

    def _check_disjoint(self):
        # The key lists in the order keys were added, as TensorFlow's messages show them.
        dense_keys, sparse_keys, ragged_keys = self._dense, list(self._varlen), list(self.ragged)
        dense, sparse, ragged = set(dense_keys), set(sparse_keys), set(ragged_keys)
        if not dense.isdisjoint(sparse):
            raise ValueError(f"Dense and sparse keys must not intersect; dense_keys: {dense_keys}, sparse_keys: "
                             f"{sparse_keys}, intersection: {dense & sparse}")
        if not dense.isdisjoint(ragged):
            raise ValueError("Dense and ragged keys must not intersect; dense_keys: ",
                             f"{dense_keys}, ragged_keys: {ragged_keys}, intersection: {dense & ragged}")
        if not ragged.isdisjoint(sparse):
            raise ValueError(f"Ragged and sparse keys must not intersect; ragged_keys: {ragged_keys}, sparse_keys: "
                             f"{sparse_keys}, intersection: {ragged & sparse}")


def build_ragged(parsed, batched):
    """The parsed ragged keys ({key: (values, row_splits)}) as TensorFlow's parse ops give them: one
    example's values as a tensor, a batch's as a RaggedTensor of a row per example."""
    from .ragged.ragged_tensor import RaggedTensor
    if not batched:
        return {key: values for key, (values, _) in parsed.items()}
    return {key: RaggedTensor.from_row_splits(values, splits, validate=False) for key, (values, splits) in parsed.items()}


def construct_composites(features, tensors):
    """`tensors` (the parsed keys) with each SparseFeature's and RaggedFeature's result built, and
    only the keys of `features` kept (TensorFlow's _construct_tensors_for_composite_features)."""
    from .ragged.ragged_tensor import RaggedTensor
    updates = {}
    for key in sorted(features):
        feature = features[key]
        if isinstance(feature, SparseFeature):
            ids = (tensors[feature.index_key] if isinstance(feature.index_key, str)
                   else [tensors[index_key] for index_key in feature.index_key])
            updates[key] = sparse_merge(ids, tensors[feature.value_key], feature.size, feature.already_sorted)
        elif isinstance(feature, RaggedFeature):
            rt = tensors[key if feature.value_key is None else feature.value_key]
            batched = isinstance(rt, RaggedTensor)  # a batch's rows are examples; one example's values are a tensor
            for partition in reversed(feature.partitions):
                if batched:
                    rt = _add_batched_partition(rt, partition, tensors, feature.validate)
                else:
                    rt = _add_partition(rt, partition, tensors, feature.row_splits_dtype, feature.validate)
            updates[key] = rt
    out = dict(tensors)
    out.update(updates)
    return {key: value for key, value in out.items() if key in features}


def sparse_merge(sp_ids, sp_values, vocab_size, already_sorted):
    """The SparseTensor whose indices are the batch indices of `sp_ids` with its values appended (one
    column per id SparseTensor), holding `sp_values`' values (TensorFlow's sparse_merge_impl)."""
    tf = _tf()
    if isinstance(sp_ids, SparseTensor):
        sp_ids, vocab_size = [sp_ids], [vocab_size]
    if len(sp_ids) != len(vocab_size):
        raise ValueError("sp_ids and vocab_size have to have equal lengths.")
    ids = [tf.expand_dims(tf.cast(sp.values, tf.int64), axis=1) for sp in sp_ids]
    indices = tf.concat([sp_ids[0].indices[:, :-1]] + ids, 1)
    shape = tf.concat([sp_ids[0].dense_shape[:-1], [tf.cast(size, tf.int64) for size in vocab_size]], 0)
    result = SparseTensor(indices, sp_values.values, shape)
    if already_sorted:
        return result
    from . import sparse_ops
    ordered = sparse_ops.reorder(result)
    return SparseTensor(ordered.indices, ordered.values, shape)


def _row_splits(values, partition_t, partition, validate):
    """One example's values split into rows by the partition tensor `partition_t`."""
    tf = _tf()
    from .ragged.ragged_tensor import RaggedTensor
    if isinstance(partition, RaggedFeature.RowSplits):
        return RaggedTensor.from_row_splits(values, partition_t, validate=validate)
    if isinstance(partition, RaggedFeature.RowLengths):
        return RaggedTensor.from_row_lengths(values, partition_t, validate=validate)
    if isinstance(partition, RaggedFeature.ValueRowIds):
        return RaggedTensor.from_value_rowids(values, partition_t, validate=validate)
    nvals = tf.cast(_nrows(values), partition_t.dtype)
    if isinstance(partition, RaggedFeature.RowStarts):  # a row ends where the next starts
        splits = tf.concat([partition_t, tf.reshape(nvals, [1])], 0)
    else:  # RowLimits: the first row starts at 0
        splits = tf.concat([tf.zeros([1], partition_t.dtype), partition_t], 0)
    return RaggedTensor.from_row_splits(values, splits, validate=validate)


def _nrows(values):
    tf = _tf()
    from .ragged.ragged_tensor import RaggedTensor
    if isinstance(values, RaggedTensor):
        return values.nrows(out_type=tf.int64)
    return tf.shape(values, out_type=tf.int64)[0]


def _add_partition(values, partition, tensors, row_splits_dtype, validate):
    """One example's values (a tensor or RaggedTensor) with the partition applied."""
    tf = _tf()
    from .ragged.ragged_tensor import RaggedTensor
    if isinstance(partition, RaggedFeature.UniformRowLength):
        if isinstance(values, RaggedTensor):
            length = tf.convert_to_tensor(partition.length, dtype=row_splits_dtype)
            return RaggedTensor.from_uniform_row_length(values, length, validate=validate)
        return tf.reshape(values, tf.concat([[-1, partition.length], tf.shape(values)[1:]], axis=0))
    partition_t = tf.cast(tensors[partition.key], row_splits_dtype)
    return _row_splits(values, partition_t, partition, validate)


def _add_batched_partition(rt, partition, tensors, validate):
    """A batch's RaggedTensor (a row per example) with each example's values partitioned by that
    example's partition values (TensorFlow's _add_batched_ragged_partition, in flat tensors)."""
    tf = _tf()
    from .ragged.ragged_tensor import RaggedTensor
    if isinstance(partition, RaggedFeature.UniformRowLength):
        if isinstance(rt.values, RaggedTensor):
            length = tf.convert_to_tensor(partition.length, rt.row_splits.dtype)
            inner = RaggedTensor.from_uniform_row_length(rt.values, length, validate=validate)
            return RaggedTensor.from_row_splits(inner, rt.row_splits // length, validate=validate)
        reshaped = tf.reshape(rt.values, tf.concat([[-1, partition.length], tf.shape(rt.values)[1:]], axis=0))
        return RaggedTensor.from_row_splits(reshaped, rt.row_splits // partition.length, validate=validate)
    partition_t = tensors[partition.key]
    dtype = rt.row_splits.dtype
    values, splits = tf.cast(partition_t.values, dtype), tf.cast(partition_t.row_splits, dtype)
    lengths = splits[1:] - splits[:-1]
    starts = rt.row_starts()
    if isinstance(partition, RaggedFeature.ValueRowIds):
        # Each example's rows: one past its largest row id; ids move past the earlier examples' rows.
        example = _row_ids(splits, dtype)
        nrows = tf.maximum(tf.math.unsorted_segment_max(values + 1, example, tf.shape(lengths)[0]), 0)
        offsets = tf.math.cumsum(nrows, exclusive=True)
        rows = RaggedTensor.from_value_rowids(rt.values, values + tf.gather(offsets, example), validate=validate)
        return RaggedTensor.from_row_lengths(rows, nrows, validate=validate)
    if isinstance(partition, RaggedFeature.RowLengths):
        return RaggedTensor.from_row_splits(RaggedTensor.from_row_lengths(rt.values, values, validate=validate), splits,
                                            validate=validate)
    if isinstance(partition, RaggedFeature.RowSplits):  # each example's first split (0) dropped: its limits
        example = _row_ids(splits, dtype)
        position = tf.range(tf.shape(values, out_type=dtype)[0], dtype=dtype) - tf.gather(splits, example)
        keep = tf.math.greater(position, 0)
        values, example = tf.boolean_mask(values, keep), tf.boolean_mask(example, keep)
        lengths = tf.maximum(lengths - 1, 0)
        splits = tf.concat([tf.zeros([1], dtype), tf.math.cumsum(lengths)], 0)
    else:
        example = _row_ids(splits, dtype)
    # Limits (or starts) within an example, moved to where that example's values begin.
    bounds = values + tf.gather(starts, example)
    if isinstance(partition, RaggedFeature.RowStarts):
        inner_splits = tf.concat([bounds, tf.reshape(tf.cast(_nrows(rt.values), dtype), [1])], 0)
    else:
        inner_splits = tf.concat([tf.zeros([1], dtype), bounds], 0)
    inner = RaggedTensor.from_row_splits(rt.values, inner_splits, validate=validate)
    return RaggedTensor.from_row_splits(inner, splits, validate=validate)


def _row_ids(splits, dtype):
    """The row of each value of a partition whose row splits are `splits`."""
    tf = _tf()
    lengths = splits[1:] - splits[:-1]
    return tf.repeat(tf.range(tf.shape(lengths, out_type=dtype)[0], dtype=dtype), lengths)

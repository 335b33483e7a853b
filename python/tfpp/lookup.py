"""tf.lookup: lookup tables (StaticHashTable, StaticVocabularyTable, MutableHashTable) and their
initializers, with TensorFlow's argument checks and messages. A table is a resource handle that
tf.function captures as it captures a variable; its ops are in _tfpp._lookup."""

import types as _types

from . import _tfpp
from .ragged.ragged_tensor import RaggedTensor as _RaggedTensor
from .sparse_tensor import SparseTensor as _SparseTensor

_ops = _tfpp._lookup


class TextFileIndex:
    """Which part of a line is a key or value, besides a column number."""
    WHOLE_LINE = -2
    LINE_NUMBER = -1


def _check_table_dtypes(table, key_dtype, value_dtype):
    if key_dtype != table.key_dtype:
        raise TypeError(f"Invalid key dtype for table, expected {table.key_dtype} but got {key_dtype}.")
    if value_dtype != table.value_dtype:
        raise TypeError(f"Invalid value dtype for table, expected {table.value_dtype} but got {value_dtype}.")


class TableInitializerBase:
    """Base of the initializers: their key and value dtypes."""

    def __init__(self, key_dtype, value_dtype):
        self._key_dtype = _tfpp.TensorSpec([], key_dtype).dtype
        self._value_dtype = _tfpp.TensorSpec([], value_dtype).dtype

    @property
    def key_dtype(self):
        return self._key_dtype

    @property
    def value_dtype(self):
        return self._value_dtype


class KeyValueTensorInitializer(TableInitializerBase):
    """Keys and values from two tensors of one size."""

    def __init__(self, keys, values, key_dtype=None, value_dtype=None, name=None):
        self._keys = _tfpp._convert_to_tensor(keys, dtype=key_dtype)
        self._values = _tfpp._convert_to_tensor(values, dtype=value_dtype)
        self._name = name
        super().__init__(self._keys.dtype, self._values.dtype)

    def initialize(self, table):
        _check_table_dtypes(table, self._keys.dtype, self._values.dtype)
        _ops.import_(table.resource_handle, self._keys, self._values, table.key_dtype, table.value_dtype, lift=True)


class TextFileInitializer(TableInitializerBase):
    """Keys and values from the lines of a text file: the whole line, its number, or a column."""

    def __init__(self, filename, key_dtype, key_index, value_dtype, value_index, vocab_size=None, delimiter="\t",
                 name=None, value_index_offset=0):
        if key_index < -2:
            raise ValueError(f"`key_index` should be >= -2, received: {key_index}.")
        if key_index == TextFileIndex.LINE_NUMBER and key_dtype != _tfpp.int64:
            raise ValueError("`key_dtype` must be int64 if `key_index` is "
                             f"{TextFileIndex.LINE_NUMBER}, received: {key_dtype}")
        if ((key_index == TextFileIndex.WHOLE_LINE) and (not _tfpp.TensorSpec([], key_dtype).dtype.is_integer)
                and (key_dtype != _tfpp.string)):
            raise ValueError("`key_dtype` should be either integer or string for `key_index` "
                             f"{TextFileIndex.WHOLE_LINE}, received: {key_dtype}")
        if value_index < -2:
            raise ValueError(f"`value_index` should be >= -2, received: {value_index}")
        if value_index == TextFileIndex.LINE_NUMBER and value_dtype != _tfpp.int64:
            raise ValueError("`value_dtype` must be int64 for `value_index` "
                             f"{TextFileIndex.LINE_NUMBER}, received: {value_dtype}")
        if value_index == TextFileIndex.WHOLE_LINE and value_dtype != _tfpp.string:
            raise ValueError("`value_dtype` must be string for `value_index` "
                             f"{TextFileIndex.WHOLE_LINE}, received: {value_dtype}")
        if (vocab_size is not None) and (vocab_size <= 0):
            raise ValueError(f"`vocab_size` should be > 0, received: {vocab_size}")
        self._filename = str(filename.numpy().decode() if isinstance(filename, _tfpp.Tensor) else filename)
        self._key_index = key_index
        self._value_index = value_index
        self._vocab_size = vocab_size
        self._delimiter = delimiter
        self._offset = value_index_offset
        self._name = name
        super().__init__(key_dtype, value_dtype)

    def initialize(self, table):
        _check_table_dtypes(table, self.key_dtype, self.value_dtype)
        _ops.init_from_text_file(table.resource_handle, self._filename, self._key_index, self._value_index,
                                 -1 if self._vocab_size is None else self._vocab_size, self._delimiter, self._offset)


def _values_of(keys):
    return keys.values if isinstance(keys, (_SparseTensor, _RaggedTensor)) else keys


def _with_values(keys, values):
    if isinstance(keys, _RaggedTensor):
        return keys.with_values(values)
    if isinstance(keys, _SparseTensor):
        return _SparseTensor(keys.indices, values, keys.dense_shape)
    return values


class _Table:
    """What every table has: dtypes, the resource handle, size and export."""

    def __init__(self, kind, key_dtype, value_dtype, is_mutable, name, empty_key=None, deleted_key=None):
        self._key_dtype = _tfpp.TensorSpec([], key_dtype).dtype
        self._value_dtype = _tfpp.TensorSpec([], value_dtype).dtype
        self._name = name
        self._resource_handle = _ops.new_table(kind, self._key_dtype, self._value_dtype, is_mutable, empty_key,
                                               deleted_key)

    @property
    def key_dtype(self):
        return self._key_dtype

    @property
    def value_dtype(self):
        return self._value_dtype

    @property
    def name(self):
        return self._name

    @property
    def resource_handle(self):
        return self._resource_handle

    def size(self, name=None):
        return _ops.size(self._resource_handle, name)

    def export(self, name=None):
        return _ops.export(self._resource_handle, self._key_dtype, self._value_dtype)

    def _check_keys(self, keys):
        if isinstance(keys, (list, tuple)) or not hasattr(keys, "dtype"):
            keys = _tfpp._convert_to_tensor(keys)
        if keys.dtype != self._key_dtype:
            raise TypeError(f"Dtype of argument `keys` must be {self._key_dtype}, received: {keys.dtype}")
        return keys


class StaticHashTable(_Table):
    """A table filled once by an initializer; missing keys map to `default_value`."""

    def __init__(self, initializer, default_value, name=None, experimental_is_anonymous=False):
        super().__init__("HashTable", initializer.key_dtype, initializer.value_dtype, False, name)
        self._initializer = initializer
        self._default_value = _tfpp._convert_to_tensor(default_value, dtype=self._value_dtype)
        initializer.initialize(self)

    @property
    def default_value(self):
        return self._default_value

    def lookup(self, keys, name=None):
        keys = self._check_keys(keys)
        values = _ops.find(self._resource_handle, _values_of(keys), self._default_value, self._key_dtype,
                           self._value_dtype, name)
        return _with_values(keys, values)


class StaticVocabularyTable(_Table):
    """A vocabulary plus `num_oov_buckets` hashed ids for keys not in it."""

    def __init__(self, initializer, num_oov_buckets, lookup_key_dtype=None, name=None,
                 experimental_is_anonymous=False):
        if num_oov_buckets <= 0:
            raise ValueError("`num_oov_buckets` must be > 0; use StaticHashTable.")
        if initializer is not None and initializer.value_dtype != _tfpp.int64:
            raise TypeError(f"Invalid `value_dtype`, expected {_tfpp.int64} but got {initializer.value_dtype}.")
        key_dtype = initializer.key_dtype if initializer is not None else (lookup_key_dtype or _tfpp.string)
        self._num_oov_buckets = num_oov_buckets
        self._table = StaticHashTable(initializer, -1) if initializer is not None else None
        self._key_dtype = _tfpp.TensorSpec([], key_dtype).dtype
        self._value_dtype = _tfpp.int64
        self._name = name
        self._resource_handle = self._table.resource_handle if self._table is not None else None

    def size(self, name=None):
        if self._table is None:
            return _tfpp.constant(self._num_oov_buckets, _tfpp.int64)
        return self._table.size() + self._num_oov_buckets

    def export(self, name=None):
        return self._table.export() if self._table is not None else None

    def lookup(self, keys, name=None):
        keys = self._check_keys(keys)
        values = _values_of(keys)
        if values.dtype == _tfpp.int32:
            values = _tfpp.math.cast(values, _tfpp.int64)
        text = values if values.dtype == _tfpp.string else _tfpp.strings.as_string(values)
        buckets = _tfpp.strings.to_hash_bucket_fast(text, num_buckets=self._num_oov_buckets, name="hash_bucket")
        if self._table is not None:
            ids = self._table.lookup(values)
            buckets = buckets + self._table.size()
            ids = _tfpp.math.where(ids != self._table.default_value, ids, buckets)
        else:
            ids = buckets
        return _with_values(keys, ids)


class MutableHashTable(_Table):
    """A table that insert and remove change."""

    def __init__(self, key_dtype, value_dtype, default_value, name="MutableHashTable", checkpoint=True,
                 experimental_is_anonymous=False, _reserved_keys=(None, None)):
        super().__init__("MutableHashTable", key_dtype, value_dtype, True, name, *_reserved_keys)
        self._default_value = _tfpp._convert_to_tensor(default_value, dtype=self._value_dtype)

    @property
    def default_value(self):
        return self._default_value

    def _convert(self, value, dtype, what):
        if isinstance(value, _tfpp.Tensor) and value.dtype != dtype:
            raise ValueError(f"{what}: Tensor conversion requested dtype {dtype.name} for Tensor with dtype "
                             f"{value.dtype.name}: {value!r}")
        try:
            return _tfpp._convert_to_tensor(value, dtype=dtype)
        except ValueError as e:
            raise ValueError(f"{what}: {e}") from None

    def insert(self, keys, values, name=None):
        keys = self._convert(keys, self._key_dtype, "keys")
        values = self._convert(values, self._value_dtype, "values")
        _ops.insert(self._resource_handle, keys, values, self._key_dtype, self._value_dtype)

    def remove(self, keys, name=None):
        if keys.dtype != self._key_dtype:
            raise TypeError(f"Dtype of argument `keys` must be {self._key_dtype}, received: {keys.dtype}")
        _ops.remove(self._resource_handle, keys, self._key_dtype)

    def lookup(self, keys, dynamic_default_values=None, name=None):
        keys = self._convert(keys, self._key_dtype, "keys")
        default = self._default_value if dynamic_default_values is None else dynamic_default_values
        return _ops.find(self._resource_handle, keys, default, self._key_dtype, self._value_dtype, name)

    def import_(self, keys, values, name=None):
        keys = self._convert(keys, self._key_dtype, "keys")
        values = self._convert(values, self._value_dtype, "values")
        _ops.import_(self._resource_handle, keys, values, self._key_dtype, self._value_dtype)


class DenseHashTable(MutableHashTable):
    """A mutable table with two reserved keys no call may use (TensorFlow's MutableDenseHashTable).
    export() lists the entries only, where TensorFlow lists every bucket."""

    def __init__(self, key_dtype, value_dtype, default_value, empty_key, deleted_key, initial_num_buckets=None,
                 name="MutableDenseHashTable", checkpoint=True, experimental_is_anonymous=False):
        super().__init__(key_dtype, value_dtype, default_value, name, _reserved_keys=(empty_key, deleted_key))

    def erase(self, keys, name=None):
        keys = self._convert(keys, self._key_dtype, "keys")
        _ops.remove(self._resource_handle, keys, self._key_dtype)

    def insert_or_assign(self, keys, values, name=None):
        self.insert(keys, values)


experimental = _types.ModuleType("tfpp.lookup.experimental", "tf.lookup.experimental: mutable tables.")
experimental.MutableHashTable = MutableHashTable
experimental.DenseHashTable = DenseHashTable

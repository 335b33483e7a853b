"""tf.train.Example and its parts (Features, Feature, BytesList, FloatList, Int64List) as plain
Python objects, serialized and parsed by the C++ core in the wire format of TensorFlow's
example.proto, so records are read by TensorFlow and the other way round."""

from . import _tfpp

_LISTS = ("bytes_list", "float_list", "int64_list")


class _ValueList:
    """A list of values (the `value` field of BytesList, FloatList, Int64List)."""

    def __init__(self, value=()):
        self.value = list(value)

    def __eq__(self, other):
        return type(self) is type(other) and self.value == other.value


class BytesList(_ValueList):
    """A list of byte strings."""


class FloatList(_ValueList):
    """A list of float32 numbers."""


class Int64List(_ValueList):
    """A list of int64 numbers."""


class Feature:
    """One feature: a bytes_list, a float_list or an int64_list (or none)."""

    def __init__(self, bytes_list=None, float_list=None, int64_list=None):
        given = [(k, v) for k, v in zip(_LISTS, (bytes_list, float_list, int64_list)) if v is not None]
        if len(given) > 1:
            raise ValueError("A Feature holds one of bytes_list, float_list and int64_list, got %s" %
                             ", ".join(k for k, _ in given))
        self._kind = given[0][0] if given else None
        self.bytes_list = bytes_list or BytesList()
        self.float_list = float_list or FloatList()
        self.int64_list = int64_list or Int64List()

    def WhichOneof(self, oneof_group):
        """The name of the list this feature holds, or None."""
        return self._kind

    def __eq__(self, other):
        return isinstance(other, Feature) and self._kind == other._kind and (
            self._kind is None or getattr(self, self._kind) == getattr(other, self._kind))


class Features:
    """Named features."""

    def __init__(self, feature=None):
        self.feature = dict(feature or {})

    def __eq__(self, other):
        return isinstance(other, Features) and self.feature == other.feature


class Example:
    """One example: its features."""

    def __init__(self, features=None):
        self.features = features if features is not None else Features()

    def SerializeToString(self, deterministic=None):
        """The protocol-buffer encoding, as bytes."""
        lists = {}
        for name, feature in self.features.feature.items():
            kind = feature.WhichOneof("kind")
            if kind is not None:
                lists[name] = (kind, getattr(feature, kind).value)
            else:
                lists[name] = ("", [])
        return _tfpp._io.serialize_example(lists)

    def ParseFromString(self, serialized):
        """Replaces the features with those of the serialized Example."""
        features = {}
        for name, (kind, values) in _tfpp._io.parse_example_proto(serialized).items():
            list_class = {"bytes_list": BytesList, "float_list": FloatList, "int64_list": Int64List}.get(kind)
            features[name] = Feature(**{kind: list_class(values)}) if list_class else Feature()
        self.features = Features(features)
        return len(serialized)

    @classmethod
    def FromString(cls, serialized):
        """The Example that `serialized` encodes."""
        example = cls()
        example.ParseFromString(serialized)
        return example

    def __eq__(self, other):
        return isinstance(other, Example) and self.features == other.features

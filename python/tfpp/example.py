"""tf.train.Example and tf.train.SequenceExample and their parts (Features, Feature, BytesList,
FloatList, Int64List, FeatureList, FeatureLists) as plain Python objects, serialized and parsed by
the C++ core in the wire format of TensorFlow's example.proto, so records are read by TensorFlow
and the other way round."""

from . import _tfpp
from .errors import DataLossError
from .protos import DecodeError

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


def _feature_entry(feature):
    """A Feature in the C++ core's form: (list kind or "", values)."""
    kind = feature.WhichOneof("kind")
    return (kind, getattr(feature, kind).value) if kind is not None else ("", [])


def _decoded(parse, serialized, message_type):
    """parse(serialized), raising protobuf's DecodeError for bytes that are not a valid message."""
    try:
        return parse(serialized)
    except DataLossError:
        raise DecodeError("Error parsing message with type '%s': Wire format was corrupt" % message_type) from None


_LIST_CLASSES = {"bytes_list": BytesList, "float_list": FloatList, "int64_list": Int64List}


def _feature_from_entry(kind, values):
    list_class = _LIST_CLASSES.get(kind)
    return Feature(**{kind: list_class(values)}) if list_class else Feature()


class _Message:
    """What the message classes share: FromString over their ParseFromString."""

    @classmethod
    def FromString(cls, serialized):
        """The message that `serialized` encodes."""
        message = cls()
        message.ParseFromString(serialized)
        return message


class Example(_Message):
    """One example: its features."""

    def __init__(self, features=None):
        self.features = features if features is not None else Features()

    def SerializeToString(self, deterministic=None):
        """The protocol-buffer encoding, as bytes."""
        return _tfpp._io.serialize_example({name: _feature_entry(f) for name, f in self.features.feature.items()})

    def ParseFromString(self, serialized):
        """Replaces the features with those of the serialized Example."""
        self.features = Features({name: _feature_from_entry(kind, values)
                                  for name, (kind, values) in _decoded(_tfpp._io.parse_example_proto, serialized,
                                                                     "tensorflow.Example").items()})
        return len(serialized)

    def __eq__(self, other):
        return isinstance(other, Example) and self.features == other.features


class FeatureList:
    """The features of a sequence's steps, one Feature per step."""

    def __init__(self, feature=None):
        self.feature = list(feature or [])

    def __eq__(self, other):
        return isinstance(other, FeatureList) and self.feature == other.feature


class FeatureLists:
    """Named feature lists."""

    def __init__(self, feature_list=None):
        self.feature_list = dict(feature_list or {})

    def __eq__(self, other):
        return isinstance(other, FeatureLists) and self.feature_list == other.feature_list


class SequenceExample(_Message):
    """One sequence: features of the whole (context) and a FeatureList per named feature.
    The bytes are TensorFlow's with deterministic serialization (map keys in order); an empty
    context or feature_lists is left out, as TensorFlow leaves out one never set."""

    def __init__(self, context=None, feature_lists=None):
        self.context = context if context is not None else Features()
        self.feature_lists = feature_lists if feature_lists is not None else FeatureLists()

    def SerializeToString(self, deterministic=None):
        """The protocol-buffer encoding, as bytes."""
        return _tfpp._io.serialize_sequence_example(
            {name: _feature_entry(f) for name, f in self.context.feature.items()},
            {name: [_feature_entry(f) for f in steps.feature] for name, steps in self.feature_lists.feature_list.items()})

    def ParseFromString(self, serialized):
        """Replaces the context and feature lists with those of the serialized SequenceExample."""
        context, lists = _decoded(_tfpp._io.parse_sequence_example_proto, serialized, "tensorflow.SequenceExample")
        self.context = Features({name: _feature_from_entry(*entry) for name, entry in context.items()})
        self.feature_lists = FeatureLists({name: FeatureList([_feature_from_entry(*entry) for entry in steps])
                                           for name, steps in lists.items()})
        return len(serialized)

    def __eq__(self, other):
        return (isinstance(other, SequenceExample) and self.context == other.context and
                self.feature_lists == other.feature_lists)

"""TensorFlow's protocol-buffer messages as Python classes (tf.compat.v1.Event, Summary,
HistogramProto, SummaryMetadata, SessionLog, TensorProto, GraphDef, NodeDef), with the message API of protobuf's
Python: fields as attributes, repeated fields as containers with add/append/extend, maps as dicts, HasField,
WhichOneof, ListFields, CopyFrom, MergeFrom, SerializeToString, FromString, ParseFromString and
text format for str/repr. The messages live in the C++ core (python/src/proto_messages.cc)."""

from . import _tfpp

_p = _tfpp.proto


class DecodeError(Exception):
    """Bytes that do not parse as the message (protobuf's google.protobuf.message.DecodeError)."""


class Message:
    """The base of the message classes; each subclass names its type in `_type`."""

    _type = None
    _fields = frozenset()
    __slots__ = ("_handle",)

    def __init__(self, **fields):
        object.__setattr__(self, "_handle", _p.new(self._type, fields))

    @classmethod
    def _wrap(cls, handle):
        name = _p.type_name(handle)
        message = cls.__new__(_classes.get(name) or _message_class(name))
        object.__setattr__(message, "_handle", handle)
        return message

    def __getattr__(self, name):
        if name not in self._fields:
            raise AttributeError("%s has no attribute %r" % (type(self).__name__, name))
        return _value(_p.get(self._handle, name))

    def __setattr__(self, name, value):
        if name not in self._fields:
            raise AttributeError("Protocol message %s has no \"%s\" field." % (type(self).__name__, name))
        _p.set(self._handle, name, value)

    def HasField(self, field_name):  # noqa: N802 (protobuf's names)
        return _p.has_field(self._handle, field_name)

    def ClearField(self, field_name):  # noqa: N802
        _p.clear_field(self._handle, field_name)

    def WhichOneof(self, oneof_group):  # noqa: N802
        return _p.which_oneof(self._handle, oneof_group)

    def ListFields(self):  # noqa: N802
        """The set fields as (descriptor, value) pairs; a descriptor here has .name."""
        return [(_FieldDescriptor(name), _value(value)) for name, value in _p.list_fields(self._handle)]

    def Clear(self):  # noqa: N802
        _p.clear(self._handle)

    def CopyFrom(self, other_msg):  # noqa: N802
        _p.copy_from(self._handle, other_msg)

    def MergeFrom(self, other_msg):  # noqa: N802
        if not isinstance(other_msg, Message):
            raise TypeError("Parameter to MergeFrom() must be instance of same class: expected %s got %s." %
                            (type(self).__name__, type(other_msg).__name__))
        _p.merge_from(self._handle, other_msg._handle)

    def SerializeToString(self, deterministic=None):  # noqa: N802
        return _p.serialize(self._handle)

    def ParseFromString(self, serialized):  # noqa: N802
        return _p.parse(self._handle, serialized, False)

    def MergeFromString(self, serialized):  # noqa: N802
        return _p.parse(self._handle, serialized, True)

    @classmethod
    def FromString(cls, s):  # noqa: N802
        message = cls()
        message.ParseFromString(s)
        return message

    def ByteSize(self):  # noqa: N802
        return _p.byte_size(self._handle)

    def IsInitialized(self):  # noqa: N802 (proto3 messages have no required fields)
        return True

    def __eq__(self, other):
        if not isinstance(other, Message):
            return NotImplemented
        return _p.equal(self._handle, other._handle)

    __hash__ = None

    def __str__(self):
        return _p.text(self._handle)

    __repr__ = __str__

    def __reduce__(self):
        return type(self).FromString, (self.SerializeToString(),)


class _FieldDescriptor:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "<FieldDescriptor %s>" % self.name


class _Repeated:
    """A repeated field: a list-like view that writes through to its message."""

    __slots__ = ("_handle",)

    def __init__(self, handle):
        self._handle = handle

    def __len__(self):
        return _p.size(self._handle)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return _value(_p.item(self._handle, index))

    def __delitem__(self, index):
        _p.delete(self._handle, index)

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def add(self, **fields):
        return _value(_p.add(self._handle, fields))

    def append(self, value):
        _p.append(self._handle, value)

    def extend(self, values):
        for value in values:
            self.append(value)

    def __eq__(self, other):
        return list(self) == list(other)

    __hash__ = None

    def __repr__(self):
        return repr(list(self))


class _EnumType:
    """A nested enum type: its values by name and names by value (protobuf's EnumTypeWrapper)."""

    def __init__(self, name, values):
        self._name, self._values = name, dict(values)

    def Name(self, number):  # noqa: N802
        for name, n in self._values.items():
            if n == number:
                return name
        raise ValueError("Enum %s has no name defined for value %r" % (self._name, number))

    def Value(self, name):  # noqa: N802
        if name not in self._values:
            raise ValueError("Enum %s has no value defined for name %r" % (self._name, name))
        return self._values[name]

    def keys(self):
        return list(self._values)

    def values(self):
        return list(self._values.values())

    def items(self):
        return list(self._values.items())


class _Map:
    """A map field (its entries are a repeated field of key/value messages): a dict-like view.
    Reading a missing key of a map of messages adds it, as in protobuf's Python."""

    __slots__ = ("_entries",)

    def __init__(self, handle):
        self._entries = _Repeated(handle)

    def _entry(self, key):
        return next((entry for entry in self._entries if entry.key == key), None)

    def __getitem__(self, key):
        entry = self._entry(key)
        if entry is None and _p.map_of_messages(self._entries._handle):
            entry = self._entries.add(key=key)
        if entry is None:
            raise KeyError(key)
        return entry.value

    def __setitem__(self, key, value):
        entry = self._entry(key)
        if entry is None:
            self._entries.append({"key": key, "value": value})
        else:
            entry.value = value

    def __contains__(self, key):
        return self._entry(key) is not None

    def get(self, key, default=None):
        entry = self._entry(key)
        return default if entry is None else entry.value

    def __len__(self):
        return len(self._entries)

    def __iter__(self):
        return (entry.key for entry in self._entries)

    def keys(self):
        return list(self)

    def items(self):
        return [(entry.key, entry.value) for entry in self._entries]

    def __eq__(self, other):
        return dict(self.items()) == dict(other.items() if isinstance(other, _Map) else other)

    __hash__ = None

    def __repr__(self):
        return repr(dict(self.items()))


def _value(value):
    if isinstance(value, _p.MessageHandle):
        return Message._wrap(value)
    if isinstance(value, _p.RepeatedHandle):
        return _Map(value) if _p.is_map(value) else _Repeated(value)
    return value


_classes = {}


def _message_class(full_name):
    """The class of message type `full_name` ("Summary.Value"), with its nested types and enum
    values as class attributes, as protobuf's generated classes have them."""
    info = _p.describe(full_name)
    cls = type(info["name"], (Message,), {"_type": full_name, "_fields": frozenset(info["fields"]), "__slots__": (),
                                          "__qualname__": full_name, "__module__": "tfpp.protos"})
    for enum_name, values in info["enums"].items():
        setattr(cls, enum_name, _EnumType(enum_name, values))
        for name, number in values.items():
            setattr(cls, name, number)
    for nested in info["nested"]:
        setattr(cls, nested, _message_class(full_name + "." + nested))
    _classes[full_name] = cls
    return cls


# The message types tfpp exports (tf.compat.v1.Event, ...); their nested types hang off them.
MESSAGES = ("Event", "SessionLog", "SourceMetadata", "Summary", "SummaryMetadata", "HistogramProto", "TensorProto",
            "TensorShapeProto", "GraphDef", "NodeDef", "AttrValue")


def __getattr__(name):
    # Each class is made on first use, not at import: describing a type runs the core's protobuf,
    # which a TensorFlow imported earlier into the same process may have displaced (README).
    if name not in MESSAGES:
        raise AttributeError("module 'tfpp.protos' has no attribute %r" % name)
    cls = globals()[name] = _classes.get(name) or _message_class(name)
    return cls

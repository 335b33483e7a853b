"""tf.compat.v1.GraphDef: the serializable description of a graph, as TensorFlow's protocol buffer
message, for tf.summary.graph. tfpp's Python has no protocol-buffer classes: this one holds the
message as its serialized bytes, checks their wire format when parsing and reads the nodes' names,
ops, inputs and devices from them.

    graph_def = tf.compat.v1.GraphDef.FromString(serialized)
    tf.summary.graph(graph_def)
"""

import collections


class DecodeError(Exception):
    """Bytes that do not parse as the message (protobuf's google.protobuf.message.DecodeError)."""


NodeDef = collections.namedtuple("NodeDef", ["name", "op", "input", "device"])
NodeDef.__doc__ = "One node of a GraphDef: its name, op, inputs (\"node\" or \"node:1\") and device."

_VARINT, _FIXED64, _LENGTH, _FIXED32 = 0, 1, 2, 5


def _varint(data, pos):
    result = shift = 0
    while pos < len(data) and shift < 64:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return result, pos
    raise DecodeError("Error parsing message with type 'tensorflow.GraphDef'")


def _fields(data):
    """A message's fields as (number, wire type, value), checking the wire format."""
    pos, out = 0, []
    while pos < len(data):
        key, pos = _varint(data, pos)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise DecodeError("Error parsing message with type 'tensorflow.GraphDef'")
        if wire == _VARINT:
            value, pos = _varint(data, pos)
        elif wire in (_FIXED64, _FIXED32):
            size = 8 if wire == _FIXED64 else 4
            value, pos = data[pos:pos + size], pos + size
        elif wire == _LENGTH:
            size, pos = _varint(data, pos)
            value, pos = data[pos:pos + size], pos + size
        else:
            raise DecodeError("Error parsing message with type 'tensorflow.GraphDef'")
        if pos > len(data):
            raise DecodeError("Error parsing message with type 'tensorflow.GraphDef'")
        out.append((number, wire, value))
    return out


def _text(value):
    try:
        return value.decode()
    except UnicodeDecodeError:
        raise DecodeError("Error parsing message with type 'tensorflow.GraphDef'") from None


def _nodes(serialized):
    """The NodeDefs of a serialized GraphDef (field 1; NodeDef: name 1, op 2, input 3, device 4)."""
    nodes = []
    for number, wire, value in _fields(serialized):
        if number == 1:
            if wire != _LENGTH:
                raise DecodeError("Error parsing message with type 'tensorflow.GraphDef'")
            name = op = device = ""
            inputs = []
            for n, w, v in _fields(value):
                if n in (1, 2, 3, 4) and w == _LENGTH:
                    text = _text(v)
                    if n == 1:
                        name = text
                    elif n == 2:
                        op = text
                    elif n == 3:
                        inputs.append(text)
                    else:
                        device = text
            nodes.append(NodeDef(name, op, inputs, device))
    return nodes


class GraphDef:
    """A GraphDef message: empty when made, filled by ParseFromString."""

    def __init__(self):
        self._serialized = b""

    @classmethod
    def FromString(cls, serialized):
        """A GraphDef parsed from serialized bytes."""
        graph_def = cls()
        graph_def.ParseFromString(serialized)
        return graph_def

    def ParseFromString(self, serialized):
        """Replaces the message by the one `serialized` holds; returns its size in bytes."""
        serialized = bytes(serialized)
        _nodes(serialized)
        self._serialized = serialized
        return len(serialized)

    def SerializeToString(self):
        """The message's bytes."""
        return self._serialized

    def ByteSize(self):
        """The size of the serialized message."""
        return len(self._serialized)

    @property
    def node(self):
        """The nodes, as NodeDef tuples."""
        return _nodes(self._serialized)

    def __eq__(self, other):
        return isinstance(other, GraphDef) and self._serialized == other._serialized

    __hash__ = None  # mutable, as protocol-buffer messages are

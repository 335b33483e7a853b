"""Reads TensorBoard event files in pure Python, so a conformance program can read its summaries back
the same way under TensorFlow and under tfpp (whose environment has no TensorBoard): the TFRecord
framing, then the few protocol buffer messages a TF2 summary uses, decoded from the wire format.

    for event in read_events(logdir):
        event["step"], event["summaries"]   # [{"tag", "plugin", "content", "description", "tensor"}]
"""

import glob
import os
import struct

import numpy as np

# TensorFlow's DataType enum values, as NumPy dtypes (string tensors are lists of bytes).
_DTYPES = {1: np.float32, 2: np.float64, 3: np.int32, 7: object, 9: np.int64, 10: np.bool_}


def _varint(data, pos):
    result = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return result, pos


def fields(data):
    """A message's fields as (number, value) pairs: ints for varints, bytes for the rest."""
    pos, out = 0, []
    while pos < len(data):
        key, pos = _varint(data, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(data, pos)
        elif wire == 1:
            value, pos = data[pos:pos + 8], pos + 8
        elif wire == 5:
            value, pos = data[pos:pos + 4], pos + 4
        elif wire == 2:
            size, pos = _varint(data, pos)
            value, pos = data[pos:pos + size], pos + size
        else:
            raise ValueError("unsupported wire type %d" % wire)
        out.append((number, value))
    return out


def _signed(value):
    return value - (1 << 64) if value >= 1 << 63 else value


def tensor(data):
    """A TensorProto as a NumPy array (from tensor_content or the typed value fields)."""
    dtype, shape, content, values = None, [], None, []
    for number, value in fields(data):
        if number == 1:
            dtype = _DTYPES[value]
        elif number == 2:
            shape = [_signed(dict(fields(d)).get(1, 0)) for n, d in fields(value) if n == 2]
        elif number == 4:
            content = value
        elif number == 8:
            values.append(value)
        elif number in (5, 6):  # float_val, double_val: fixed-size, packed or not
            size = 4 if number == 5 else 8
            values.extend(struct.unpack("<%d%s" % (len(value) // size, "fd"[number - 5]), value))
        elif number in (7, 10, 11):  # int_val, int64_val, bool_val: varints, packed or not
            if isinstance(value, int):
                values.append(_signed(value))
            else:
                pos = 0
                while pos < len(value):
                    v, pos = _varint(value, pos)
                    values.append(_signed(v))
    count = int(np.prod(shape)) if shape else 1
    if dtype is object:
        array = np.empty(count, dtype=object)
        array[:] = values if len(values) == count else values * count
    elif content is not None:
        array = np.frombuffer(content, dtype=dtype)
    else:  # a single value stands for all elements, as TensorFlow writes constants
        array = np.array(values if len(values) == count else values * count, dtype=dtype)
    return array.reshape(shape)


def _summary_value(data):
    value = {"tag": None, "plugin": None, "content": b"", "description": "", "tensor": None}
    for number, field in fields(data):
        if number == 1:
            value["tag"] = field.decode()
        elif number == 8:
            value["tensor"] = tensor(field)
        elif number == 9:
            for n, f in fields(field):
                if n == 1:
                    plugin = dict(fields(f))
                    value["plugin"] = plugin.get(1, b"").decode()
                    value["content"] = plugin.get(2, b"")
                elif n == 3:
                    value["description"] = f.decode()
    return value


def records(path):
    """The records of a TFRecord file (length, length CRC, data, data CRC; the CRCs are not checked)."""
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        (length,) = struct.unpack("<Q", data[pos:pos + 8])
        yield data[pos + 12:pos + 12 + length]
        pos += 12 + length + 4


def read_events(logdir):
    """Every event of the event files in `logdir`, file by file in name order, as dicts of step,
    file_version, graph_def (bytes) and summaries."""
    events = []
    for path in sorted(glob.glob(os.path.join(logdir, "events.out.tfevents.*"))):
        for record in records(path):
            event = {"step": 0, "file_version": None, "graph_def": None, "summaries": []}
            for number, value in fields(record):
                if number == 2:
                    event["step"] = _signed(value)
                elif number == 3:
                    event["file_version"] = value.decode()
                elif number == 4:
                    event["graph_def"] = value
                elif number == 5:
                    event["summaries"] = [_summary_value(v) for n, v in fields(value) if n == 1]
            events.append(event)
    return events

"""Reads the profiles tf.profiler.experimental writes (<logdir>/plugins/profile/<run>/<host>.xplane.pb,
an XSpace message) in pure Python, so a conformance program reads them back the same way under
TensorFlow and under tfpp (whose environment has no protocol-buffer package):

    for plane in read_space(path)["planes"]:
        plane["name"], plane["stats"], plane["lines"]   # lines: [{"name", "events": [{"name", "stats"}]}]

Stats are (name, kind, value) with kind one of int64, uint64, double, str, bytes, ref (a ref's value
is the name it refers to); events are in the order the file holds them.
"""

import glob
import os
import struct

from event_files import fields

_STAT_KINDS = {2: "double", 3: "uint64", 4: "int64", 5: "str", 6: "bytes", 7: "ref"}


def _signed(value):
    return value - (1 << 64) if value >= 1 << 63 else value


def profile_files(logdir):
    """The profile files under logdir, relative to it."""
    return sorted(os.path.relpath(p, logdir) for p in glob.glob(os.path.join(logdir, "plugins", "profile", "*", "*")))


def _metadata(entries):
    """A map<int64, metadata> field's entries as {id: name}."""
    table = {}
    for entry in entries:
        entry = dict(fields(entry))
        table[_signed(entry.get(1, 0))] = dict(fields(entry.get(2, b""))).get(2, b"").decode()
    return table


def _stat(data, stat_names):
    stat = dict(fields(data))
    name = stat_names.get(_signed(stat.get(1, 0)), "?")
    for number, kind in _STAT_KINDS.items():
        if number in stat:
            value = stat[number]
            if kind == "double":
                value = struct.unpack("<d", value)[0]
            elif kind == "int64":
                value = _signed(value)
            elif kind == "str":
                value = value.decode()
            elif kind == "ref":
                value = stat_names.get(value, "?")
            return name, kind, value
    return name, "int64", 0  # proto3 leaves a zero out


def _plane(data):
    parts = fields(data)
    event_names = _metadata(v for n, v in parts if n == 4)
    stat_names = _metadata(v for n, v in parts if n == 5)
    plane = {"name": "", "stats": [], "lines": []}
    for number, value in parts:
        if number == 2:
            plane["name"] = value.decode()
        elif number == 6:
            plane["stats"].append(_stat(value, stat_names))
        elif number == 3:
            line = {"name": "", "events": []}
            for n, v in fields(value):
                if n == 2:
                    line["name"] = v.decode()
                elif n == 4:
                    event = fields(v)
                    line["events"].append({"name": event_names.get(_signed(dict(event).get(1, 0)), "?"),
                                           "stats": [_stat(s, stat_names) for k, s in event if k == 4]})
            plane["lines"].append(line)
    return plane


def read_space(path):
    """An XSpace file as {"planes": [...], "hostnames": [...]}."""
    with open(path, "rb") as f:
        parts = fields(f.read())
    return {"planes": [_plane(v) for n, v in parts if n == 1],
            "hostnames": [v.decode() for n, v in parts if n == 4]}

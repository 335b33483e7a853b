"""Strings and decode ops: length in bytes and UTF-8 characters, join of equal shapes and scalars,
reduce_join over axes, lower/upper (ASCII and UTF-8), strip, substr (bytes and UTF-8 characters,
broadcasting, out-of-range positions), as_string of every dtype with each format attribute,
regex_replace and regex_full_match (pattern as attribute and as tensor, invalid patterns),
read_file and write_file, serialize_tensor and parse_tensor (the bytes compared with
TensorFlow's), split on whitespace and on a separator with maxsplit, to_number for every output
dtype (exponents, signs, whitespace, inf/nan, overflow and garbage), decode_raw of every dtype in
both byte orders, string comparisons and concatenation.

Tolerance: 0 ulps: string to float conversion is correctly rounded on both sides (strtod/
from_chars), and decoding copies bytes."""

import os
import struct
import tempfile

import numpy as np

from case import DT, Case, T

ULPS = 0


def basics():
    words = T([["hello", ""], ["a b", "\u00e9t\u00e9"]], "string")
    out = [
        Case("tf.strings.length", [words]),
        Case("tf.strings.length", [words], {"unit": "UTF8_CHAR"}),
        Case("tf.strings.length", [T("", "string")]),
        Case("tf.strings.length", [T([1], "int32")], note="not a string"),
        Case("tf.strings.join", [T(["a", "b"], "string"), T(["c", "d"], "string")]),
        Case("tf.strings.join", [T(["a", "b"], "string"), T("-", "string"), T(["c", "d"], "string")], {"separator": "+"}),
        Case("tf.strings.join", [T("x", "string"), T("y", "string")], {"separator": ", "}),
        Case("tf.strings.join", [T(["a", "b"], "string"), T(["c", "d", "e"], "string")], note="shape mismatch"),
        Case("tf.strings.join", [T([["a", "b"]], "string"), T(["c", "d"], "string")], note="no broadcasting"),
        Case("tf.strings.join", [T([["a", "b"]], "string"), T("-", "string"), T([["c", "d"]], "string")]),
        Case("tf.strings.reduce_join", [words]),
        Case("tf.strings.reduce_join", [words], {"axis": 0}),
        Case("tf.strings.reduce_join", [words], {"axis": 1, "separator": "|"}),
        Case("tf.strings.reduce_join", [words], {"axis": -1, "keepdims": True}),
        Case("tf.strings.reduce_join", [T(np.zeros((0,), object), "string")], {"axis": 0}),
        Case("tf.strings.reduce_join", [words], {"axis": 2}, note="axis out of range"),
        Case("tf.math.equal", [words, T("a b", "string")]),
        Case("tf.math.add", [words, T("!", "string")]),
    ]
    for text, attrs in [("a b  c", {}), ("  lead and trail  ", {}), ("a,b,,c", {"sep": ","}), ("a,b,,c", {"sep": ",", "maxsplit": 1}),
                        ("a<>b<>c", {"sep": "<>"}), ("", {}), ("", {"sep": ","}), ("one two three", {"maxsplit": 1}),
                        ("tab\tand\nnewline", {})]:
        out.append(Case("tf.strings.split", [T(text, "string")], attrs))
    out.append(Case("tf.strings.split", [T(["a b", "c", ""], "string")]))
    out.append(Case("tf.strings.split", [T(["a,b", ",", "x"], "string")], {"sep": ","}))
    out.append(Case("tf.strings.split", [T("a b", "string")], {"sep": ""}, note="empty separator"))
    return out


def numbers():
    out = []
    floats = ["1.5", "-2", "1e3", " 7", "3.4028236e38", "1e-50", "inf", "-Inf", "nan", "0x10", "+4.25", ".5", "5.", "1e400"]
    for text in floats:
        for dtype in ["float32", "float64"]:
            out.append(Case("tf.strings.to_number", [T([text], "string")], {"out_type": DT(dtype)}))
    ints = ["12", "-7", "+3", " 4", "2147483647", "2147483648", "-2147483649", "9223372036854775807", "1.0", "0x1F", "1e3", "007"]
    for text in ints:
        for dtype in ["int32", "int64"]:
            out.append(Case("tf.strings.to_number", [T([text], "string")], {"out_type": DT(dtype)}))
    for bad in ["abc", "", "1.5.2", "--1", "12abc"]:
        out.append(Case("tf.strings.to_number", [T([bad], "string")], note="not a number"))
    out.append(Case("tf.strings.to_number", [T([["1", "2.5"], ["-3", "4e1"]], "string")]))
    out.append(Case("tf.strings.to_number", [T(["1"], "string")], {"out_type": DT("bool")}, note="bad out_type"))
    return out


def decode():
    out = []
    packs = {"float32": "f", "float64": "d", "int32": "i", "int64": "q"}
    values = {"float32": [1.5, -0.0, np.inf, 3.25e-3], "float64": [1.5, -2.0], "int32": [1, -2, 2**31 - 1], "int64": [2**40, -5]}
    for dtype, code in packs.items():
        for little in [True, False]:
            order = "<" if little else ">"
            raw = [struct.pack(order + code * len(values[dtype]), *values[dtype]),
                   struct.pack(order + code * len(values[dtype]), *reversed(values[dtype]))]
            out.append(Case("tf.io.decode_raw", [T(raw, "string")], {"out_type": DT(dtype), "little_endian": little}))
        out.append(Case("tf.io.decode_raw", [T(struct.pack("<" + code, values[dtype][0]), "string")], {"out_type": DT(dtype)}))
    out += [
        Case("tf.io.decode_raw", [T([b"\x01\x00\x00\x00", b"\x02\x00"], "string")], {"out_type": DT("int32")}, note="lengths differ"),
        Case("tf.io.decode_raw", [T([b"\x01\x00\x00"], "string")], {"out_type": DT("int32")}, note="not a multiple"),
        Case("tf.io.decode_raw", [T([b""], "string")], {"out_type": DT("float32")}),
        Case("tf.io.decode_raw", [T([1], "int32")], {"out_type": DT("float32")}, note="not a string"),
    ]
    return out


def text():
    mixed = T(["HeLLo \u00c9t\u00e9", "  ab\t\n", "\u00c0B", "Stra\u00dfe \ufb01", "\u03a3\u0391\u03a3", b"A\xff", ""], "string")
    out = [
        Case("tf.strings.lower", [mixed]),
        Case("tf.strings.upper", [mixed]),
        Case("tf.strings.lower", [mixed], {"encoding": "utf-8"}),
        Case("tf.strings.upper", [mixed], {"encoding": "utf-8"}),
        Case("tf.strings.lower", [mixed], {"encoding": "latin1"}, note="bad encoding"),
        Case("tf.strings.upper", [T([1], "int32")], note="not a string"),
        Case("tf.strings.strip", [T([["  ab c\t\n", "\x0b\x0c x \r"], ["", "\u00a0x\u00a0"]], "string")]),
        Case("tf.strings.strip", [T("   ", "string")]),
    ]
    words = T(["hello", "world", "h\u00e9llo"], "string")
    for pos, length in [(1, 3), (-3, 2), (0, 0), (5, 2), (1, -1), (-5, 10)]:
        for unit in ["BYTE", "UTF8_CHAR"]:
            out.append(Case("tf.strings.substr", [words, T(pos, "int32"), T(length, "int32")], {"unit": unit}))
    out += [
        Case("tf.strings.substr", [words, T([1, 2, 3], "int64"), T([2, 10, 1], "int64")]),
        Case("tf.strings.substr", [T([["hello", "world"]], "string"), T([[1], [2]], "int32"), T([[2], [3]], "int32")]),
        Case("tf.strings.substr", [words, T(6, "int32"), T(1, "int32")], note="pos past the end"),
        Case("tf.strings.substr", [words, T(-7, "int32"), T(1, "int32")], {"unit": "UTF8_CHAR"}, note="pos before the start"),
        Case("tf.strings.substr", [words, T([1, 2], "int32"), T(1, "int32")], note="pos and len shapes differ"),
        Case("tf.strings.substr", [words, T([1, 2], "int32"), T([1, 2], "int32")], note="cannot broadcast"),
        Case("tf.strings.substr", [words, T(1, "int64"), T(1, "int32")], note="pos and len dtypes differ"),
        Case("tf.strings.substr", [words, T(1, "int32"), T(1, "int32")], {"unit": "CHAR"}, note="bad unit"),
    ]
    floats = [1.5, -2.25, 1e10, 3.14159265, 0.1, 1e-5, float("nan"), float("inf"), -float("inf"), 0.0]
    formats = [{}, {"precision": 2}, {"scientific": True}, {"shortest": True}, {"shortest": True, "precision": 3},
               {"width": 12, "fill": "0"}, {"width": 12, "fill": "-"}, {"width": 12}, {"fill": "+"}, {"fill": " "},
               {"precision": 0, "fill": "#", "width": 6}, {"precision": -2, "width": -5}]
    for dtype in ["float32", "float64"]:
        for attrs in formats:
            out.append(Case("tf.strings.as_string", [T(floats, dtype)], attrs))
    ints = {"int32": [1, -22, 2**31 - 1, 0], "int64": [2**40, -5, 0], "uint8": [0, 200, 255]}
    for dtype, values in ints.items():
        for attrs in [{}, {"width": 5}, {"width": 5, "fill": "0"}, {"width": 6, "fill": "-"}, {"fill": "+"}]:
            out.append(Case("tf.strings.as_string", [T(values, dtype)], attrs))
        out.append(Case("tf.strings.as_string", [T(values, dtype)], {"precision": 2}, note="precision of an integer"))
        out.append(Case("tf.strings.as_string", [T(values, dtype)], {"scientific": True}, note="scientific integer"))
    out += [
        Case("tf.strings.as_string", [T([True, False], "bool")]),
        Case("tf.strings.as_string", [T([True, False], "bool")], {"width": 7, "fill": "0"}),
        Case("tf.strings.as_string", [T([True], "bool")], {"shortest": True}, note="shortest bool"),
        Case("tf.strings.as_string", [T(["ab", ""], "string")], {"width": 4}),
        Case("tf.strings.as_string", [T(["ab", ""], "string")], {"width": 4, "fill": "-"}),
        Case("tf.strings.as_string", [T(["ab"], "string")], {"precision": 1, "scientific": True}),
        Case("tf.strings.as_string", [T(1.5, "float32")], {"scientific": True, "shortest": True}, note="both notations"),
        Case("tf.strings.as_string", [T(1.5, "float32")], {"fill": "ab"}, note="fill too long"),
        Case("tf.strings.as_string", [T(1.5, "float32")], {"fill": "x"}, note="bad fill"),
    ]
    return out


def regex():
    s = T([["aabb", "ab"], ["ba", ""]], "string")
    out = []
    for pattern, rewrite in [("a+", "X"), ("a", "X"), ("(a)(b)", r"\2\1"), ("", "-"), ("b", r"\3"), ("^", ">"), ("\\w", "\\0\\0")]:
        for replace_global in [True, False]:
            attrs = {"pattern": pattern, "rewrite": rewrite, "replace_global": replace_global}
            out.append(Case("tf.strings.regex_replace", [s], attrs))
            out.append(Case("tf.strings.regex_replace", [s, T(pattern, "string"), T(rewrite, "string")],
                            {"replace_global": replace_global}))
    for pattern in ["a+b+", "a", "b?a?", "[ab]*", ".*"]:
        out.append(Case("tf.strings.regex_full_match", [s], {"pattern": pattern}))
        out.append(Case("tf.strings.regex_full_match", [s, T(pattern, "string")]))
    out += [
        Case("tf.strings.regex_replace", [s], {"pattern": "(a", "rewrite": "X"}, note="invalid pattern"),
        Case("tf.strings.regex_replace", [s, T("(a", "string"), T("X", "string")], note="invalid pattern"),
        Case("tf.strings.regex_replace", [s, T(["a"], "string"), T("X", "string")], note="pattern not a scalar"),
        Case("tf.strings.regex_full_match", [s], {"pattern": "[a"}, note="invalid pattern"),
        Case("tf.strings.regex_full_match", [s, T("[a", "string")], note="invalid pattern"),
        Case("tf.strings.regex_full_match", [s, T(["a"], "string")], note="pattern not a scalar"),
    ]
    return out


def files():
    path = os.path.join(tempfile.gettempdir(), "tfpp_conformance_%d" % os.getpid())
    return [
        Case("io.write_then_read", [T(path + "/a.bin", "string"), T(b"bytes\x00\xff\n", "string")]),
        Case("io.write_then_read", [T(path + "/deeper/b.txt", "string"), T("", "string")]),
        Case("tf.io.read_file", [T(path + "/missing", "string")], note="missing file"),
        Case("tf.io.read_file", [T([path], "string")], note="not a scalar"),
        Case("io.write_then_read", [T(path + "/c", "string"), T(["a"], "string")], note="contents not a scalar"),
    ]


def serialized():
    out = []
    values = {"float32": [[1.5, -0.0], [np.inf, 3.25e-3]], "float64": 2.5, "int32": [1, -2, 2**31 - 1],
              "int64": 2**40, "uint8": [0, 255], "bool": [True, False], "string": [["a", ""], ["b\x00c", "\u00e9"]]}
    for dtype, v in values.items():
        out.append(Case("tf.io.serialize_tensor", [T(v, dtype)]))
        out.append(Case("io.serialize_then_parse", [T(v, dtype)], {"out_type": DT(dtype)}))
    out += [
        Case("tf.io.serialize_tensor", [T(np.zeros((0, 3)), "float32")]),
        Case("io.serialize_then_parse", [T(np.zeros((2, 0)), "int64")], {"out_type": DT("int64")}),
        Case("io.serialize_then_parse", [T([1.5], "float32")], {"out_type": DT("int32")}, note="another dtype"),
        Case("tf.io.parse_tensor", [T(b"garbage\xff", "string")], {"out_type": DT("int32")}, note="not a TensorProto"),
        Case("tf.io.parse_tensor", [T([b""], "string")], {"out_type": DT("int32")}, note="not a scalar"),
    ]
    return out


def _serialize_then_parse(tensor, out_type):
    import tensorflow as tf
    return tf.io.parse_tensor(tf.io.serialize_tensor(tensor), out_type)


def _write_then_read(filename, contents):
    import tensorflow as tf
    tf.io.write_file(filename, contents)
    return tf.io.read_file(filename)


def _join(*xs, separator=""):
    import tensorflow as tf
    return tf.strings.join(list(xs), separator=separator)


ADAPTERS = {"tf.strings.join": _join, "io.write_then_read": _write_then_read,
            "io.serialize_then_parse": _serialize_then_parse}


def cases():
    return basics() + numbers() + decode() + text() + regex() + files() + serialized()

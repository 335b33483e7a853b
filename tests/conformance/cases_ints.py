"""TensorFlow's other integer dtypes: int8, int16, uint16, uint32 and uint64 (beside int32, int64
and uint8). Printing at the dtypes' limits, casts in and out of every dtype (wrapping between
integers; floats through int32 or int64 as TensorFlow's scalar CPU loop converts them), wrapping
arithmetic, floor and truncated division signs, truediv's result dtypes, the ops TensorFlow has
no kernel for in a dtype (errors), comparisons, where, clip_by_value, tf.bitwise, tf.bitcast,
reductions and scans, sorting, the array ops and one_hot, tf.print.

Tolerance: 0 ulps (integers, and exact float results of small integers)."""

import struct
import zlib

import numpy as np

from case import DT, Case, T
from cases_array import ADAPTERS as ARRAY_ADAPTERS
from cases_print import ADAPTERS as PRINT_ADAPTERS
from cases_random import ADAPTERS as RANDOM_ADAPTERS
from cases_reduce import ADAPTERS as REDUCE_ADAPTERS

ULPS = 0

NO_KERNEL = ("a dtype without a kernel: TensorFlow's op accepts the dtype but has no CPU kernel for it, so it raises "
             "NotFoundError where an op that does not accept the dtype raises InvalidArgumentError; tfpp raises "
             "InvalidArgumentError for both")

NEW = ["int8", "int16", "uint16", "uint32", "uint64"]
EVERY_INT = NEW + ["int32", "int64", "uint8"]
SIGNED_SMALL = ["int8", "int16"]  # the new dtypes TensorFlow gives negative, abs, sign and pow


def limits(dtype):
    info = np.iinfo(dtype)
    return [int(info.min), int(info.max)]


def sample(dtype, n=6):
    """Values covering the dtype's range: its limits, zero, small numbers of both signs."""
    lo, hi = limits(dtype)
    vals = [lo, hi, 0, 1, 3, hi // 3] if lo == 0 else [lo, hi, 0, -1, 3, lo // 3]
    return T(vals[:n], dtype)


def printing():
    out = []
    for d in NEW:
        lo, hi = limits(d)
        out.append(Case("tf.identity", [T([lo, hi, 0], d)], note="limits print"))
        out.append(Case("tf.identity", [T([[1, 22], [hi, lo]], d)], note="aligned columns"))
        out.append(Case("tf.identity", [T(hi, d)], note="scalar"))
        out.append(Case("tf.identity", [T(np.arange(1200) % 100, d)], note="summary"))
        out.append(Case("tf.identity", [T(np.zeros((0, 2)), d, (0, 2))], note="empty"))
        out.append(Case("tf.zeros", [], {"shape": [2], "dtype": DT(d)}))
        out.append(Case("tf.ones", [], {"shape": [2, 1], "dtype": DT(d)}))
        out.append(Case("tf.fill", [T(hi, d)], {"dims": [3]}))
        out.append(Case("tf.zeros_like", [T([5, 6], d)]))
        out.append(Case("tf.ones_like", [T([5, 6], d)]))
        out.append(Case("tf.print.file", [T([lo, hi], d), T(hi, d)], {"args": ["#", "#"]}, note="tf.print"))
    out.append(Case("tf.range", [], {"start": 0, "limit": 3, "delta": 1, "dtype": DT("int8")}, note="no int8 Range kernel"))
    return out


def casts():
    out = []
    every = ["float32", "float64", "int32", "int64", "uint8", "bool"] + NEW
    for d in NEW:
        for dst in every:
            out.append(Case("tf.cast", [sample(d)], {"dtype": DT(dst)}, note="cast out"))
    for src in ["int32", "int64", "uint8"] + NEW:
        v = sample(src)
        for d in NEW:
            out.append(Case("tf.cast", [v], {"dtype": DT(d)}, note="integers wrap"))
    for d in NEW:
        out.append(Case("tf.cast", [T([True, False], "bool")], {"dtype": DT(d)}))
        for src in ["float32", "float64"]:
            out.append(Case("tf.cast", [T([2.7, -2.7, 0.5, 100.0, -0.0], src)], {"dtype": DT(d)}, note="truncates"))
            # One element at a time: TensorFlow's scalar loop (its vectorized loop over long tensors
            # converts out-of-range values differently).
            for v in [-1.0, 300.0, -129.5, 70000.0, -70000.0, 3e9, -3e9, 5e9, 1e19, 2e19, np.nan, np.inf]:
                out.append(Case("tf.cast", [T(v, src)], {"dtype": DT(d)}, note="out of range"))
    return out


def arithmetic():
    out = []
    for d in NEW:
        lo, hi = limits(d)
        a = T([hi, lo, 7, 100, 0, hi], d)
        b = T([1, 1, 3, 9, 5, 2], d) if lo == 0 else T([1, -1, -2, 9, -5, 2], d)
        for op in ["add", "subtract", "multiply", "maximum", "minimum", "floordiv", "floormod", "divide", "truediv"]:
            out.append(Case(f"tf.math.{op}", [a, b], note="wraps"))
        out.append(Case("tf.truncatediv", [a, b]))
        out.append(Case("tf.truncatemod", [a, b], note="int32 and int64 only"))
        out.append(Case("tf.math.add", [T([[1], [hi]], d), T([3, 9], d)], note="broadcast"))
        out.append(Case("tf.math.floordiv", [T([5, 1], d), T([0, 1], d)], note="by zero"))
        out.append(Case("tf.math.floormod", [T([5, 1], d), T([1, 0], d)], note="by zero"))
        out.append(Case("tf.math.square", [a], note="wraps"))
        out.append(Case("tf.math.add_n", [a, b, a]))
        out.append(Case("tf.math.add", [a, T([1, 2, 3, 4, 5, 6], "int32")], note="no implicit promotion"))
        for op in ["negative", "abs", "sign"]:
            out.append(Case(f"tf.math.{op}", [a], note="signed only"))
        out.append(Case("tf.math.pow", [T([2, 3, 0, 1], d), T([3, 2, 0, 5], d)], note="int8 and int16 only"))
        out.append(Case("tf.math.round", [a], note="the identity on integers"))
        out.append(Case("tf.math.squared_difference", [a, b], note="no kernel"))
        out.append(Case("tf.math.sqrt", [a], note="no kernel"))
        out += [Case(f"tf.nn.{op}", [a]) for op in ["relu", "relu6"]]
    for d in SIGNED_SMALL:
        lo, _ = limits(d)
        out.append(Case("tf.math.floordiv", [T([-7, 7, lo, lo], d), T([2, -2, -1, 3], d)], note="floor signs"))
        out.append(Case("tf.math.floormod", [T([-7, 7, lo, -1], d), T([2, -2, -1, 3], d)], note="floor signs"))
        out.append(Case("tf.truncatediv", [T([-7, 7, lo], d), T([2, -2, -1], d)], note="toward zero"))
        out.append(Case("tf.math.pow", [T([3, 2], d), T([-1, 2], d)], note="negative exponent"))
    return out


def selection():
    out = []
    for d in NEW:
        lo, hi = limits(d)
        a, b = T([lo, hi, 5, 0], d), T([hi, lo, 5, 1], d)
        out += [Case(f"tf.math.{op}", [a, b]) for op in ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]]
        out.append(Case("tf.where", [T([True, False, True, False], "bool"), a, b]))
        out.append(Case("tf.where", [a]))
        out.append(Case("tf.clip_by_value", [a, T(1, d), T(100, d)]))
    return out


def bitwise():
    out = []
    for d in EVERY_INT:
        lo, hi = limits(d)
        bits = np.iinfo(d).bits
        x = T([lo, hi, 5, 1, 100, 6], d)
        y = T([1, 3, 2, 0, 7, 12], d)
        for op in ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]:
            out.append(Case(f"tf.bitwise.{op}", [x, y]))
        out.append(Case("tf.bitwise.invert", [x]))
        shifts = T([bits - 1, bits, bits + 3, 0, 1, 2], d) if lo == 0 else T([bits - 1, bits, -1, -bits, 1, 2], d)
        out.append(Case("tf.bitwise.left_shift", [x, shifts], note="shift clamped"))
        out.append(Case("tf.bitwise.right_shift", [x, shifts], note="shift clamped"))
        out.append(Case("tf.bitwise.bitwise_and", [T([[1], [2]], d), T([3, 1, 2], d)], note="broadcast"))
    out.append(Case("tf.bitwise.bitwise_and", [T([1.0], "float32"), T([1.0], "float32")], note="integers only"))
    out.append(Case("tf.bitwise.bitwise_or", [T([1, 2], "int8"), T([1, 2, 3], "int8")], note="shapes"))
    return out


def bitcasts():
    return [
        Case("tf.bitcast", [T([1.0, -2.0], "float32")], {"type": DT("uint16")}),
        Case("tf.bitcast", [T([1.0, -2.0], "float32")], {"type": DT("int8")}),
        Case("tf.bitcast", [T([1.0, -2.0], "float32")], {"type": DT("uint32")}),
        Case("tf.bitcast", [T([[1, 2], [3, 65535]], "uint16")], {"type": DT("uint32")}),
        Case("tf.bitcast", [T([[1, 2, 3, 4, 5, 6, 7, 255]], "uint8")], {"type": DT("float64")}),
        Case("tf.bitcast", [T([-1, 5], "int64")], {"type": DT("uint64")}),
        Case("tf.bitcast", [T([2**64 - 1], "uint64")], {"type": DT("int16")}),
        Case("tf.bitcast", [T([1, 2, 3], "uint16")], {"type": DT("uint32")}, note="last dimension"),
        Case("tf.bitcast", [T(1, "uint16")], {"type": DT("uint32")}, note="scalar to wider"),
        Case("tf.bitcast", [T([True], "bool")], {"type": DT("uint8")}, note="not bool"),
    ]


def reductions():
    out = []
    for d in NEW:
        lo, hi = limits(d)
        x = T((np.arange(24).reshape(2, 3, 4) * 37) % 101 - (0 if lo == 0 else 50), d, (2, 3, 4))
        for op in ["reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "reduce_mean"]:
            for axis in [None, 0, [1, 2], -1]:
                out.append(Case(f"tf.math.{op}", [x], {} if axis is None else {"axis": axis}))
        out.append(Case("tf.math.reduce_sum", [T([hi, hi, 1], d)], note="wraps"))
        out.append(Case("tf.math.reduce_mean", [T([hi, hi, hi - 1], d)], note="wide sum unless 64-bit"))
        out.append(Case("tf.math.reduce_mean", [T(np.zeros((0, 2)), d, (0, 2))], {"axis": 0}, note="empty"))
        out.append(Case("tf.math.reduce_max", [T(np.zeros((0,)), d, (0,))], note="empty"))
        for op in ["argmax", "argmin"]:
            out.append(Case(f"tf.math.{op}", [x], {"axis": 2}))
            out.append(Case(f"tf.math.{op}", [T([lo, hi, hi, lo], d)], {"axis": 0}, note="ties"))
        for op in ["cumsum", "cumprod"]:
            out.append(Case(f"tf.math.{op}", [x], {"axis": 1}))
            out.append(Case(f"tf.math.{op}", [x], {"axis": 2, "exclusive": True, "reverse": True}))
        out.append(Case("tf.math.top_k", [T([7, hi, 3, hi, lo], d)], {"k": 3}, note="ties"))
        out.append(Case("tf.sort", [T([7, hi, 3, lo, 0], d)]))
        out.append(Case("tf.sort", [T([7, hi, 3, lo, 0], d)], {"direction": "DESCENDING"}))
        out.append(Case("tf.argsort", [T([7, hi, 3, lo, 0], d)]))
        out.append(Case("tf.unique", [T([7, hi, 7, lo, hi], d)]))
        out.append(Case("tf.unique_with_counts", [T([7, hi, 7, lo, hi], d)]))
        out.append(Case("tf.math.count_nonzero", [T([7, 0, 7, lo, hi], d)]))
        out.append(Case("tf.linalg.matmul", [T([[1, 2], [3, 4]], d), T([[1, 2], [3, 4]], d)], note="no kernel",
                        deviation=NO_KERNEL if d.startswith("u") else ""))
    return out


def arrays():
    out = []
    for d in NEW:
        lo, hi = limits(d)
        x = T((np.arange(24).reshape(2, 3, 4) * 11) % 97, d, (2, 3, 4))
        out += [
            Case("tf.reshape", [x], {"shape": [6, 4]}),
            Case("tf.transpose", [x], {"perm": [2, 0, 1]}),
            Case("tf.concat", [x, x], {"axis": 1}),
            Case("tf.stack", [T([1, hi], d), T([lo, 2], d)], {"axis": 1}),
            Case("tf.unstack", [x], {"axis": 1}),
            Case("tf.split", [x], {"num_or_size_splits": 2, "axis": 2}),
            Case("tf.tile", [T([[1, hi]], d)], {"multiples": [2, 2]}),
            Case("tf.pad", [T([[1, hi]], d)], {"paddings": [[1, 0], [0, 2]]}),
            Case("tf.reverse", [x], {"axis": [1]}),
            Case("tf.strided_slice", [x], {"begin": [0, 2, 3], "end": [2, 0, 0], "strides": [1, -1, -2]}),
            Case("tf.slice", [x], {"begin": [1, 0, 1], "size": [1, 2, 3]}),
            Case("tf.gather", [x, T([1, 0, 1], "int32")], {"axis": 2}),
            Case("tf.gather_nd", [x, T([[0, 2], [1, 1]], "int64")]),
            Case("tf.boolean_mask", [T([lo, 6, hi], d), T([True, False, True], "bool")]),
            Case("tf.scatter_nd", [T([[0], [2], [0]], "int32"), T([hi, 3, 1], d)], {"shape": [4]}),
            Case("tf.tensor_scatter_nd_add", [T([1, 2, 3], d), T([[0], [2]], "int32"), T([hi, 3], d)]),
            Case("tf.tensor_scatter_nd_update", [T([1, 2, 3], d), T([[1]], "int32"), T([hi], d)]),
            Case("tf.tensor_scatter_nd_max", [T([1, 2, 3], d), T([[1]], "int32"), T([hi], d)]),
            Case("tf.one_hot", [T([0, 2, 1], "int32")], {"depth": 3, "on_value": 5, "off_value": 1, "dtype": DT(d)}),
            Case("tf.broadcast_to", [T([1, hi], d)], {"shape": [3, 2]}),
            Case("tf.expand_dims", [T([1, hi], d)], {"axis": 0}),
            Case("tf.squeeze", [T([[1, hi]], d)]),
            Case("tf.roll", [T([1, 2, hi], d)], {"shift": 1, "axis": 0}),
            Case("tf.shape", [x]),
        ]
    x = T(np.arange(6).reshape(2, 3), "uint32", (2, 3))
    out.append(Case("tf.gather", [x, T([2, 0], "int16")], {"axis": 1}, note="int16 indices"))
    out.append(Case("tf.gather_nd", [x, T([[1, 2]], "int16")], note="int16 indices"))
    out.append(Case("tf.gather", [x, T([1], "int8")], note="no int8 indices"))
    out.append(Case("tf.one_hot", [T([0, 2, 5, -1], "int8")], {"depth": 3}, note="int8 indices"))
    out.append(Case("tf.one_hot", [T([0, 2], "int16")], {"depth": 3}, note="no int16 indices"))
    return out


def segments_and_search():
    """Segment reductions (sums and products wrap) and searchsorted over the new dtypes."""
    out = []
    for d in NEW:
        lo, hi = limits(d)
        data = T([[hi, 1], [hi, 2], [3, lo], [7, 0], [2, 5]], d)
        ids = T([0, 0, 1, 1, 3], "int32")
        for op in ["sum", "max", "min", "prod"]:
            out.append(Case(f"tf.math.segment_{op}", [data, ids]))
            out.append(Case(f"tf.math.unsorted_segment_{op}", [data, T([2, 0, -1, 2, 0], "int64"), T(3, "int32")]))
        out.append(Case("tf.math.segment_mean", [T([[9, 1], [3, 2], [4, 6]], d), T([0, 0, 1], "int32")]))
        out.append(Case("tf.searchsorted", [T([0, 3, 3, hi], d), T([3, hi, 0, 1], d)]))
        out.append(Case("tf.searchsorted", [T([0, 3, 3, hi], d), T([3, hi, 0, 1], d)], {"side": "right"}))
    return out


def strings_and_files():
    out = []
    for d in NEW:
        lo, hi = limits(d)
        out.append(Case("tf.strings.as_string", [T([lo, hi, 0], d)]))
        out.append(Case("tf.io.serialize_tensor", [T([lo, hi], d)]))
    raw = T([b"\x01\x00\xff\xff\x00\x80\x7f\x01"], "string")
    for d in ["int8", "int16", "uint16", "uint32", "uint64"]:
        out.append(Case("tf.io.decode_raw", [raw], {"out_type": DT(d)},
                        note="no uint32/uint64 out_type" if d in ("uint32", "uint64") else ""))
    return out


def png_file(pixels, bits):
    """A PNG of `pixels` [height, width, channels] with `bits` per sample, written by hand."""
    pixels = np.asarray(pixels)
    height, width, channels = pixels.shape
    color_type = {1: 0, 2: 4, 3: 2, 4: 6}[channels]

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    samples = pixels.astype(">u2" if bits == 16 else "u1")
    rows = b"".join(b"\0" + samples[y].tobytes() for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, bits, color_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def pngs():
    """16-bit PNG: uint16 images encode to TensorFlow's bytes; 16-bit files decode to uint16 (and to
    uint8 by their high bytes), 8-bit files to uint16 as v * 257, with channel conversions."""
    out = []
    for channels in [1, 2, 3, 4]:
        img = T((np.arange(2 * 3 * channels).reshape(2, 3, channels) * 4099) % 65536, "uint16", (2, 3, channels))
        out.append(Case("tf.io.encode_png", [img], note="16-bit PNG"))
    out.append(Case("tf.io.encode_png", [T(np.zeros((1, 1, 1)), "int16", (1, 1, 1))], note="uint8 and uint16 only"))
    wide = (np.arange(2 * 3 * 3).reshape(2, 3, 3) * 7919) % 65536
    narrow = (np.arange(2 * 3 * 2).reshape(2, 3, 2) * 37) % 256
    for contents in [png_file(wide, 16), png_file(wide[:, :, :1], 16), png_file(narrow, 8), png_file(narrow[:, :, :1], 8)]:
        for dtype in ["uint16", "uint8"]:
            for channels in [0, 1, 3, 4]:
                out.append(Case("tf.io.decode_png", [T(contents, "string")], {"channels": channels, "dtype": DT(dtype)}))
        for dtype in ["uint16", "float32", "float64", "int32", "int8", "int16", "uint32", "uint8"]:
            out.append(Case("tf.io.decode_image", [T(contents, "string")], {"dtype": DT(dtype)}, note="through 16 bits"))
    return out


def images_and_random():
    """tf.image.convert_image_dtype between the integer dtypes and floats (scaling by the ratio of
    the dtypes' ranges), and full-range random integers of uint32 and uint64."""
    out = []
    for d in NEW:
        lo, hi = limits(d)
        img = T([lo, hi, hi // 2, 0, 1], d)
        for dst in ["float32", "float64", "uint8", "int32", "uint16", "int8", "uint64"]:
            if dst != d:
                out.append(Case("tf.image.convert_image_dtype", [img], {"dtype": DT(dst)}))
        if d not in ("uint32", "uint64"):  # from uint32/uint64 floats round past their maximum
            out.append(Case("tf.image.convert_image_dtype", [T([0.0, 1.0, 0.5, 0.25], "float32")], {"dtype": DT(d)}))
        out.append(Case("tf.image.convert_image_dtype", [T([0.0, 1.0, 0.5, 1.5, -0.2], "float64")],
                        {"dtype": DT(d), "saturate": True}))
    for d in ["uint32", "uint64"]:
        out.append(Case("tf.random.stateless_uniform", [T([1, 2], "int32")],
                        {"shape": [5], "dtype": DT(d), "minval": None, "maxval": None}, note="full range"))
        out.append(Case("tf.random.stateless_uniform", [T([7, 3], "int64")],
                        {"shape": [2, 3], "dtype": DT(d), "minval": None, "maxval": None}, note="full range"))
    return out


def cases():
    return (printing() + casts() + arithmetic() + selection() + bitwise() + bitcasts() + reductions() + arrays()
            + segments_and_search() + strings_and_files() + pngs() + images_and_random())


ADAPTERS = {**ARRAY_ADAPTERS, **PRINT_ADAPTERS, **REDUCE_ADAPTERS,
            "tf.random.stateless_uniform": RANDOM_ADAPTERS["tf.random.stateless_uniform"]}

"""Printing: str(t) (what print(t) shows) and repr(t) of tensors of every dtype and rank, as NumPy
formats them inside TensorFlow's text: float layouts (positional, scientific, mixed magnitudes,
8-digit precision, -0, NaN/Inf), line wrapping at 75 columns, nested brackets, summaries past
1000 elements, empty shapes, scalars (NumPy's str vs Python's repr), bools, big integers, and
byte strings with quotes, escapes and non-ASCII bytes. Each case passes the tensor through
tf.identity; the driver compares str and repr exactly.

Tolerance: 0 ulps (identity)."""

import numpy as np

from case import Case, T, ramp

ULPS = 0


def p(values, dtype, shape=None, note=""):
    return Case("tf.identity", [T(values, dtype, shape)], note=note)


def cases():
    out = []
    floats = [
        [1.0, 2.0, 3.0], [1.5, 2.25, -3.125], [0.1, 0.2, 0.3], [1e-5, 1.0], [1e8, 1.0], [1e7, 1.0], [123456.789, 0.5],
        [1.0 / 3, 2.0 / 3], [-0.0, 0.0, 1.0], [np.nan, 1.0, -np.inf], [np.nan, np.nan], [np.inf], [-np.inf, 1e-9],
        [0.001, 1000.0], [0.001, 1000.1], [1e-4, 1.0], [9.99e-5, 1.0], [1e16, 1.0], [3.4e38, -3.4e38], [1e-38, 1e-30],
        [12345678.0, 1.0], [0.5, 100.0, 100000.0], [2.0**-20, 1.0], [7.0], [1e100], [-1.0, -10.0, -100.0],
    ]
    for vals in floats:
        for dtype in ["float32", "float64"]:
            out.append(p(vals, dtype))
            if dtype == "float32" and vals == [1e-38, 1e-30]:
                out[-1].deviation = ("denormals print as 0: tfpp's printer runs with denormals flushed to zero "
                                     "(FTZ/DAZ), like its kernels")
    for v in [0.0, -0.0, 1.0, 0.1, 1e-5, 123456.0, 1234567.0, 1e16, 1e-300, 2.5e-5, np.nan, -np.inf, 3.14159265358979, 100.0]:
        out.append(p(v, "float32", note="scalar"))
        out.append(p(v, "float64", note="scalar"))
    for shape in [(30,), (3, 12), (2, 3, 4), (2, 1, 2, 3), (1, 1), (4, 1), (12, 12), (1001,), (3, 400), (2, 2, 300), (1100,)]:
        out.append(Case("tf.identity", [ramp(shape, "float32", 0.37)], note="layout"))
    out.append(Case("tf.identity", [ramp((25,), "float64", 1.0 / 7)], note="wrapping with long fractions"))
    out.append(Case("tf.identity", [ramp((3, 9), "float64", 1e5 / 7)], note="wide scientific"))
    out.append(Case("tf.identity", [T(np.arange(2000, dtype=np.int64) * 1000003, "int64")], note="summary"))
    out.append(Case("tf.identity", [T(np.arange(3000, dtype=np.float32).reshape(30, 100), "float32")], note="summary 2-D"))
    out.append(Case("tf.identity", [T(np.arange(24000, dtype=np.int32).reshape(10, 20, 120), "int32")], note="summary 3-D"))
    for vals, dtype in [([1, -2, 3], "int32"), ([2**31 - 1, -(2**31)], "int32"), ([2**62, -5], "int64"), ([0], "int64"),
                        ([True, False, True], "bool"), ([[True], [False]], "bool"), ([True, True], "bool"), ([[True]], "bool"), (list(range(40)), "int32"),
                        (list(range(-20, 20)), "int64")]:
        out.append(p(vals, dtype))
    for vals, shape in [([0, 7, 255], None), (list(range(0, 256, 5)), None), ([[1, 22], [255, 0]], None)]:
        out.append(p(vals, "uint8", shape, note="uint8 prints numbers"))
    for v, dtype in [(5, "int32"), (-(2**63), "int64"), (True, "bool"), (False, "bool"), (200, "uint8")]:
        out.append(p(v, dtype, note="scalar"))
    strings = [["a", "bb", ""], ["it's", 'say "hi"', "both ' and \""], ["tab\t", "nl\n", "back\\slash"],
               [b"\x00\x01\xff", "\u00e9", b"\x7f"], ["x" * 40, "y" * 40], [["a", "b"], ["c", "d"]]]
    for s in strings:
        out.append(p(s, "string"))
    for s in ["", "plain", "it's", b"\xff\xfe"]:
        out.append(p(s, "string", note="scalar"))
    for shape, dtype in [((0,), "float32"), ((2, 0), "float64"), ((0, 3), "int32"), ((0,), "int64"), ((0,), "bool"),
                         ((0, 2), "string"), ((1, 0, 2), "float32")]:
        out.append(Case("tf.identity", [T(np.zeros(shape), dtype) if dtype != "string" else T(np.zeros(shape, object), dtype)], note="empty"))
    return out


# ---------------------------------------------------------------- tf.print

def _print_to_file(*tensors, args=(), summarize=3, sep=" ", end="\n", traced=False):
    """tf.print of `args` ("#": the next tensor, "s:text", "f:float", "i:int", "b:bool") to a
    file, eagerly or inside a tf.function; returns the file's text."""
    import os
    import tempfile
    import tensorflow as tf

    tf.get_logger().setLevel("ERROR")  # a tf.function per case: TensorFlow's retracing warnings are expected
    fd, path = tempfile.mkstemp(prefix="tfpp_print_")
    os.close(fd)

    def call(*ts):
        it = iter(ts)
        values = [next(it) if a == "#" else {"s": str, "f": float, "i": int, "b": lambda v: v == "True"}[a[0]](a[2:])
                  for a in args]
        tf.print(*values, output_stream="file://" + path, summarize=summarize, sep=sep, end=end)
        return tf.constant(0)

    (tf.function(call) if traced else call)(*tensors)
    with open(path, "rb") as f:
        text = f.read()
    os.remove(path)
    return tf.constant(text)


ADAPTERS = {"tf.print.file": _print_to_file}


def print_calls():
    """tf.print's text: TensorFlow's summarized values (not NumPy's), sep, end, summarize,
    Python's text for numbers, a lone string scalar raw; eagerly and traced."""
    calls = [
        ([T([1.5, 2.0], "float32")], ["#"], {}),
        ([T([1.5, 2.0], "float32"), T(3, "int32")], ["s:x =", "#", "s:and", "#"], {}),
        ([T(1 / 3, "float64"), T(0.1, "float32"), T(1e10, "float32"), T(1e-7, "float32")], ["#"] * 4, {}),
        ([T([np.nan, np.inf, -np.inf, -0.0], "float32")], ["#"], {}),
        ([T([0.1, 1 / 3, 1e300, 2.5e-320 * 0], "float64")], ["#"], {}),
        ([T(np.arange(10), "int32")], ["#"], {}),
        ([T(np.arange(10), "int32")], ["#"], {"summarize": -1}),
        ([T(np.arange(10), "int32")], ["#"], {"summarize": 0}),
        ([T(np.arange(10), "int64")], ["#"], {"summarize": 1}),
        ([T(np.arange(40, dtype=np.float32).reshape(4, 10), "float32")], ["#"], {"summarize": 2}),
        ([T(np.arange(24).reshape(2, 3, 4), "int32")], ["#"], {"summarize": 1}),
        ([T(np.arange(24).reshape(2, 3, 4), "int32")], ["#"], {}),
        ([T(np.arange(2000), "int64")], ["#"], {}),
        ([T(np.arange(60).reshape(3, 4, 5) * 0.5, "float64")], ["#"], {"summarize": 2}),
        ([T(["a", "b\n", "q\"'", "tab\t", b"\x01\xff"], "string")], ["#"], {}),
        ([T("alone", "string")], ["#"], {}),
        ([T("quoted", "string")], ["s:text", "#"], {}),
        ([T([True, False], "bool"), T(True, "bool")], ["#", "#"], {}),
        ([T([0, 7, 255], "uint8"), T(200, "uint8")], ["#", "#"], {}),
        ([T(np.zeros((0, 3)), "float32"), T(np.zeros((2, 0)), "float32")], ["#", "#"], {}),
        ([T([1, 2], "int32"), T([3], "int32")], ["#", "#"], {"sep": ", ", "end": "!\n"}),
        ([T(7, "int32")], ["#", "s:done"], {"sep": "", "end": ""}),
        ([T(2, "int32")], ["s:a {} b", "#"], {}),
        ([], ["s:numbers", "f:1.5", "i:2", "b:True", "f:1e-05", "f:1e16", "f:0.1", "f:100.0", "i:-7"], {}),
        ([], [], {}),
        ([T(2**62, "int64"), T(-(2**31), "int32")], ["#", "#"], {"sep": "|"}),
    ]
    out = []
    for inputs, args, attrs in calls:
        for traced in [False, True]:
            out.append(Case("tf.print.file", inputs, dict(attrs, args=args, traced=traced),
                            note="tf.print traced" if traced else "tf.print"))
    return out


_table_cases = cases


def cases():  # noqa: F811 - the tensor printing table, then tf.print's calls
    return _table_cases() + print_calls()

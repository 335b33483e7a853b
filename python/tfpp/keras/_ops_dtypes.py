"""Keras 3's dtype rules for keras.ops: dtype names, and the result dtype of mixed inputs on Keras'
promotion lattice (adapted from JAX's), where Python ints and floats are "weak" and take the
other operand's dtype. Untyped floats take keras.config.floatx()."""

import functools as _functools

from .. import _tfpp
from . import config as _config

floatx = _config.floatx
_ALLOWED = ("float16", "float32", "float64", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
            "bfloat16", "bool", "string", "complex64", "complex128")
# With the TensorFlow backend a Python int stands for int64 and a complex for complex128.
_PYTHON = {bool: "bool", int: "int64", float: "float32", str: "string", complex: "complex128", "int": "int64"}

# Each dtype's immediate successors: "int" and "float" are the weak types of Python scalars.
_LATTICE = {
    "bool": ["int"], "uint8": ["int16", "uint16"], "uint16": ["int32", "uint32"], "uint32": ["int64", "uint64"],
    "uint64": ["float"], "int": ["uint8", "int8", "complex64"], "int8": ["int16"], "int16": ["int32"],
    "int32": ["int64"], "int64": ["float"], "float": ["bfloat16", "float16"], "bfloat16": ["float32"],
    "float16": ["float32"], "float32": ["float64", "complex64"], "float64": ["complex128"],
    "complex64": ["complex128"], "complex128": [],
}


def _upper_bounds():
    bounds = {node: {node} for node in _LATTICE}
    for node in _LATTICE:
        while True:
            grown = bounds[node].union(*(_LATTICE[b] for b in bounds[node]))
            if grown == bounds[node]:
                break
            bounds[node] = grown
    return bounds


_UPPER = _upper_bounds()


def standardize_dtype(dtype):
    """A dtype's Keras name ("float32"): of None (floatx), a name, a tfpp, NumPy or Python type."""
    if dtype is None:
        return floatx()
    dtype = _PYTHON.get(dtype, dtype)
    if hasattr(dtype, "name"):
        dtype = dtype.name
    elif hasattr(dtype, "__name__"):
        dtype = dtype.__name__
    if dtype not in _ALLOWED:
        raise ValueError("Invalid dtype: %s" % (dtype,))
    return dtype


@_functools.lru_cache(512)
def _least_upper_bound(*nodes):
    common = set.intersection(*(_UPPER[n] for n in nodes))
    least = (common & set(nodes)) or {c for c in common if common.issubset(_UPPER[c])}
    if len(least) != 1:
        raise ValueError("Input dtypes %s have no available implicit dtype promotion path. Try explicitly casting "
                         "inputs to the desired output type." % (tuple(str(n) for n in nodes),))
    return least.pop()


def _weak(dtype):
    if dtype == "bool":
        return dtype
    for kind in ("float", "int", "complex"):
        if kind in dtype:
            return kind
    raise ValueError("Invalid value for argument `dtype`. Received: dtype=%s" % dtype)


def _resolve_weak(dtype):
    """A weak type made concrete at floatx's width, as Keras does (int64 under float64)."""
    kind = "f" if dtype == "bfloat16" else dtype[:1]
    bits = floatx()[-2:]
    return {"b": "bool", "i": "int" + bits, "u": "uint" + bits}.get(kind, "float" + bits)


def result_type(*dtypes):
    """keras.backend.result_type: the dtype of combining `dtypes` (dtypes, names, or the Python
    types int / float as weak types)."""
    if not dtypes:
        return floatx()
    parsed = [(standardize_dtype(floatx() if d is None else d), d is int or d is float) for d in dtypes]
    names = [name for name, _ in parsed]
    weak = [w for _, w in parsed]
    if len(parsed) == 1:
        out, out_weak = names[0], weak[0]
    elif len(set(names)) == 1 and not all(weak):
        out, out_weak = names[0], False
    elif all(weak):
        out, out_weak = _least_upper_bound(*set(names)), True
    else:
        out = _least_upper_bound(*{_weak(n) if w else n for n, w in zip(names, weak)})
        out_weak = out in ("int", "float")
    if out != "bool" and out_weak:
        out = _resolve_weak(out)
    # Keras' TensorFlow backend keeps int64 and float64, narrows the other 64-bit types.
    return {"uint64": "uint32", "complex128": "complex64"}.get(out, out)


def dtype_of(x):
    """The dtype argument result_type takes for x: a tensor's dtype name, or the Python type of a
    Python scalar (a weak type)."""
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, (int, float)):
        return type(x)
    dtype = getattr(x, "dtype", None)
    if dtype is not None:
        return standardize_dtype(dtype)
    return standardize_dtype(_tfpp._convert_to_tensor(x).dtype)


def is_float(dtype):
    """Whether a dtype name is a floating point type."""
    return "float" in dtype


def is_int(dtype):
    """Whether a dtype name is a (signed or unsigned) integer type."""
    return "int" in dtype

"""The conformance case table's vocabulary: a Case names TensorFlow's Python function, its
tensor inputs (NumPy arrays) and keyword attributes; tfpp's runner and TensorFlow evaluate it."""

import dataclasses
from typing import Any

import ml_dtypes
import numpy as np

# The 16-bit floats: NumPy's float16 and ml_dtypes' bfloat16 (TensorFlow's NumPy type for it).
HALF = {"float16": np.float16, "bfloat16": ml_dtypes.bfloat16}


@dataclasses.dataclass(frozen=True)
class DT:
    """A dtype attribute, by TensorFlow's name ("float32")."""
    name: str


@dataclasses.dataclass
class Case:
    """One call: fn(*inputs, **attrs), with gradients w.r.t. float inputs when grad is set."""
    fn: str
    inputs: list
    attrs: dict = dataclasses.field(default_factory=dict)
    grad: bool = False
    ulps: Any = None          # overrides the family's tolerance for this case
    scaled: Any = None        # overrides the family's SCALED: ulps at the inputs' and outputs' largest magnitude
    note: str = ""            # what the case exercises, shown in failure reports
    deviation: str = ""       # a listed, deliberate difference (docs/CONFORMANCE.md): reported, not failed


def T(values, dtype, shape=None):
    """A NumPy input of TensorFlow dtype `dtype` (strings become bytes objects)."""
    if dtype == "string":
        arr = np.array(values, dtype=object)
        arr = np.vectorize(lambda s: s.encode() if isinstance(s, str) else s, otypes=[object])(arr) if arr.size else arr
    else:
        with np.errstate(over="ignore"):  # e.g. 1e100 as float32 is meant to be inf
            arr = np.array(values, dtype={"bool": np.bool_, **HALF}.get(dtype, dtype))
    if shape is not None:
        arr = arr.reshape(shape)
    return arr


def ramp(shape, dtype="float32", scale=0.25, offset=0.0):
    """Deterministic non-trivial values: k*scale + offset wrapped into a small range, with signs."""
    n = int(np.prod(shape)) if shape else 1
    k = np.arange(n)
    v = ((k * 37) % 23 - 11) * scale + offset
    return T(v, dtype, shape)

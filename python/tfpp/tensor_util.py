"""tf.make_tensor_proto and tf.make_ndarray: NumPy values to TensorProto messages and back, laid
out as TensorFlow lays them out (several numbers as packed tensor_content, one number or bools and
strings in the typed *_val fields)."""

import numpy as np

from . import _tfpp
from . import protos
from .io import parse_tensor

# DataType enum numbers (types.proto) of the dtypes tfpp has, with their *_val fields.
_DATA_TYPES = {"float32": (1, "float_val"), "float64": (2, "double_val"), "int32": (3, "int_val"),
               "uint8": (4, "int_val"), "string": (7, "string_val"), "int64": (9, "int64_val"),
               "bool": (10, "bool_val"), "float16": (19, "half_val"), "bfloat16": (14, "half_val"),
               "int16": (5, "int_val"), "int8": (6, "int_val"), "uint16": (17, "int_val"),
               "uint32": (22, "uint32_val"), "uint64": (23, "uint64_val")}
_NAMES = {number: name for name, (number, _) in _DATA_TYPES.items()}
# TensorFlow packs uint16 into int_val even when it has several values.
_PACKED = ("float32", "float64", "int32", "uint8", "int64", "float16", "bfloat16", "int8", "int16", "uint32", "uint64")


def make_tensor_proto(values, dtype=None, shape=None, verify_shape=False, allow_broadcast=False):
    """A TensorProto holding `values` (converted as tf.constant converts them) with `shape`."""
    tensor = _tfpp.constant(values, dtype)
    name = tensor.dtype.name
    array = tensor.numpy()
    if shape is None:
        shape = array.shape
    shape = [int(d) for d in shape]
    if array.size != int(np.prod(shape)) and (verify_shape or array.size != 1 and not allow_broadcast):
        raise ValueError("Expected Tensor's shape: %s, but got %s." % (tuple(shape), array.shape))
    number, field = _DATA_TYPES[name]
    proto = protos.TensorProto(dtype=number, tensor_shape={"dim": [{"size": d} for d in shape]})
    if name in _PACKED and array.size == int(np.prod(shape)) and array.size > 1:
        proto.tensor_content = np.ascontiguousarray(array).tobytes()
    else:
        values = array.view(np.uint16) if field == "half_val" else array  # half_val holds bit patterns
        getattr(proto, field).extend(values.ravel().tolist())
    return proto


def make_ndarray(tensor):
    """The NumPy array a TensorProto holds (a value repeated to the shape when fewer are given)."""
    if tensor.dtype not in _NAMES:
        raise TypeError("Unsupported tensor type: %d" % tensor.dtype)
    name = _NAMES[tensor.dtype]
    array = parse_tensor(tensor.SerializeToString(), name).numpy()
    return np.array(array, dtype=object) if name == "string" else array  # a string scalar as a 0-d array too

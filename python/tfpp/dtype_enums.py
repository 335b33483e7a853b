"""DType.as_datatype_enum and tf.as_dtype of a DataType number, as TensorFlow's types.proto
numbers the dtypes (tfpp has no reference dtypes, the numbers above 100)."""

from . import _tfpp

DATATYPE_ENUMS = {"float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6, "string": 7,
                  "complex64": 8, "int64": 9, "bool": 10, "bfloat16": 14, "uint16": 17, "complex128": 18,
                  "float16": 19, "resource": 20, "variant": 21, "uint32": 22, "uint64": 23}
_BY_ENUM = {number: name for name, number in DATATYPE_ENUMS.items()}

_tfpp.DType.as_datatype_enum = property(lambda self: DATATYPE_ENUMS[self.name],
                                        doc="The dtype's number in TensorFlow's DataType enum.")


def as_dtype(type_value):
    """tf.as_dtype: the DType of a DType, NumPy dtype or type, name, or DataType number."""
    if isinstance(type_value, int) and not isinstance(type_value, bool):
        type_value = _BY_ENUM.get(type_value, type_value)
    try:
        return _tfpp.TensorSpec([], type_value).dtype
    except (TypeError, ValueError):
        raise TypeError("Cannot convert the argument `type_value`: %r to a TensorFlow DType." % (type_value,)) from None

"""tf.math functions composed of tfpp ops: erfcinv, accumulate_n, saturate_cast and realdiv (they
trace and differentiate through the ops they are made of)."""

import math as _pymath

import numpy as np

from . import _tfpp, errors
from .tensor_shape import TensorShape

_math = _tfpp.math


def erfcinv(x, name=None):
    """The inverse of erfc on (0, 2): -ndtri(x / 2) / sqrt(2), as TensorFlow computes it."""
    x = _tfpp._convert_to_tensor(x)
    if not x.dtype.is_floating:
        raise TypeError("erfcinv: x must be a floating-point tensor, got %s" % x.dtype.name)
    return -_math.ndtri(0.5 * x) * _tfpp.constant(_pymath.sqrt(0.5), x.dtype)


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """The sum of a list of tensors of one dtype and shape (TensorFlow 2's accumulate_n is add_n)."""
    error = ValueError("inputs must be a list of at least one Tensor with the same dtype and shape")
    if not inputs or not isinstance(inputs, (list, tuple)):
        raise error
    inputs = [_tfpp._convert_to_tensor(t) for t in inputs]
    if any(t.dtype != inputs[0].dtype for t in inputs):
        raise error
    merged = TensorShape(shape)
    for t in inputs:
        if not merged.is_compatible_with(t.shape):
            raise ValueError("Shapes %s and %s are not compatible" % (merged, t.shape))
        if merged.rank is None:
            merged = t.shape
    if tensor_dtype is not None and tensor_dtype != inputs[0].dtype:
        raise TypeError("The `tensor_dtype` argument is %s, but `input` is of type %s. These must be equal. Try "
                        "casting the input to the desired type." % (tensor_dtype, inputs[0].dtype))
    if len(inputs) == 1:
        return inputs[0] if name is None else _tfpp.identity(inputs[0])
    return _math.add_n(inputs)


def _limit_within(limit, out_limit, out_np_dtype, np_dtype, is_max):
    """`limit` in the input's NumPy type, nudged toward zero when rounding it put it past `out_limit`
    (float32 cannot hold int32's maximum, for example)."""
    value = np_dtype(limit)
    try:
        promoted = np.promote_types(np_dtype, out_np_dtype)
    except TypeError:  # bfloat16 and the like: compare as Python floats
        promoted = float
    pair = np.array([value, out_limit], dtype=promoted)
    if (pair[0] > pair[1]) if is_max else (pair[0] < pair[1]):
        value = np.nextafter(value, np_dtype(0), dtype=np_dtype)
    return value


def saturate_cast(value, dtype, name=None):
    """Casts `value` to `dtype`, clamping it to what `dtype` holds first (no wrap-around)."""
    value = _tfpp._convert_to_tensor(value)
    dtype = _tfpp.TensorSpec([], dtype).dtype
    if value.dtype.is_complex and not dtype.is_complex:
        value = _math.real(value)
    in_dtype, out_dtype = value.dtype, dtype.real_dtype
    if in_dtype.is_complex or in_dtype == _tfpp.bool or out_dtype == _tfpp.bool:
        return _math.cast(value, dtype)
    np_dtype = in_dtype.as_numpy_dtype
    out_np_dtype = out_dtype.as_numpy_dtype
    low = _limit_within(max(in_dtype.min, out_dtype.min), out_dtype.min, out_np_dtype, np_dtype, False)
    high = _limit_within(min(float(in_dtype.max), float(out_dtype.max)), out_dtype.max, out_np_dtype, np_dtype, True)
    clamped = _math.clip_by_value(value, _tfpp.constant(low, in_dtype), _tfpp.constant(high, in_dtype))
    return _math.cast(clamped, dtype)


def realdiv(x, y, name=None):
    """x / y for floating-point and complex tensors (TensorFlow's RealDiv has no integer kernel)."""
    x = _tfpp._convert_to_tensor(x)
    y = _tfpp._convert_to_tensor(y, dtype=x.dtype)
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise errors.NotFoundError(None, None, "Could not find device for node: {{node RealDiv}} = RealDiv[T=DT_%s]"
                                   % x.dtype.name.upper())
    return _math.divide(x, y)


_matmul_binding = _tfpp.math.matmul  # transpose_a / transpose_b only


def _adjointed(x, adjoint, transpose, side):
    if transpose and adjoint:
        raise ValueError("Only one of `transpose_%s` and `adjoint_%s` can be True. Received `transpose_%s`=%s, "
                         "`adjoint_%s`=%s." % (side, side, side, transpose, side, adjoint))
    if adjoint and x.dtype.is_complex:
        x = _tfpp.math.conj(x)
    return x, transpose or adjoint


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False, a_is_sparse=False,
           b_is_sparse=False, output_type=None, grad_a=False, grad_b=False, name=None):
    """a @ b with TensorFlow's arguments: adjoint_* conjugates and transposes, output_type int32
    for 8-bit integer inputs (the sparsity and grad_* hints change no value)."""
    a = _tfpp._convert_to_tensor(a)
    b = _tfpp._convert_to_tensor(b, dtype=a.dtype) if not isinstance(b, _tfpp.Tensor) else b
    a, transpose_a = _adjointed(a, adjoint_a, transpose_a, "a")
    b, transpose_b = _adjointed(b, adjoint_b, transpose_b, "b")
    if output_type is not None:
        output_type = _tfpp.TensorSpec([], output_type).dtype
        eight_bit = (_tfpp.int8, _tfpp.uint8)
        if a.dtype in eight_bit and b.dtype in eight_bit and output_type == _tfpp.int32:
            a, b = _tfpp.math.cast(a, _tfpp.int32), _tfpp.math.cast(b, _tfpp.int32)
        elif output_type != a.dtype or output_type != b.dtype:
            raise errors.NotFoundError(None, None, "Could not find device for node: {{node BatchMatMulV3}} = "
                                       "BatchMatMulV3[Ta=%s, Tb=%s, Tout=%s] [Op:BatchMatMulV3]"
                                       % (a.dtype.name, b.dtype.name, output_type.name))
    return _matmul_binding(a, b, transpose_a, transpose_b, name)

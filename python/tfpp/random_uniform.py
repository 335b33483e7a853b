"""tf.random.uniform with bounds of any kind TensorFlow takes: numbers, or tensors, arrays and lists
that broadcast against the shape for float dtypes, scalars for integer dtypes. Floats are TensorFlow's
rnd * (maxval - minval) + minval over the RandomUniform op, in the dtype, so the values match bit for
bit; integers are the RandomUniformInt op, whose shape and bounds may be symbolic while tracing."""

from . import _tfpp
from .tensor_shape import TensorShape

_DTYPES = ("float16", "bfloat16", "float32", "float64", "int32", "int64")
_uniform_op = _tfpp.random.uniform  # the C++ function: number bounds only
_uniform_int_op = _tfpp.random._uniform_int  # shape and bounds as tensors


def uniform(shape, minval=0, maxval=None, dtype=_tfpp.float32, seed=None, name=None):
    """Values drawn uniformly from [minval, maxval) (maxval 1 by default for floats, required for integers)."""
    dtype = _tfpp.TensorSpec([], dtype).dtype
    if dtype.name not in _DTYPES:
        raise ValueError("Argument `dtype` got invalid value %s. Accepted dtypes are (%s)." % (
            dtype, ", ".join("tf." + d for d in _DTYPES)))
    if maxval is None:
        if dtype.is_integer:
            raise ValueError("Must specify maxval for integer dtype %r" % dtype)
        maxval = 1
    with _tfpp.name_scope(name or "random_uniform") as scope:  # the last op takes the scope's own name
        if dtype.is_integer:
            minval = _tfpp.convert_to_tensor(minval, dtype=dtype, name="min")
            maxval = _tfpp.convert_to_tensor(maxval, dtype=dtype, name="max")
            return _uniform_int_op(_shape_list(shape), minval, maxval, seed=seed, name=scope)
        minval_is_zero = isinstance(minval, int) and minval == 0
        maxval_is_one = isinstance(maxval, int) and maxval == 1
        result = _uniform_op(shape, dtype=dtype, seed=seed)
        if minval_is_zero and maxval_is_one:
            return result
        minval = _tfpp.convert_to_tensor(minval, dtype=dtype, name="min")
        maxval = _tfpp.convert_to_tensor(maxval, dtype=dtype, name="max")
        if minval_is_zero:
            return _tfpp.math.multiply(result, maxval)
        return _tfpp.math.add(result * (maxval - minval), minval, name=scope)


def _shape_list(shape):
    """A TensorShape as its list of dimensions (as TensorFlow's shape_tensor takes it); other shapes as they are."""
    return shape.as_list() if isinstance(shape, TensorShape) else shape

"""tf.random.uniform with bounds of any kind TensorFlow takes: numbers, or tensors, arrays and lists
that broadcast against the shape for float dtypes, scalars for integer dtypes. Floats are TensorFlow's
rnd * (maxval - minval) + minval over the RandomUniform op, in the dtype, so the values match bit for
bit; integers are the RandomUniformInt op."""

from . import _tfpp, errors
from .array_everyday import get_static_value

_DTYPES = ("float16", "bfloat16", "float32", "float64", "int32", "int64")
_uniform_op = _tfpp.random.uniform  # the C++ function: number bounds only


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
            return _uniform_op(shape, *_int_bounds(minval, maxval, dtype), dtype=dtype, seed=seed, name=scope)
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


def _int_bounds(minval, maxval, dtype):
    """minval and maxval as Python ints: RandomUniformInt takes them as attributes in tfpp."""
    bounds = []
    for label, bound in (("minval", minval), ("maxval", maxval)):
        bound = _tfpp.convert_to_tensor(bound, dtype=dtype, name=label[:3])
        if len(bound.shape) != 0:
            raise errors.InvalidArgumentError(None, None, "[RandomUniformInt] %s must be 0-D, got shape %s" % (
                label, str(bound.shape.as_list()).replace(" ", "")))
        value = get_static_value(bound)
        if value is None:
            raise errors.UnimplementedError(None, None, "[RandomUniformInt] tfpp needs minval and maxval known "
                                            "when tracing, got %s" % (bound,))
        bounds.append(int(value))
    return bounds

"""How keras.ops turns its arguments into tensors: Keras' convert_to_tensor (which casts where
TensorFlow's conversion would refuse) and the promotion of several operands to one dtype."""

import tfpp as tf  # the package; its attributes are complete by the time an op runs

from . import _ops_dtypes as _dtypes


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """keras.ops.convert_to_tensor: x as a tensor, of `dtype` when given (values converted to an
    integer or bool dtype are cast, not refused)."""
    del sparse, ragged  # tfpp's dense tensors only
    if dtype is not None:
        dtype = _dtypes.standardize_dtype(dtype)
    if not isinstance(x, tf.Tensor):
        if dtype is not None and (dtype == "bool" or _dtypes.is_int(dtype)):
            return tf.cast(tf.convert_to_tensor(x), dtype)
        if tf.is_tensor(x):  # a variable
            x = tf.convert_to_tensor(x)
        else:
            return tf.convert_to_tensor(x, dtype=dtype)
    if dtype is not None and x.dtype.name != dtype:
        return tf.cast(x, dtype)
    return x


def promote(*values, extra=()):
    """values as tensors of their Keras result dtype (with the dtypes `extra` joining the
    promotion, e.g. `float` for ops that always give floats)."""
    dtype = _dtypes.result_type(*(_dtypes.dtype_of(v) for v in values), *extra)
    return [convert_to_tensor(v, dtype) for v in values]


def dtype_name(x):
    """A tensor's dtype name ("int32")."""
    return x.dtype.name


def to_float(x):
    """x converted, with integer and bool values cast to floatx (as Keras' exp, log, sqrt, ... do)."""
    x = convert_to_tensor(x)
    name = dtype_name(x)
    if name == "bool" or _dtypes.is_int(name):
        return tf.cast(x, _dtypes.floatx())
    return x


def axes(axis):
    """A Keras axis argument (None, an int, a tuple) as TensorFlow's reductions take it."""
    return list(axis) if isinstance(axis, tuple) else axis


def dim(x, axis):
    """x's size along axis: an int when known, else a scalar tensor (while tracing)."""
    size = x.shape[axis]
    return tf.shape(x)[axis] if size is None else size


def filled_like(x, value, dtype):
    """A tensor of x's shape holding `value` in `dtype` (also for shapes known only while running)."""
    return tf.fill(tf.shape(x), tf.cast(tf.constant(value), dtype))


def shape_argument(shape):
    """A shape argument as a list of ints, or as an int32 tensor when some sizes are tensors (from
    ops.shape while tracing)."""
    if isinstance(shape, int) or tf.is_tensor(shape):
        shape = [shape] if isinstance(shape, int) or len(shape.shape) == 0 else shape
    dims = list(shape)
    if any(tf.is_tensor(d) for d in dims):
        return tf.stack([tf.cast(d, "int32") for d in dims])
    return dims

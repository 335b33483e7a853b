"""The Keras 2 tensor functions tf.keras.backend still offers in TensorFlow 2.21 (Keras 3's legacy
backend, keras._tf_keras.keras.backend): int_shape, ndim, variable, constant, the reductions,
elementwise math and comparisons, reshaping, and variable updates, each the TensorFlow op it names.
Functions whose dtype is not given use keras.config.floatx()."""

import builtins as _builtins
import math as _math

import numpy as _np

from .config import floatx as _floatx


def _tf():
    import tfpp
    return tfpp


# ---- shapes and values --------------------------------------------------------------------------

def int_shape(x):
    """The static shape as a tuple of ints and None."""
    try:
        shape = x.shape
        return shape if isinstance(shape, tuple) else tuple(shape.as_list())
    except ValueError:
        return None


def ndim(x):
    """The rank."""
    return x.shape.rank


def dtype(x):
    """The dtype's name ("float32")."""
    return x.dtype.name


def shape(x):
    """The dynamic shape (tf.shape)."""
    return _tf().shape(x)


def count_params(x):
    """The number of elements of a variable or tensor of static shape."""
    return _math.prod(x.shape.as_list())


def is_sparse(tensor):
    return isinstance(tensor, _tf().SparseTensor)


def to_dense(tensor):
    return _tf().sparse.to_dense(tensor) if is_sparse(tensor) else tensor


def get_value(x):
    """A tensor's or variable's value as a NumPy array; other values as they are."""
    return x.numpy() if _tf().is_tensor(x) or isinstance(x, _tf().Variable) else x


def eval(x):
    return get_value(to_dense(x))


def batch_get_value(tensors):
    return [x.numpy() for x in tensors]


def set_value(x, value):
    """Assigns `value` (converted to the variable's dtype) to the variable `x`."""
    x.assign(_np.asarray(value, dtype=x.dtype.name))


def batch_set_value(tuples):
    for x, value in tuples:
        set_value(x, value)


def cast_to_floatx(x):
    tf = _tf()
    if isinstance(x, (tf.Tensor, tf.Variable)):
        return tf.cast(x, _floatx())
    return _np.asarray(x, dtype=_floatx())


# ---- making tensors and variables ---------------------------------------------------------------

def variable(value, dtype=None, name=None, constraint=None):
    """A tf.Variable of `value` in `dtype` (floatx by default)."""
    return _tf().Variable(value, dtype=dtype or _floatx(), name=name, constraint=constraint)


def constant(value, dtype=None, shape=None, name=None):
    return _tf().constant(value, dtype=dtype or _floatx(), shape=shape, name=name)


def zeros(shape, dtype=None, name=None):
    """A variable of zeros (a tensor when the shape has an unknown or zero dimension)."""
    value = _tf().zeros(shape, dtype=dtype or _floatx())
    return variable(value, dtype or _floatx(), name) if _builtins.all(value.shape.as_list()) else value


def ones(shape, dtype=None, name=None):
    """A variable of ones (a tensor when the shape has an unknown or zero dimension)."""
    value = _tf().ones(shape, dtype=dtype or _floatx())
    return variable(value, dtype or _floatx(), name) if _builtins.all(value.shape.as_list()) else value


def eye(size, dtype=None, name=None):
    return variable(_tf().eye(size, dtype=dtype or _floatx()), dtype or _floatx(), name)


def zeros_like(x, dtype=None, name=None):
    return _tf().zeros_like(x, dtype=dtype)


def ones_like(x, dtype=None, name=None):
    return _tf().ones_like(x, dtype=dtype)


def arange(start, stop=None, step=1, dtype="int32"):
    if stop is None and start < 0:
        start = 0
    result = _tf().range(start, stop, step)
    return result if dtype == "int32" else _tf().cast(result, dtype)


def one_hot(indices, num_classes):
    return _tf().one_hot(indices, depth=num_classes, axis=-1)


# ---- reductions ---------------------------------------------------------------------------------

def _floating(x):
    return _tf().cast(x, _floatx()) if x.dtype == _tf().bool else x


def sum(x, axis=None, keepdims=False):
    return _tf().reduce_sum(x, axis, keepdims)


def prod(x, axis=None, keepdims=False):
    return _tf().reduce_prod(x, axis, keepdims)


def mean(x, axis=None, keepdims=False):
    return _tf().reduce_mean(_floating(x), axis, keepdims)


def max(x, axis=None, keepdims=False):
    return _tf().reduce_max(x, axis, keepdims)


def min(x, axis=None, keepdims=False):
    return _tf().reduce_min(x, axis, keepdims)


def std(x, axis=None, keepdims=False):
    return _tf().math.reduce_std(_floating(x), axis=axis, keepdims=keepdims)


def var(x, axis=None, keepdims=False):
    return _tf().math.reduce_variance(_floating(x), axis=axis, keepdims=keepdims)


def all(x, axis=None, keepdims=False):
    return _tf().reduce_all(_tf().cast(x, "bool"), axis, keepdims)


def any(x, axis=None, keepdims=False):
    return _tf().reduce_any(_tf().cast(x, "bool"), axis, keepdims)


def argmax(x, axis=-1):
    return _tf().argmax(x, axis)


def argmin(x, axis=-1):
    return _tf().argmin(x, axis)


def cumsum(x, axis=0):
    return _tf().cumsum(x, axis=axis)


def cumprod(x, axis=0):
    return _tf().math.cumprod(x, axis=axis)


# ---- elementwise --------------------------------------------------------------------------------

def abs(x):
    return _tf().abs(x)


def square(x):
    return _tf().square(x)


def sqrt(x):
    """sqrt of x clipped below at 0."""
    return _tf().sqrt(_tf().maximum(x, _tf().constant(0.0, x.dtype)))


def exp(x):
    return _tf().exp(x)


def log(x):
    return _tf().math.log(x)


def pow(x, a):
    return _tf().pow(x, a)


def round(x):
    return _tf().round(x)


def sign(x):
    return _tf().sign(x)


def sin(x):
    return _tf().sin(x)


def cos(x):
    return _tf().cos(x)


def tanh(x):
    return _tf().tanh(x)


def sigmoid(x):
    return _tf().sigmoid(x)


def hard_sigmoid(x):
    """clip(0.2 * x + 0.5, 0, 1)."""
    tf = _tf()
    return tf.clip_by_value(x * tf.constant(0.2, x.dtype) + tf.constant(0.5, x.dtype), 0.0, 1.0)


def softplus(x):
    return _tf().math.softplus(x)


def softsign(x):
    return _tf().math.softsign(x)


def elu(x, alpha=1.0):
    result = _tf().nn.elu(x)
    return result if alpha == 1 else _tf().where(x > 0, result, alpha * result)


def softmax(x, axis=-1):
    if x.shape.rank <= 1:
        raise ValueError("Cannot apply softmax to a tensor that is 1D. Received input: %s" % (x,))
    return _tf().nn.softmax(x, axis=axis)


def clip(x, min_value, max_value):
    if isinstance(min_value, (int, float)) and isinstance(max_value, (int, float)) and max_value < min_value:
        max_value = min_value
    return _tf().clip_by_value(x, -_np.inf if min_value is None else min_value,
                               _np.inf if max_value is None else max_value)


def maximum(x, y):
    return _tf().maximum(x, y)


def minimum(x, y):
    return _tf().minimum(x, y)


def equal(x, y):
    return _tf().equal(x, y)


def not_equal(x, y):
    return _tf().not_equal(x, y)


def greater(x, y):
    return _tf().greater(x, y)


def greater_equal(x, y):
    return _tf().greater_equal(x, y)


def less(x, y):
    return _tf().less(x, y)


def less_equal(x, y):
    return _tf().less_equal(x, y)


def l2_normalize(x, axis=None):
    return _tf().linalg.l2_normalize(x, axis=axis)


def stop_gradient(variables):
    if isinstance(variables, (list, tuple)):
        return map(_tf().stop_gradient, variables)
    return _tf().stop_gradient(variables)


# ---- shapes of tensors --------------------------------------------------------------------------

def reshape(x, shape):
    return _tf().reshape(x, shape)


def flatten(x):
    return _tf().reshape(x, [-1])


def batch_flatten(x):
    """x as [batch, everything else]."""
    return _tf().reshape(x, [-1, _math.prod(x.shape[1:])]) if None not in x.shape[1:] else \
        _tf().reshape(x, _tf().stack([-1, _tf().reduce_prod(_tf().shape(x)[1:])]))


def expand_dims(x, axis=-1):
    return _tf().expand_dims(x, axis)


def squeeze(x, axis):
    return _tf().squeeze(x, [axis])


def transpose(x):
    return _tf().transpose(x)


def permute_dimensions(x, pattern):
    return _tf().transpose(x, perm=pattern)


def concatenate(tensors, axis=-1):
    if axis < 0:
        rank = ndim(tensors[0])
        axis = axis % rank if rank else 0
    return _tf().concat([to_dense(x) for x in tensors], axis)


def stack(x, axis=0):
    return _tf().stack(x, axis=axis)


def tile(x, n):
    return _tf().tile(x, [n] if isinstance(n, int) else n)


def repeat(x, n):
    """A rank-2 x [batch, d] repeated to [batch, n, d]."""
    if ndim(x) != 2:
        raise ValueError("Expected input `x` to have rank 2. Received: rank(x)=%s" % ndim(x))
    return _tf().tile(_tf().expand_dims(x, 1), [1, n, 1])


def repeat_elements(x, rep, axis):
    """Each slice along `axis` repeated `rep` times (np.repeat)."""
    return _tf().repeat(x, rep, axis=axis)


def reverse(x, axes):
    return _tf().reverse(x, [axes] if isinstance(axes, int) else axes)


def gather(reference, indices):
    return _tf().gather(reference, indices)


def temporal_padding(x, padding=(1, 1)):
    if len(padding) != 2:
        raise ValueError("Expected `padding` to be a tuple of 2 integers. Received: padding=%s" % (padding,))
    return _tf().pad(x, [[0, 0], [padding[0], padding[1]], [0, 0]])


def dot(x, y):
    """matmul for rank 2; for higher ranks, x's last axis against y's second-to-last (Keras 2's dot)."""
    tf = _tf()
    if ndim(x) is not None and (ndim(x) > 2 or ndim(y) > 2):
        x_shape, y_shape = tuple(x.shape), tuple(y.shape)
        y_axes = list(range(ndim(y)))
        y_axes = [y_axes.pop(-2)] + y_axes
        xt = tf.reshape(x, [-1, x_shape[-1]])
        yt = tf.reshape(tf.transpose(y, perm=y_axes), [y_shape[-2], -1])
        return tf.reshape(tf.matmul(xt, yt), [-1 if d is None else d for d in x_shape[:-1] + y_shape[:-2] + y_shape[-1:]])
    return tf.matmul(x, y)


# ---- variable updates ---------------------------------------------------------------------------

def update(x, new_x):
    return x.assign(new_x)


def update_add(x, increment):
    return x.assign_add(increment)


def update_sub(x, decrement):
    return x.assign_sub(decrement)


def moving_average_update(x, value, momentum):
    tf = _tf()
    return x.assign_sub((x - tf.cast(value, x.dtype)) * (1 - tf.cast(momentum, x.dtype)))


# ---- losses -------------------------------------------------------------------------------------

def binary_crossentropy(target, output, from_logits=False):
    tf = _tf()
    from .config import epsilon
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    if from_logits:
        return tf.nn.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = tf.clip_by_value(output, epsilon(), 1.0 - epsilon())
    bce = target * tf.math.log(output + epsilon())
    bce += (1 - target) * tf.math.log(1 - output + epsilon())
    return -bce


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    tf = _tf()
    from .config import epsilon
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = output / tf.reduce_sum(output, axis, True)
    output = tf.clip_by_value(output, epsilon(), 1.0 - epsilon())
    return -tf.reduce_sum(target * tf.math.log(output), axis)


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1, ignore_class=None):
    """Crossentropy of integer targets against probabilities (or logits) along the last axis."""
    tf = _tf()
    from .config import epsilon
    if ignore_class is not None or axis not in (-1, len(tf.convert_to_tensor(output).shape) - 1):
        raise NotImplementedError("tfpp's keras.backend.sparse_categorical_crossentropy takes the classes on the last "
                                  "axis and no ignore_class")
    target, output = tf.cast(tf.convert_to_tensor(target), "int64"), tf.convert_to_tensor(output)
    if not from_logits:
        output = tf.math.log(tf.clip_by_value(output, epsilon(), 1 - epsilon()))
    if len(target.shape) != len(output.shape) - 1:  # e.g. targets of shape [batch, 1]
        result = tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=tf.reshape(target, [-1]), logits=tf.reshape(output, [-1, output.shape[-1]]))
        return tf.reshape(result, tf.shape(output)[:-1]) if len(output.shape) >= 3 else result
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)


# ---- activations and other ops -------------------------------------------------------------------

def relu(x, alpha=0.0, max_value=None, threshold=0.0):
    """max(x, 0) with a slope `alpha` below the threshold and a cap `max_value` (Keras 2's relu)."""
    tf = _tf()
    if alpha != 0.0 and max_value is None and threshold == 0:
        return tf.nn.leaky_relu(x, alpha=alpha)
    negative_part = tf.nn.relu(-x + threshold) if alpha != 0.0 else None
    if threshold != 0:
        x = x * tf.cast(tf.greater(x, threshold), x.dtype)
    else:
        x = tf.nn.relu(x)
    if max_value is not None:
        x = tf.clip_by_value(x, tf.constant(0, x.dtype), tf.constant(max_value, x.dtype))
    if negative_part is not None:
        x -= tf.constant(alpha, x.dtype) * negative_part
    return x


def bias_add(x, bias, data_format=None):
    """x + bias on the channels axis (the last one, or the second for channels_first)."""
    from .config import image_data_format
    tf = _tf()
    data_format = data_format or image_data_format()
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError("Unknown data_format: %s" % data_format)
    if len(bias.shape) != 1 and len(bias.shape) != ndim(x) - 1:
        raise ValueError("Unexpected bias dimensions %d. Expected it to be 1 or %d dimensions" % (
            len(bias.shape), ndim(x) - 1))
    if len(bias.shape) == 1:
        return tf.nn.bias_add(x, bias, data_format="NCHW" if data_format == "channels_first" else "NHWC")
    if data_format == "channels_first":
        return x + tf.reshape(bias, (1, bias.shape[-1]) + tuple(bias.shape[:-1]))
    return x + tf.reshape(bias, (1,) + tuple(bias.shape))


def switch(condition, then_expression, else_expression):
    """tf.cond for a scalar condition (the expressions may be functions), else an elementwise
    choice; a condition of rank 2 or more is broadcast over the expressions' trailing axes."""
    tf = _tf()
    if condition.dtype != tf.bool:
        condition = tf.cast(condition, "bool")
    if not ndim(condition):
        return tf.cond(condition, then_expression if callable(then_expression) else lambda: then_expression,
                       else_expression if callable(else_expression) else lambda: else_expression)
    then_expression = then_expression() if callable(then_expression) else then_expression
    else_expression = else_expression() if callable(else_expression) else else_expression
    if ndim(condition) > ndim(then_expression):
        raise ValueError("Rank of `condition` should be less than or equal to rank of `then_expression` and "
                         "`else_expression`. ndim(condition)=%d, ndim(then_expression)=%d" % (
                             ndim(condition), ndim(then_expression)))
    if ndim(condition) > 1:
        for _ in range(ndim(then_expression) - ndim(condition)):
            condition = tf.expand_dims(condition, -1)
        condition = tf.broadcast_to(condition, tf.shape(then_expression))
    return tf.where(condition, then_expression, else_expression)


def name_scope(name):
    return _tf().name_scope(name)

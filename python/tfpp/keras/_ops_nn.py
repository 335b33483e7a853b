"""keras.ops.nn: activations (Keras' own, with keras.ops' defaults, e.g. gelu's approximate=True),
normalizations, crossentropies, convolutions and pooling over tfpp.nn, one_hot / multi_hot, and
dot_product_attention."""

import tfpp as tf

from .. import _tfpp
from . import _ops_dtypes as _dtypes
from . import config as _config
from ._ops_convert import axes as _axes, convert_to_tensor, dtype_name as _name

_A = _tfpp.keras.activations

def _activation(name, doc):
    fn_ = getattr(_A, name)

    def fn(x, *args, **kwargs):
        return fn_(convert_to_tensor(x), *args, **kwargs)

    fn.__name__ = name
    fn.__doc__ = doc
    return fn


for _name_ in ("relu6", "sigmoid", "softplus", "softsign", "silu", "selu", "log_sigmoid", "hard_sigmoid", "hard_silu",
               "hard_tanh", "tanh_shrink", "sparse_plus", "sparse_sigmoid"):
    globals()[_name_] = _activation(_name_, "keras.ops.%s" % _name_)
swish = silu  # noqa: F821 (defined by the loop above)
hard_swish = hard_silu  # noqa: F821


def relu(x):
    """keras.ops.relu: max(x, 0)."""
    return _A.relu(convert_to_tensor(x))


def leaky_relu(x, negative_slope=0.2):
    """keras.ops.leaky_relu."""
    return _A.leaky_relu(convert_to_tensor(x), negative_slope=negative_slope)


def elu(x, alpha=1.0):
    """keras.ops.elu."""
    return _A.elu(convert_to_tensor(x), alpha=alpha)


def celu(x, alpha=1.0):
    """keras.ops.celu."""
    return _A.celu(convert_to_tensor(x), alpha=alpha)


def gelu(x, approximate=True):
    """keras.ops.gelu: the tanh approximation by default (unlike keras.activations.gelu)."""
    return _A.gelu(convert_to_tensor(x), approximate=approximate)


def glu(x, axis=-1):
    """keras.ops.glu: the first half of `axis` gated by the sigmoid of the second."""
    x = convert_to_tensor(x)
    if x.shape[axis] % 2 != 0:
        raise ValueError("axis size must be divisible by 2. Received: x.shape=%s with axis=%s" % (tuple(x.shape), axis))
    return _A.glu(x, axis=axis)


def softmax(x, axis=-1):
    """keras.ops.softmax: along axis (an int or a tuple; None means every axis)."""
    x = convert_to_tensor(x)
    if axis is None or isinstance(axis, (tuple, list)):
        rank = len(x.shape)
        reduce = list(range(rank)) if axis is None else [a % rank for a in axis]
        shifted = x - tf.math.reduce_max(x, axis=reduce, keepdims=True)
        e = tf.math.exp(shifted)
        return e / tf.math.reduce_sum(e, axis=reduce, keepdims=True)
    return _A.softmax(x, axis=axis)


def log_softmax(x, axis=-1):
    """keras.ops.log_softmax."""
    x = convert_to_tensor(x)
    if axis is None or isinstance(axis, (tuple, list)):
        rank = len(x.shape)
        reduce = list(range(rank)) if axis is None else [a % rank for a in axis]
        shifted = x - tf.math.reduce_max(x, axis=reduce, keepdims=True)
        return shifted - tf.math.log(tf.math.reduce_sum(tf.math.exp(shifted), axis=reduce, keepdims=True))
    return _A.log_softmax(x, axis=axis)


def sparsemax(x, axis=-1):
    """keras.ops.sparsemax."""
    return _A.sparsemax(convert_to_tensor(x), axis=axis)


def squareplus(x, b=4):
    """keras.ops.squareplus: (x + sqrt(x**2 + b)) / 2."""
    return _A.squareplus(convert_to_tensor(x), b=b)


def soft_shrink(x, threshold=0.5):
    """keras.ops.soft_shrink."""
    return _A.soft_shrink(convert_to_tensor(x), threshold=threshold)


def hard_shrink(x, threshold=0.5):
    """keras.ops.hard_shrink."""
    return _A.hard_shrink(convert_to_tensor(x), threshold=threshold)


def threshold(x, threshold, default_value):  # noqa: F811 - keras' argument name
    """keras.ops.threshold: x where x > threshold, else default_value."""
    return _A.threshold(convert_to_tensor(x), threshold, default_value)


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    """keras.ops.one_hot: floatx by default; out-of-range indices give zero rows."""
    if sparse:
        raise ValueError("tfpp's keras.ops.one_hot has no sparse output")
    x = convert_to_tensor(x)
    return tf.one_hot(tf.cast(x, "int32"), num_classes, axis=axis, dtype=_dtypes.standardize_dtype(dtype))


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False, **kwargs):
    """keras.ops.multi_hot: the union of the one-hot encodings of a sample's indices."""
    if num_classes is None:
        num_classes = kwargs.pop("num_tokens", None)
    if num_classes is None:
        raise ValueError("Argument `num_classes` must be specified.")
    inputs = convert_to_tensor(inputs)
    reduction_axis = 1 if len(inputs.shape) > 1 else 0
    return tf.math.reduce_max(one_hot(inputs, num_classes, axis=axis, dtype=dtype, sparse=sparse), axis=reduction_axis)


# Normalization.
def moments(x, axes, keepdims=False, synchronized=False):
    """keras.ops.moments: mean and variance over axes (half precision computes in float32)."""
    del synchronized
    x = convert_to_tensor(x)
    original = _name(x)
    if original in ("float16", "bfloat16"):
        x = tf.cast(x, "float32")
    mean, variance = tf.nn.moments(x, _axes(axes) if not isinstance(axes, int) else [axes], keepdims=keepdims)
    if original in ("float16", "bfloat16"):
        limit = 65504.0
        mean = tf.cast(tf.clip_by_value(mean, -limit, limit), original)
        variance = tf.cast(tf.clip_by_value(variance, -limit, limit), original)
    return mean, variance


def batch_normalization(x, mean, variance, axis, offset=None, scale=None, epsilon=1e-3):
    """keras.ops.batch_normalization: (x - mean) / sqrt(variance + epsilon) * scale + offset, the
    statistics along `axis`."""
    x = convert_to_tensor(x)
    mean, variance = convert_to_tensor(mean), convert_to_tensor(variance)
    if axis != -1:
        shape = [1] * len(x.shape)
        shape[axis] = mean.shape[0]
        mean, variance = tf.reshape(mean, shape), tf.reshape(variance, shape)
        offset = None if offset is None else tf.reshape(convert_to_tensor(offset), shape)
        scale = None if scale is None else tf.reshape(convert_to_tensor(scale), shape)
    return tf.nn.batch_normalization(x, mean, variance, offset, scale, epsilon)


def normalize(x, axis=-1, order=2, epsilon=None):
    """keras.ops.normalize: x divided by its `order`-norm along axis."""
    if not isinstance(order, int) or not order >= 1:
        raise ValueError("Argument `order` must be an int >= 1. Received: order=%s" % (order,))
    x = convert_to_tensor(x)
    if len(x.shape) == 0:
        x = tf.expand_dims(x, 0)
    epsilon = _config.epsilon() if epsilon is None else epsilon
    if order == 2:
        inverse = tf.math.rsqrt(tf.math.reduce_sum(tf.math.square(x), axis=axis, keepdims=True))
        return x * tf.math.minimum(inverse, 1.0 / epsilon)
    norm = tf.math.reduce_sum(tf.math.abs(x) ** order, axis=axis, keepdims=True) ** (1.0 / order)
    return x / tf.math.maximum(norm, epsilon)


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None, **kwargs):
    """keras.ops.layer_normalization: x normalized over `axis`, scaled by gamma and shifted by beta
    (computed in at least float32)."""
    rms_scaling = kwargs.pop("rms_scaling", False)
    epsilon = _config.epsilon() if epsilon is None else epsilon
    x = convert_to_tensor(x)
    original = _name(x)
    x = tf.cast(x, _dtypes.result_type(original, "float32"))
    rank = len(x.shape)
    axis = sorted(a % rank for a in ([axis] if isinstance(axis, int) else axis))
    shape = [x.shape[d] if d in axis else 1 for d in range(rank)]

    def broadcast(v):
        if v is None:
            return None
        v = convert_to_tensor(v, x.dtype)
        return tf.reshape(v, shape) if len(v.shape) != rank and axis != [rank - 1] else v

    gamma, beta = broadcast(gamma), broadcast(beta)
    if rms_scaling:
        out = x * tf.math.rsqrt(tf.math.reduce_variance(x, axis=axis, keepdims=True) + epsilon)
        return tf.cast(out if gamma is None else out * gamma, original)
    mean, variance = tf.nn.moments(x, axis, keepdims=True)
    inverse = tf.math.rsqrt(variance + epsilon)
    if gamma is not None:
        inverse = inverse * gamma
    shift = -mean * inverse
    if beta is not None:
        shift = shift + beta
    return tf.cast(x * inverse + shift, original)


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    """keras.ops.rms_normalization: x / sqrt(mean(x**2) + epsilon) * scale."""
    epsilon = _config.epsilon() if epsilon is None else epsilon
    x = convert_to_tensor(x)
    original = _name(x)
    x = tf.cast(x, _dtypes.result_type(original, "float32"))
    if len(x.shape) == 0:
        x = tf.expand_dims(x, 0)
    axis = sorted(axis) if isinstance(axis, (tuple, list)) else axis
    out = x * tf.math.rsqrt(tf.math.reduce_mean(tf.math.square(x), axis=axis, keepdims=True) + epsilon)
    if scale is not None:
        out = out * convert_to_tensor(scale, x.dtype)
    return tf.cast(out, original)


# Losses.
def _check_same_shape(target, output):
    if len(target.shape) != len(output.shape):
        raise ValueError("Arguments `target` and `output` must have the same rank (ndim). Received: target.shape=%s, "
                         "output.shape=%s" % (tuple(target.shape), tuple(output.shape)))
    if any(a is not None and b is not None and a != b for a, b in zip(target.shape, output.shape)):
        raise ValueError("Arguments `target` and `output` must have the same shape. Received: target.shape=%s, "
                         "output.shape=%s" % (tuple(target.shape), tuple(output.shape)))


def binary_crossentropy(target, output, from_logits=False):
    """keras.ops.binary_crossentropy: elementwise, probabilities clipped to [eps, 1 - eps]."""
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    _check_same_shape(target, output)
    if from_logits:
        return tf.nn.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = tf.clip_by_value(output, _config.epsilon(), 1.0 - _config.epsilon())
    return -(target * tf.math.log(output) + (1 - target) * tf.math.log(1 - output))


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """keras.ops.categorical_crossentropy: over `axis`; probabilities are renormalized and clipped."""
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    if len(target.shape) < 1:
        raise ValueError("Arguments `target` and `output` must be at least rank 1. Received: target.shape=%s, "
                         "output.shape=%s" % (tuple(target.shape), tuple(output.shape)))
    _check_same_shape(target, output)
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = output / tf.math.reduce_sum(output, axis=axis, keepdims=True)
    output = tf.clip_by_value(output, _config.epsilon(), 1.0 - _config.epsilon())
    return -tf.math.reduce_sum(target * tf.math.log(output), axis=axis)


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """keras.ops.sparse_categorical_crossentropy: integer targets (a trailing axis of 1 allowed)."""
    output = convert_to_tensor(output)
    if axis != -1 and axis != len(output.shape) - 1:
        raise ValueError("Only axis=-1 is currently supported. Received: axis=%s" % (axis,))
    target = tf.cast(convert_to_tensor(target), "int64")
    if len(target.shape) == len(output.shape) and target.shape[-1] == 1:
        target = tf.squeeze(target, axis=[-1])
    if len(target.shape) != len(output.shape) - 1:
        raise ValueError("Argument `output` must have rank (ndim) `target.ndim - 1`. Received: target.shape=%s, "
                         "output.shape=%s" % (tuple(target.shape), tuple(output.shape)))
    if not from_logits:
        output = tf.math.log(tf.clip_by_value(output, _config.epsilon(), 1 - _config.epsilon()))
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)


def psnr(x1, x2, max_val):
    """keras.ops.psnr: the peak signal-to-noise ratio, in dB."""
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    if tuple(x1.shape) != tuple(x2.shape):
        raise ValueError("Input shapes %s and %s must match for PSNR calculation. " % (tuple(x1.shape),
                                                                                      tuple(x2.shape)))
    max_val = convert_to_tensor(max_val, x2.dtype)
    mse = tf.math.reduce_mean(tf.math.square(x1 - x2))
    log10 = tf.math.log(tf.constant(10.0, x2.dtype))
    return 20 * tf.math.log(max_val) / log10 - 10 * tf.math.log(mse) / log10


def polar(abs_, angle):
    """keras.ops.polar: the complex number of a magnitude and angle."""
    abs_, angle = convert_to_tensor(abs_), convert_to_tensor(angle)
    return tf.complex(abs_ * tf.math.cos(angle), abs_ * tf.math.sin(angle))


def depth_to_space(x, block_size, data_format="channels_last"):
    """keras.ops.depth_to_space."""
    return tf.nn.depth_to_space(convert_to_tensor(x), block_size,
                                data_format="NHWC" if data_format == "channels_last" else "NCHW")


def space_to_depth(x, block_size, data_format="channels_last"):
    """keras.ops.space_to_depth."""
    return tf.nn.space_to_depth(convert_to_tensor(x), block_size,
                                data_format="NHWC" if data_format == "channels_last" else "NCHW")

"""tf.keras.backend's batch_dot, cast and focal crossentropies, as Keras 3's legacy backend (which
TensorFlow 2.21's tf.keras.backend is) computes them."""

from .backend_tensor_functions import binary_crossentropy
from .config import epsilon as _epsilon


def _tf():
    import tfpp
    return tfpp


def cast(x, dtype):
    """tf.cast."""
    return _tf().cast(x, dtype)


def batch_dot(x, y, axes=None):
    """For each batch entry, the dot product of x and y over axes[0] of x and axes[1] of y (an int
    for both; by default x's last axis with y's last for a rank-2 y, else y's second-to-last)."""
    x_shape, y_shape = x.shape, y.shape
    x_ndim, y_ndim = len(x_shape), len(y_shape)
    if x_ndim < 2 or y_ndim < 2:
        raise ValueError(f"Cannot do batch_dot on inputs with rank < 2. Received inputs with tf.shapes {x_shape} "
                         f"and {y_shape}.")
    if x_shape[0] is not None and y_shape[0] is not None and x_shape[0] != y_shape[0]:
        raise ValueError(f"Cannot do batch_dot on inputs with different batch sizes. Received inputs with tf.shapes "
                         f"{x_shape} and {y_shape}.")
    if isinstance(axes, int):
        axes = [axes, axes]
    if axes is None:
        axes = [x_ndim - 1, y_ndim - 1] if y_ndim == 2 else [x_ndim - 1, y_ndim - 2]
    if any(isinstance(a, (list, tuple)) for a in axes):
        raise ValueError(f"Multiple target dimensions are not supported. Expected: None, int, (int, int), "
                         f"Provided: {axes}")
    axes = list(axes)
    if axes[0] < 0:
        axes[0] += x_ndim
    if axes[1] < 0:
        axes[1] += y_ndim
    if 0 in axes:
        raise ValueError("Cannot perform batch_dot over axis 0. If your inputs are not batched, add a dummy batch "
                         "dimension to your inputs using K.expand_dims(x, 0)")
    d1, d2 = x_shape[axes[0]], y_shape[axes[1]]
    if d1 is not None and d2 is not None and d1 != d2:
        raise ValueError(f"Cannot do batch_dot on inputs with tf.shapes {x_shape} and {y_shape} with axes={axes}. "
                         "x.shape[%d] != y.shape[%d] (%d != %d)." % (axes[0], axes[1], d1, d2))
    return _batch_matmul_over(x, y, axes[0], axes[1])


def _batch_matmul_over(x, y, x_axis, y_axis):
    """batch_dot's product once the axes are checked: x's axis moved last and y's to 1, both made
    rank 3 (rank 2 given a unit axis, more squashed), one matmul, then the shape restored."""
    tf = _tf()
    orig_x_ndim, orig_y_ndim = len(x.shape), len(y.shape)
    if orig_x_ndim == 2:
        x, x_axis = tf.expand_dims(x, 1), x_axis + 1
    if orig_y_ndim == 2:
        y = tf.expand_dims(y, 2)
    x_ndim, y_ndim = len(x.shape), len(y.shape)
    if x_axis != x_ndim - 1:
        x = tf.transpose(x, [a for a in range(x_ndim) if a != x_axis] + [x_axis])
    if y_axis != 1:
        y = tf.transpose(y, [0, y_axis] + [a for a in range(1, y_ndim) if a != y_axis])
    x_mid_dims = y_trail_dims = None
    if x_ndim > 3:
        x_shape = tf.shape(x)
        x_mid_dims = x_shape[1:-1]
        x = tf.reshape(x, tf.stack([x_shape[0], -1, x_shape[-1]]))
    if y_ndim > 3:
        y_shape = tf.shape(y)
        y_trail_dims = y_shape[2:]
        y = tf.reshape(y, tf.stack([y_shape[0], y_shape[1], -1]))
    result = tf.matmul(x, y)
    if x_mid_dims is not None or y_trail_dims is not None:
        output_shape = tf.shape(result)
        if x_mid_dims is not None:
            output_shape = tf.concat([output_shape[:1], x_mid_dims, output_shape[-1:]], 0)
        if y_trail_dims is not None:
            output_shape = tf.concat([output_shape[:-1], y_trail_dims], 0)
        result = tf.reshape(result, output_shape)
    if orig_x_ndim == 2:
        return tf.squeeze(result, 1)
    if orig_y_ndim == 2:
        return tf.squeeze(result, -1)
    return result


def binary_focal_crossentropy(target, output, apply_class_balancing=False, alpha=0.25, gamma=2.0, from_logits=False):
    """Binary crossentropy weighted by (1 - p_t) ** gamma, and by alpha for positives and 1 - alpha
    for negatives when apply_class_balancing."""
    tf = _tf()
    sigmoidal = tf.sigmoid(output) if from_logits else output
    p_t = target * sigmoidal + (1 - target) * (1 - sigmoidal)
    focal_bce = tf.pow(1.0 - p_t, gamma) * binary_crossentropy(target=target, output=output, from_logits=from_logits)
    if apply_class_balancing:
        focal_bce = (target * alpha + (1 - target) * (1 - alpha)) * focal_bce
    return focal_bce


def categorical_focal_crossentropy(target, output, alpha=0.25, gamma=2.0, from_logits=False, axis=-1):
    """Categorical crossentropy of output normalized over `axis`, each term weighted by
    alpha * (1 - output) ** gamma."""
    tf = _tf()
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    if not target.shape.is_compatible_with(output.shape):  # TensorShape.assert_is_compatible_with's error
        raise ValueError(f"Shapes {target.shape} and {output.shape} are incompatible")
    if from_logits:
        output = tf.nn.softmax(output, axis=axis)
    output = output / tf.reduce_sum(output, axis=axis, keepdims=True)
    epsilon = tf.convert_to_tensor(_epsilon(), output.dtype)
    output = tf.clip_by_value(output, epsilon, 1.0 - epsilon)
    cce = -target * tf.math.log(output)
    weighting_factor = tf.multiply(tf.pow(1.0 - output, gamma), alpha)
    return tf.reduce_sum(tf.multiply(weighting_factor, cce), axis=axis)

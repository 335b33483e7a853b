"""The Keras 2 convolution, pooling, padding, resizing and normalization functions tf.keras.backend
keeps in TensorFlow 2.21 (Keras 3's legacy backend): each checks its data_format ("channels_last" or
"channels_first", image_data_format() when None) and padding ("valid" or "same") as Keras does and
calls the tf.nn op it names with TensorFlow's layout names (NHWC, NCHW, ...)."""

from .backend_tensor_functions import permute_dimensions, repeat_elements, temporal_padding
from .config import image_data_format as _image_data_format

_CHANNELS_LAST = {1: "NWC", 2: "NHWC", 3: "NDHWC"}
_CHANNELS_FIRST = {1: "NCW", 2: "NCHW", 3: "NCDHW"}
_INTERPOLATIONS = ("area", "bicubic", "bilinear", "gaussian", "lanczos3", "lanczos5", "mitchellcubic", "nearest")


def _tf():
    import tfpp
    return tfpp


def _data_format(data_format):
    """data_format, image_data_format() when None; Keras' ValueError for any other name."""
    data_format = data_format or _image_data_format()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError(f"Unknown data_format: {data_format}")
    return data_format


def _tf_data_format(data_format, spatial_rank):
    """TensorFlow's layout name for a Keras data_format over `spatial_rank` spatial axes."""
    return (_CHANNELS_FIRST if data_format == "channels_first" else _CHANNELS_LAST)[spatial_rank]


def _padding(padding):
    if padding == "same":
        return "SAME"
    if padding == "valid":
        return "VALID"
    raise ValueError(f"Invalid padding: {padding}")


def _full_window(window, tf_data_format):
    """A spatial window (strides, pool size) with the batch and channels entries of 1 added."""
    window = tuple(window)
    return (1,) + window + (1,) if tf_data_format.endswith("C") else (1, 1) + window


# ---- convolutions -------------------------------------------------------------------------------

def conv1d(x, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """1D convolution; padding "causal" pads the start of the sequence by dilation_rate * (width - 1)."""
    data_format = _data_format(data_format)
    if padding == "causal":
        x = temporal_padding(x, (dilation_rate * (kernel.shape.as_list()[0] - 1), 0))
        padding = "valid"
    return _tf().nn.convolution(x, kernel, strides=strides, padding=_padding(padding),
                                data_format=_tf_data_format(data_format, 1), dilations=dilation_rate)


def conv2d(x, kernel, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)):
    """2D convolution."""
    data_format = _data_format(data_format)
    return _tf().nn.convolution(x, kernel, strides=strides, padding=_padding(padding),
                                data_format=_tf_data_format(data_format, 2), dilations=dilation_rate)


def conv3d(x, kernel, strides=(1, 1, 1), padding="valid", data_format=None, dilation_rate=(1, 1, 1)):
    """3D convolution."""
    data_format = _data_format(data_format)
    return _tf().nn.convolution(x, kernel, strides=strides, padding=_padding(padding),
                                data_format=_tf_data_format(data_format, 3), dilations=dilation_rate)


def conv2d_transpose(x, kernel, output_shape, strides=(1, 1), padding="valid", data_format=None,
                     dilation_rate=(1, 1)):
    """2D transposed convolution to `output_shape` (batch None: x's); a dilation runs channels-last
    through tf.nn.atrous_conv2d_transpose, which takes equal rates only."""
    tf = _tf()
    data_format = _data_format(data_format)
    # atrous_conv2d_transpose takes NHWC only: channels-first input is transposed around it.
    force_transpose = data_format == "channels_first" and dilation_rate != (1, 1)
    tf_data_format = "NHWC" if force_transpose else _tf_data_format(data_format, 2)
    if force_transpose:
        x = tf.transpose(x, (0, 2, 3, 1))
        output_shape = (output_shape[0], output_shape[2], output_shape[3], output_shape[1])
    if output_shape[0] is None:
        output_shape = (tf.shape(x)[0],) + tuple(output_shape[1:])
    if isinstance(output_shape, (tuple, list)):
        output_shape = tf.stack(list(output_shape))
    padding = _padding(padding)
    if dilation_rate == (1, 1):
        x = tf.nn.conv2d_transpose(x, kernel, output_shape, _full_window(strides, tf_data_format), padding=padding,
                                   data_format=tf_data_format)
    else:
        if dilation_rate[0] != dilation_rate[1]:
            raise ValueError("Expected the 2 dimensions of the `dilation_rate` argument to be equal to each other. "
                             f"Received: dilation_rate={dilation_rate}")
        x = tf.nn.atrous_conv2d_transpose(x, kernel, output_shape, rate=dilation_rate[0], padding=padding)
    return tf.transpose(x, (0, 3, 1, 2)) if force_transpose else x


def depthwise_conv2d(x, depthwise_kernel, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)):
    """2D depthwise convolution."""
    tf_data_format = _tf_data_format(_data_format(data_format), 2)
    padding = _padding(padding)
    return _tf().nn.depthwise_conv2d(x, depthwise_kernel, strides=_full_window(strides, tf_data_format),
                                     padding=padding, dilations=dilation_rate, data_format=tf_data_format)


def separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=(1, 1), padding="valid", data_format=None,
                     dilation_rate=(1, 1)):
    """2D depthwise convolution followed by a pointwise (1x1) one."""
    tf_data_format = _tf_data_format(_data_format(data_format), 2)
    if len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    padding = _padding(padding)
    return _tf().nn.separable_conv2d(x, depthwise_kernel, pointwise_kernel,
                                     strides=_full_window(strides, tf_data_format), padding=padding,
                                     dilations=dilation_rate, data_format=tf_data_format)


# ---- pooling ------------------------------------------------------------------------------------

def _pool(x, pool_size, strides, padding, tf_data_format, pool_mode, max_fn, avg_fn):
    padding = _padding(padding)
    strides, pool_size = _full_window(strides, tf_data_format), _full_window(pool_size, tf_data_format)
    if pool_mode == "max":
        return max_fn(x, pool_size, strides, padding=padding, data_format=tf_data_format)
    if pool_mode == "avg":
        return avg_fn(x, pool_size, strides, padding=padding, data_format=tf_data_format)
    raise ValueError(f"Invalid pooling mode: {str(pool_mode)}")


def pool2d(x, pool_size, strides=(1, 1), padding="valid", data_format=None, pool_mode="max"):
    """2D max ("max") or average ("avg") pooling."""
    tf_data_format = _tf_data_format(_data_format(data_format), 2)
    if len(pool_size) != 2:
        raise ValueError("`pool_size` must be a tuple of 2 integers.")
    if len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    return _pool(x, pool_size, strides, padding, tf_data_format, pool_mode, _tf().nn.max_pool, _tf().nn.avg_pool)


def pool3d(x, pool_size, strides=(1, 1, 1), padding="valid", data_format=None, pool_mode="max"):
    """3D max ("max") or average ("avg") pooling."""
    tf_data_format = _tf_data_format(_data_format(data_format), 3)
    return _pool(x, pool_size, strides, padding, tf_data_format, pool_mode, _tf().nn.max_pool3d,
                 _tf().nn.avg_pool3d)


# ---- padding and resizing -----------------------------------------------------------------------

def spatial_2d_padding(x, padding=((1, 1), (1, 1)), data_format=None):
    """Zeros before and after the rows and columns of a 4D tensor."""
    if len(padding) != 2 or len(padding[0]) != 2 or len(padding[1]) != 2:
        raise ValueError(f"Expected `padding` to be a tuple of 2 tuples of 2 integers. Received: padding={padding}")
    return _spatial_padding(x, padding, _data_format(data_format))


def spatial_3d_padding(x, padding=((1, 1), (1, 1), (1, 1)), data_format=None):
    """Zeros before and after the depth, rows and columns of a 5D tensor."""
    if len(padding) != 3 or any(len(p) != 2 for p in padding):
        raise ValueError(f"Expected `padding` to be a tuple of 3 tuples of 2 integers. Received: padding={padding}")
    return _spatial_padding(x, padding, _data_format(data_format))


def _spatial_padding(x, padding, data_format):
    spatial = [[p[0], p[1]] for p in padding]
    pattern = [[0, 0], [0, 0]] + spatial if data_format == "channels_first" else [[0, 0]] + spatial + [[0, 0]]
    return _tf().pad(x, pattern)


def resize_images(x, height_factor, width_factor, data_format, interpolation="nearest"):
    """A 4D tensor's rows and columns scaled by integer factors with tf.image.resize."""
    import numpy as np
    tf = _tf()
    if data_format == "channels_first":
        rows, cols = 2, 3
    elif data_format == "channels_last":
        rows, cols = 1, 2
    else:
        raise ValueError(f"Invalid `data_format` argument: {data_format}")
    new_shape = x.shape[rows:cols + 1]
    if new_shape.is_fully_defined():
        new_shape = tf.constant(new_shape.as_list(), dtype="int32")
    else:
        new_shape = tf.shape(x)[rows:cols + 1]
    new_shape *= tf.constant(np.array([height_factor, width_factor], dtype="int32"))
    if interpolation not in _INTERPOLATIONS:
        names = '"' + '", "'.join(_INTERPOLATIONS) + '"'
        raise ValueError(f'`interpolation` argument should be one of: {names}. Received: "{interpolation}".')
    if data_format == "channels_first":
        x = permute_dimensions(x, [0, 2, 3, 1])
    x = tf.image.resize(x, new_shape, method=interpolation)  # tf.image.ResizeMethod's values are these names
    return permute_dimensions(x, [0, 3, 1, 2]) if data_format == "channels_first" else x


def resize_volumes(x, depth_factor, height_factor, width_factor, data_format):
    """A 5D tensor's depth, rows and columns scaled by integer factors (each entry repeated)."""
    if data_format == "channels_first":
        first = 2
    elif data_format == "channels_last":
        first = 1
    else:
        raise ValueError(f"Invalid data_format: {data_format}")
    for axis, factor in enumerate((depth_factor, height_factor, width_factor), first):
        x = repeat_elements(x, factor, axis=axis)
    return x


# ---- normalization, dropout, top-k --------------------------------------------------------------

def batch_normalization(x, mean, var, beta, gamma, axis=-1, epsilon=1e-3):
    """(x - mean) / sqrt(var + epsilon) * gamma + beta (`axis` is not used, as in Keras)."""
    return _tf().nn.batch_normalization(x, mean, var, beta, gamma, epsilon)


def dropout(x, level, noise_shape=None, seed=None):
    """tf.nn.dropout at rate `level` (a seed from NumPy's generator when None)."""
    import numpy as np
    if seed is None:
        seed = np.random.randint(10e6)
    return _tf().nn.dropout(x, rate=level, noise_shape=noise_shape, seed=seed)


def in_top_k(predictions, targets, k):
    """Whether each target is among the k largest predictions of its row (v1 argument order)."""
    return _tf().math.in_top_k(targets=targets, predictions=predictions, k=k)
